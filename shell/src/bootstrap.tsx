import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { translationsReady } from 'shared-events';
import { preloadShellPage } from './app/shellPages.tsx';
import { loadComponent, type ExposedComponent } from './remotes/federation.ts';
import { PreloadedScreens } from './remotes/preloadedScreens.ts';
import { startVitals } from './vitals/startVitals.ts';

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

/** Ends the current task, so the browser can paint and handle input before the next piece of start-up. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The shell's own tree (its components, shared-events, the bus contract), evaluated in a task of its
 * own after React's: one long start-up task becomes two. Eager: it is in this chunk, no request.
 */
const loadApp = async () => (await import(/* webpackMode: "eager" */ './app/App.tsx')).App;

/**
 * The page's words: the shell's and the screen's catalogues in the page's language (they started
 * loading with their modules). A catalogue that cannot load is not worth a blank page: the part shows
 * its keys until the shopper reloads.
 */
const wordsLoaded = () => translationsReady().catch((error: unknown) => console.error('A catalogue of strings could not be loaded', error));

async function start(container: HTMLElement): Promise<void> {
  // A shell page's own chunk (Contact, About, Journal), asked for with the rest of start-up.
  const pageLoaded = preloadShellPage(location.pathname).catch((error: unknown) => console.error('The page could not be loaded', error));
  if (container.dataset.rendered !== 'server') {
    const App = await loadApp();
    await pageLoaded;
    await wordsLoaded();
    createRoot(container).render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    return;
  }
  // The page arrived rendered: load the screen it shows before hydrating, so the first render in
  // the browser is the same as the server's (a screen that cannot load is rendered afresh instead).
  // Its requests go out first; the shell's tree is evaluated while they travel.
  const preloaded = new Map<string, ExposedComponent>();
  const screen = serverScreen();
  let screenLoaded = Promise.resolve();
  if (screen) {
    const [remote, exposed] = screen.split('/') as [Parameters<typeof loadComponent>[0], string];
    screenLoaded = loadComponent(remote, exposed).then(
      (component) => void preloaded.set(screen, component),
      (error: unknown) => console.error(`${screen} could not be loaded; the page is rendered afresh`, error),
    );
  }
  await yieldToBrowser();
  const App = await loadApp();
  await screenLoaded;
  await pageLoaded;
  await wordsLoaded();
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
startVitals(location.pathname);
