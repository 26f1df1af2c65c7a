import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { bus } from 'shared-events';
import { loginPath } from './access/access.ts';
import { useStaffAccess } from './access/useStaffAccess.ts';
import { useT } from './i18n/useT.ts';
import FiguresPage from './figures/FiguresPage.tsx';
import OrderPage from './order/OrderPage.tsx';
import OrdersPage from './orders/OrdersPage.tsx';
import ImportPage from './imports/ImportPage.tsx';
import ProductFormPage from './products/ProductFormPage.tsx';
import ProductsPage from './products/ProductsPage.tsx';
import styles from './AdminApp.module.css';

/**
 * The back office (/admin/*): the shell routes every address under /admin here, and this routes
 * within it. The check of the role here only chooses a helpful screen; the staff API checks it on
 * every call.
 */
export default function AdminApp() {
  const t = useT();
  const location = useLocation();
  const { state, retry } = useStaffAccess();

  let body;
  if (state.phase === 'checking') {
    body = (
      <p className={styles.notice} role="status">
        {t('access.checking')}
      </p>
    );
  } else if (state.phase === 'failed') {
    body = (
      <div className={styles.notice} role="alert">
        <p>{t('access.failed', { message: state.message })}</p>
        <button type="button" className={styles.button} onClick={retry}>
          {t('access.retry')}
        </button>
      </div>
    );
  } else if (state.access.kind === 'signed-out') {
    body = (
      <div className={styles.notice}>
        <p>{t('access.signedOut')}</p>
        <Link className={styles.button} to={loginPath(`${location.pathname}${location.search}`)}>
          {t('access.signIn')}
        </Link>
      </div>
    );
  } else if (state.access.kind === 'shopper') {
    body = (
      <div className={styles.notice} role="alert">
        <h2 className={styles.deniedTitle}>{t('access.denied')}</h2>
        <p>{t('access.deniedHint')}</p>
      </div>
    );
  } else {
    const { api, catalog } = state;
    const { role } = state.access;
    body = (
      <Routes>
        <Route index element={<Navigate to="orders" replace />} />
        <Route path="orders" element={<OrdersPage api={api} />} />
        <Route path="orders/:id" element={<OrderPage api={api} staffRole={role} />} />
        <Route path="products" element={<ProductsPage catalog={catalog} />} />
        <Route path="products/import" element={<ImportPage catalog={catalog} />} />
        <Route path="products/:id" element={<ProductFormPage catalog={catalog} />} />
        <Route path="figures" element={<FiguresPage api={api} />} />
        <Route path="*" element={<Navigate to="orders" replace />} />
      </Routes>
    );
  }

  return (
    <div className={styles.app} data-remote="admin" data-bus-id={bus.instanceId}>
      <header className={styles.bar}>
        <p className={styles.brand}>{t('app.title')}</p>
        {state.phase === 'ready' && state.access.kind === 'staff' && (
          <nav className={styles.nav} aria-label={t('app.nav')}>
            <Link to="/admin/orders" aria-current={location.pathname.startsWith('/admin/orders') ? 'page' : undefined}>
              {t('app.orders')}
            </Link>
            <Link to="/admin/products" aria-current={location.pathname.startsWith('/admin/products') ? 'page' : undefined}>
              {t('app.products')}
            </Link>
            <Link to="/admin/figures" aria-current={location.pathname.startsWith('/admin/figures') ? 'page' : undefined}>
              {t('app.figures')}
            </Link>
          </nav>
        )}
        {state.phase === 'ready' && state.access.kind !== 'signed-out' && <span className={styles.who}>{state.access.email}</span>}
      </header>
      {body}
    </div>
  );
}
