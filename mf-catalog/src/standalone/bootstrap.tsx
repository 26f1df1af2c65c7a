import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import HomePage from '../home/HomePage.tsx';
import ShopPage from '../shop/ShopPage.tsx';
import ProductPage from '../product/ProductPage.tsx';
import SearchPage from '../search/SearchPage.tsx';
import SearchBox from '../search-box/SearchBox.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', gap: 16, padding: 12, borderBottom: '1px solid #ddd' }}>
      <strong>mf-catalog (standalone)</strong> <SearchBox />
    </header>
    <main style={{ padding: 16 }}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/shop" element={<ShopPage />} />
        <Route path="/shop/:id" element={<ProductPage />} />
        <Route path="/search" element={<SearchPage />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
