import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { bus, language, translationsReady } from 'shared-events';
import LoginPage from '../login/LoginPage.tsx';
import SignUpPage from '../sign-up/SignUpPage.tsx';
import MyAccountPage from '../my-account/MyAccountPage.tsx';
import UserPage from '../user/UserPage.tsx';
import ResetPasswordPage from '../reset-password/ResetPasswordPage.tsx';
import AccountMenu from '../account-menu/AccountMenu.tsx';

/** The shell shows toasts; alone, the harness lists them so the team sees what the screens ask for. */
function HarnessToasts() {
  const [toasts, setToasts] = useState<Array<{ id: number; text: string }>>([]);
  useEffect(() => {
    let next = 0;
    const subscription = bus.on('toast:requested').subscribe((event) => {
      const id = next++;
      setToasts((current) => [...current, { id, text: `${event.position ?? 'top-right'} · ${event.message}` }]);
      setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), event.durationMs ?? 2500);
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <div role="status" aria-live="polite" style={{ position: 'fixed', bottom: 12, right: 12, display: 'grid', gap: 8 }}>
      {toasts.map((toast) => (
        <div key={toast.id} style={{ background: '#1f3a5f', color: '#fff', padding: '8px 12px', borderRadius: 8 }}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}

// The team's harness: this remote's screens without the shell, for working on them alone.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The screens' strings in the page's language first, as the shell waits for them.
await translationsReady();
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-account (standalone)</strong>
      <nav style={{ display: 'flex', gap: 12 }}>
        <Link to="/login">/login</Link>
        <Link to="/sign-up">/sign-up</Link>
        <Link to="/my-account">/my-account</Link>
        <Link to="/user">/user</Link>
      </nav>
      <span style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
        <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
          EN/RU
        </button>
        <AccountMenu />
      </span>
    </header>
    <main style={{ padding: 16, maxWidth: 1240, margin: '0 auto' }}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/sign-up" element={<SignUpPage />} />
        <Route path="/my-account" element={<MyAccountPage />} />
        <Route path="/user" element={<UserPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </main>
    <HarnessToasts />
  </BrowserRouter>,
);
