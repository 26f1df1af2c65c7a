import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { bus, cart, language, translationsReady } from 'shared-events';
import CheckoutPage from '../checkout-page/CheckoutPage.tsx';

// The team's harness: this remote's screens without the shell, for working on them alone
// (npm start -w mf-checkout, against the services of a running stack). The buttons stand in for
// the other remotes: fill the cart from the catalogue, sign a shopper in or out, switch language.

async function seedCart(): Promise<void> {
  const response = await fetch('/api/catalog/products?limit=3');
  const { products } = (await response.json()) as { products: unknown[] };
  cart.replace(products.map((product) => ({ ...(product as object), qun: 1 })));
}

const signIn = () => bus.publish({ type: 'auth:changed', v: 1, user: { uid: 'harness-user', email: 'shopper@example.com', displayName: 'Sam' } });
const signOut = () => bus.publish({ type: 'auth:changed', v: 1, user: null });

const bar = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: 12, borderBottom: '1px solid #ddd' } as const;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The screens' strings in the page's language first, as the shell waits for them.
await translationsReady();
createRoot(root).render(
  <BrowserRouter>
    <header style={bar}>
      <strong>mf-checkout (standalone)</strong>
      <Link to="/checkout">/checkout</Link>
      <button type="button" onClick={() => void seedCart()}>
        Seed cart (3 products)
      </button>
      <button type="button" onClick={() => cart.clear()}>
        Empty cart
      </button>
      <button type="button" onClick={() => sessionStorage.setItem('coupon', 'SAVE10')}>
        Coupon SAVE10
      </button>
      <button type="button" onClick={signIn}>
        Sign in (demo)
      </button>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
      <button type="button" onClick={() => language.set(language.current === 'en' ? 'ru' : 'en')}>
        EN / RU
      </button>
    </header>
    <main style={{ padding: 16, maxWidth: 1240, margin: '0 auto' }}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="*" element={<Link to="/checkout">Go to /checkout</Link>} />
      </Routes>
    </main>
  </BrowserRouter>,
);
