import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useBusInstanceId, useCompareIds } from 'shared-events/react';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { Header } from '../header/Header.tsx';
import { Footer } from '../footer/Footer.tsx';
import { Breadcrumb } from '../breadcrumb/Breadcrumb.tsx';
import { Toasts } from '../toasts/Toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { appRoutes } from './routes.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { LIVE_MARK } from './liveMark.ts';
import styles from './App.module.css';

export function App() {
  const t = useT();
  const busId = useBusInstanceId();
  const { pathname } = useLocation();
  useDocumentTitle();
  // The tray is for getting to /compare; on /compare the page itself shows the products.
  const comparing = useCompareIds().length > 0 && pathname.toLowerCase().replace(/\/$/, '') !== '/compare';

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    performance.mark(LIVE_MARK);
  }, []);

  return (
    <div className={styles.page} data-bus-id={busId}>
      <a className={styles.skipLink} href="#main">
        {t('a11y.skip')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Breadcrumb />
        <Routes>
          {appRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
        </Routes>
      </main>
      {/* The tray is mf-catalog's; it is loaded only while the shopper compares, and this box keeps
          the footer clear of the fixed bar. */}
      {comparing ? (
        <div className={styles.traySpace}>
          <RemoteSlot remote="catalog" exposed="CompareTray" variant="widget" deferred />
        </div>
      ) : null}
      <Footer />
      <Toasts />
    </div>
  );
}
