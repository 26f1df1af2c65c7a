import { useEffect, useState, type ComponentType } from 'react';
import { matchRoute, type ShellPage } from './routeManifest.ts';

// The shell's own pages (Contact, About, Journal) are chunks of their own: no other page loads their
// code. The page a shopper starts on is loaded before the first render (the server render and
// bootstrap call preloadShellPage), so it renders at once and hydrates the server's markup as it is;
// one reached by navigation renders when its chunk arrives.

const loaders: Record<ShellPage, () => Promise<ComponentType>> = {
  contact: async () => (await import(/* webpackChunkName: "page-contact" */ '../pages/contact/ContactPage.tsx')).ContactPage,
  about: async () => (await import(/* webpackChunkName: "page-about" */ '../pages/about/AboutPage.tsx')).AboutPage,
  journal: async () => (await import(/* webpackChunkName: "page-journal" */ '../pages/journal/JournalPage.tsx')).JournalPage,
};

const loaded = new Map<ShellPage, ComponentType>();

async function loadShellPage(page: ShellPage): Promise<ComponentType> {
  let Page = loaded.get(page);
  if (!Page) {
    Page = await loaders[page]();
    loaded.set(page, Page);
  }
  return Page;
}

/** Loads the code of the shell page at `pathname`, if it is one: before the first render of that address. */
export async function preloadShellPage(pathname: string): Promise<void> {
  const route = matchRoute(pathname);
  if (route && 'page' in route) await loadShellPage(route.page);
}

/** A shell page: at once when its code is here, otherwise once it has arrived. */
export function ShellPageSlot({ page }: { page: ShellPage }) {
  const [Page, setPage] = useState(() => loaded.get(page));
  useEffect(() => {
    if (Page) return;
    let current = true;
    loadShellPage(page).then(
      (arrived) => current && setPage(() => arrived),
      // Its own chunk missing means the shell's build is gone or the shopper is offline: the next visit tries again.
      (error: unknown) => console.error(`The ${page} page could not be loaded`, error),
    );
    return () => {
      current = false;
    };
  }, [page, Page]);
  return Page ? <Page /> : null;
}
