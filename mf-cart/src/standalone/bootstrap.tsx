import { registerRemotes } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { cart, language, translationsReady } from 'shared-events';
import CartPage from '../cart-page/CartPage.tsx';
import MiniCart from '../mini-cart/MiniCart.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone.
// "Add a sample" puts a product from the running stack's catalogue into the shared cart.
async function addSample(): Promise<void> {
  const skip = Math.floor(Math.random() * 20);
  const response = await fetch(`/api/catalog/products?limit=1&skip=${skip}`);
  const body = (await response.json()) as { products?: unknown[] };
  const product = body.products?.[0];
  if (product) cart.add(product as Parameters<typeof cart.add>[0], 'cart/standalone');
}

// The cart page checks coupons with the checkout remote's client: in the shell that remote is the
// shell's to register; here the harness registers the running storefront's checkout (its /remotes.json).
// That checkout is a production build, which takes the federation runtime from its host instead of
// carrying its own (tools/webpack/remoteConfig.ts): the shell provides it, so here the harness does.
async function registerCheckout(): Promise<void> {
  (runtimeCore.Global as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore })._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  const response = await fetch('/remotes.json');
  const { remotes } = (await response.json()) as { remotes?: Record<string, string> };
  if (remotes?.checkout) registerRemotes([{ name: 'checkout', entry: remotes.checkout }]);
}
registerCheckout().catch((error: unknown) => console.warn('mf-cart harness: no checkout remote, coupons will say the service is unavailable', error));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The screens' strings in the page's language first, as the shell waits for them.
await translationsReady();
createRoot(root).render(
  <BrowserRouter>
    <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: 12, borderBottom: '1px solid #ddd', fontFamily: 'system-ui' }}>
      <strong>mf-cart (standalone)</strong>
      <Link to="/cart-list">/cart-list</Link>
      <button type="button" onClick={() => void addSample()}>
        Add a sample
      </button>
      <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
        EN/RU
      </button>
      <span style={{ marginLeft: 'auto' }}>
        <MiniCart />
      </span>
    </header>
    <main style={{ padding: 16, maxWidth: 1240, margin: '0 auto', fontFamily: 'system-ui' }}>
      <Routes>
        <Route path="/cart-list" element={<CartPage />} />
        <Route path="*" element={<Navigate to="/cart-list" replace />} />
      </Routes>
    </main>
  </BrowserRouter>,
);
