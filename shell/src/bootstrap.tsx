import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App.tsx';
import { loadComponent, type ExposedComponent } from './remotes/federation.ts';
import { PreloadedScreens } from './remotes/preloadedScreens.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The remote screen the server rendered into the page ('catalog/ProductPage'), if it did. */
function serverScreen(): string | null {
  try {
    const data = JSON.parse(document.getElementById('route-data')?.textContent ?? '{}') as { screen?: unknown };
    return typeof data.screen === 'string' && /^[a-z]+\/[A-Za-z]+$/.test(data.screen) ? data.screen : null;
  } catch {
    return null;
  }
}

async function start(container: HTMLElement): Promise<void> {
  if (container.dataset.rendered !== 'server') {
    createRoot(container).render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    return;
  }
  // The page arrived rendered: load the screen it shows before hydrating, so the first render in
  // the browser is the same as the server's (a screen that cannot load is rendered afresh instead).
  const preloaded = new Map<string, ExposedComponent>();
  const screen = serverScreen();
  if (screen) {
    const [remote, exposed] = screen.split('/') as [Parameters<typeof loadComponent>[0], string];
    await loadComponent(remote, exposed).then(
      (component) => preloaded.set(screen, component),
      (error: unknown) => console.error(`${screen} could not be loaded; the page is rendered afresh`, error),
    );
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page in one task: the page is painted already, and controls that need
  // script stay disabled until it is done (useHydrated).
  startTransition(() => {
    hydrateRoot(
      container,
      <PreloadedScreens.Provider value={preloaded}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PreloadedScreens.Provider>,
    );
  });
}

void start(root);
