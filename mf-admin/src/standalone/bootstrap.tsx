import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { language } from 'shared-events';
import AdminApp from '../AdminApp.tsx';

// The team's harness: the back office without the shell (npm start -w mf-admin, against the
// services of a running stack). Firebase keeps a sign-in per origin and the harness has no /login,
// so it signs in here: a user of the running stack granted a role with npm run staff.
async function signIn(form: HTMLFormElement): Promise<void> {
  const data = new FormData(form);
  const { staffSignIn } = await import('../access/firebaseAuth.ts');
  await staffSignIn.signIn(String(data.get('email')), String(data.get('password')));
  window.location.reload();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd', fontFamily: 'system-ui' }}>
      <strong>mf-admin (standalone)</strong>
      <Link to="/admin/orders">/admin/orders</Link>
      <Link to="/admin/products">/admin/products</Link>
      <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
        EN/RU
      </button>
      <form
        style={{ display: 'flex', gap: 8, marginLeft: 'auto' }}
        onSubmit={(event) => {
          event.preventDefault();
          signIn(event.currentTarget).catch((error: unknown) => window.alert(error instanceof Error ? error.message : String(error)));
        }}
      >
        <input name="email" type="email" placeholder="staff e-mail" aria-label="E-mail" required />
        <input name="password" type="password" placeholder="password" aria-label="Password" required />
        <button type="submit">Sign in</button>
      </form>
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin/orders" replace />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
