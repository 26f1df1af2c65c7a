import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { HydrateLater, markBusInstance, useCompareIds } from 'shared-events/react';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { Header } from '../header/Header.tsx';
import { Footer } from '../footer/Footer.tsx';
import { Breadcrumb } from '../breadcrumb/Breadcrumb.tsx';
import { Toasts } from '../toasts/Toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { appRoutes } from './routes.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { noteLive } from './liveMark.ts';
import { matchRoute } from './routeManifest.ts';
import styles from './App.module.css';

export function App() {
  const t = useT();
  const { pathname } = useLocation();
  useDocumentTitle();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    const route = matchRoute(window.location.pathname);
    noteLive('shell', { screenExpected: route !== undefined && 'owner' in route });
  }, []);

  return (
    <div className={styles.page} ref={markBusInstance}>
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
      <CompareTraySpace />
      {/* Below every page's fold: hydrated when near the viewport, on idle or at the first input. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <Toasts />
    </div>
  );
}

/**
 * mf-catalog's compare tray, loaded only while the shopper compares; this box keeps the footer clear
 * of the fixed bar. Its own component, so the compare list (known only in the browser) re-renders
 * this box when hydration meets it, not the whole page. The tray is for getting to /compare; on
 * /compare the page itself shows the products.
 */
function CompareTraySpace() {
  const { pathname } = useLocation();
  const comparing = useCompareIds().length > 0 && pathname.toLowerCase().replace(/\/$/, '') !== '/compare';
  if (!comparing) return null;
  return (
    <div className={styles.traySpace}>
      <RemoteSlot remote="catalog" exposed="CompareTray" variant="widget" deferred />
    </div>
  );
}
