import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { bus, language, translationsReady } from 'shared-events';
import HomePage from '../home/HomePage.tsx';
import ShopPage from '../shop/ShopPage.tsx';
import ProductPage from '../product/ProductPage.tsx';
import SearchPage from '../search/SearchPage.tsx';
import SearchBox from '../search-box/SearchBox.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone. It shows
// the toasts the screens ask for and offers the language switch, which the shell owns in the shop.

function Toasts() {
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    let next = 0;
    const subscription = bus.on('toast:requested').subscribe((event) => {
      const id = next++;
      setMessages((current) => [...current, { id, text: event.message }]);
      setTimeout(() => setMessages((current) => current.filter((m) => m.id !== id)), event.durationMs ?? 2500);
    });
    return () => subscription.unsubscribe();
  }, []);
  return (
    <div role="status" aria-live="polite" style={{ position: 'fixed', right: 16, top: 16, display: 'grid', gap: 8, zIndex: 100 }}>
      {messages.map((m) => (
        <div key={m.id} style={{ background: '#1f3a5f', color: '#fff', padding: '10px 14px', borderRadius: 8 }}>
          {m.text}
        </div>
      ))}
    </div>
  );
}

function LanguageSwitch() {
  const current = useSyncExternalStore(language.subscribe, () => language.current);
  return (
    <button type="button" onClick={() => language.set(current === 'en' ? 'ru' : 'en')}>
      {current === 'en' ? 'RU' : 'EN'}
    </button>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The screens' strings in the page's language first, as the shell waits for them.
await translationsReady();
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-catalog (standalone)</strong>
      <nav style={{ display: 'flex', gap: 12 }}>
        <Link to="/">Home</Link>
        <Link to="/shop">Shop</Link>
      </nav>
      <div style={{ flex: 1 }}>
        <SearchBox />
      </div>
      <LanguageSwitch />
    </header>
    <main style={{ maxWidth: 1240, margin: '0 auto', padding: 16 }}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/shop" element={<ShopPage />} />
        <Route path="/shop/:id" element={<ProductPage />} />
        <Route path="/search" element={<SearchPage />} />
      </Routes>
    </main>
    <Toasts />
  </BrowserRouter>,
);
