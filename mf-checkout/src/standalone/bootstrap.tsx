import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import CheckoutPage from '../checkout-page/CheckoutPage.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-checkout (standalone)</strong> 
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
