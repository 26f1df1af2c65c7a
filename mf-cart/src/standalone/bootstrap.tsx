import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import CartPage from '../cart-page/CartPage.tsx';
import MiniCart from '../mini-cart/MiniCart.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-cart (standalone)</strong> <MiniCart />
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/cart-list" element={<CartPage />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
