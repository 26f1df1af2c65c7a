import { Component, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import { afterPageLoad } from './afterPageLoad.ts';
import { loadComponent, resetRemote, type ExposedComponent } from './federation.ts';
import { PreloadedScreens, screenKey } from './preloadedScreens.ts';
import type { RemoteName } from './remoteConfig.ts';
import { noteLive } from '../app/liveMark.ts';
import styles from './RemoteSlot.module.css';

type Props = {
  remote: RemoteName;
  exposed: string;
  /** 'page' reserves room for a whole screen; 'widget' is a small header control. */
  variant?: 'page' | 'widget';
  /** Load only after the page has loaded (header widgets: the route's screen goes first). */
  deferred?: boolean;
};

type Load = { state: 'loading' } | { state: 'ready'; Component: ExposedComponent } | { state: 'failed'; error: Error };

/**
 * Where a remote's screen or widget goes. The shell never lets a remote take the page down: a
 * remote that cannot load, or throws while rendering, is replaced by a translated fallback with a
 * retry, and every other part of the page keeps working.
 */
export function RemoteSlot({ remote, exposed, variant = 'page', deferred = false }: Props) {
  const preloaded = useContext(PreloadedScreens).get(screenKey(remote, exposed));
  const [load, setLoad] = useState<Load>(() => (preloaded ? { state: 'ready', Component: preloaded } : { state: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  // A screen the page started with needs no loading.
  const started = useRef(Boolean(preloaded));

  useEffect(() => {
    if (started.current) {
      started.current = false;
      return;
    }
    let live = true;
    setLoad({ state: 'loading' });
    const ready = deferred && attempt === 0 ? afterPageLoad() : Promise.resolve();
    const reset = attempt > 0 ? resetRemote(remote) : Promise.resolve();
    Promise.all([ready, reset])
      .then(() => loadComponent(remote, exposed))
      .then((Loaded) => live && setLoad({ state: 'ready', Component: Loaded }))
      .catch((error: unknown) => {
        if (!live) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        setLoad({ state: 'failed', error: failure });
      });
    return () => {
      live = false;
    };
  }, [remote, exposed, attempt, deferred]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (load.state === 'loading') return <SlotLoading variant={variant} />;
  if (load.state === 'failed') return <SlotFailed remote={remote} variant={variant} onRetry={retry} />;
  return (
    <SlotBoundary key={attempt} fallback={<SlotFailed remote={remote} variant={variant} onRetry={retry} />}>
      {/* A screen that fails in the server render is rendered in the browser instead: React sends
          this boundary's fallback from the server and retries the screen once the page hydrates. */}
      <Suspense fallback={<SlotLoading variant={variant} />}>
        <load.Component />
        {variant === 'page' && <ScreenLive />}
      </Suspense>
    </SlotBoundary>
  );
}

/** Beside a page's screen, inside its Suspense boundary: its effect runs once the screen itself has rendered. */
function ScreenLive() {
  useEffect(() => noteLive('screen'), []);
  return null;
}

function SlotLoading({ variant }: { variant: 'page' | 'widget' }) {
  const t = useT();
  return (
    <div className={variant === 'page' ? styles.pageLoading : styles.widgetLoading} role="status" aria-live="polite">
      <span className={styles.visuallyHidden}>{t('slot.loading')}</span>
    </div>
  );
}

function SlotFailed({ remote, variant, onRetry }: { remote: RemoteName; variant: 'page' | 'widget'; onRetry: () => void }) {
  const t = useT();
  const part = t(`slot.part.${remote}`);
  // A page whose screen cannot load is live with its fallback: the shopper can retry or go elsewhere.
  useEffect(() => {
    if (variant === 'page') noteLive('screen');
  }, [variant]);
  if (variant === 'widget') {
    return (
      <button type="button" className={styles.widgetFailed} onClick={onRetry} title={t('slot.failed', { part })}>
        {t('slot.retry')}
      </button>
    );
  }
  return (
    <section className={styles.pageFailed} role="alert" data-remote-failed={remote}>
      <h1>{t('slot.failedTitle')}</h1>
      <p>{t('slot.failed', { part })}</p>
      <button type="button" className={styles.retryButton} onClick={onRetry}>
        {t('slot.retry')}
      </button>
    </section>
  );
}

type BoundaryProps = { fallback: ReactNode; children: ReactNode };

class SlotBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error('A remote failed while rendering', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
