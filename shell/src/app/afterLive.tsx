import { Suspense, use, type ComponentType } from 'react';
import { whenLive } from './liveMark.ts';

// The header's category menu and the footer are on every page but add nothing to it before it is
// live: the server renders both, the menu's button is disabled until it hydrates and the footer's
// links work as plain links until it does. Their code is one chunk that the browser asks for once
// the page is live, which keeps it out of every route's first-load JavaScript; the server's markup
// stays as it is until then (React leaves a boundary whose code is missing dehydrated), so nothing
// moves. The server loads the chunk before it renders. Its stylesheet is linked by the page's head
// (page-styles.json, shell/webpack.config.ts).

type Parts = { CategoryMenu: ComponentType; Footer: ComponentType };

/** A page whose screen never arrives still gets its menu and footer, this long after the start. */
const LIVE_CAP_MS = 5000;

let parts: Parts | undefined;
let arriving: Promise<Parts> | undefined;

async function importParts(): Promise<Parts> {
  const [{ CategoryMenu }, { Footer }] = await Promise.all([
    import(/* webpackChunkName: "after-live" */ '../header/CategoryMenu.tsx'),
    import(/* webpackChunkName: "after-live" */ '../footer/Footer.tsx'),
  ]);
  parts = { CategoryMenu, Footer };
  return parts;
}

function partsArriving(): Promise<Parts> {
  if (typeof document === 'undefined') return (arriving ??= importParts());
  arriving ??= Promise.race([whenLive(), new Promise<void>((resolve) => setTimeout(resolve, LIVE_CAP_MS))])
    .then(importParts)
    .catch((error: unknown) => {
      // Without its chunk (offline, the build gone) a part keeps the server's markup, whose links
      // work as plain links; an error here would take the whole page down instead.
      console.error('The category menu and the footer could not be loaded', error);
      return new Promise<never>(() => {});
    });
  return arriving;
}

/** Loads the chunk now: the server render, before it renders a page. */
export async function preloadAfterLive(): Promise<void> {
  await partsArriving();
}

function Part({ name }: { name: keyof Parts }) {
  const Component = (parts ?? use(partsArriving()))[name];
  return <Component />;
}

/** The header's category menu, its code loaded once the page is live. */
export function CategoryMenuAfterLive() {
  return (
    <Suspense fallback={null}>
      <Part name="CategoryMenu" />
    </Suspense>
  );
}

/** The footer, its code loaded once the page is live (it hydrates later still, see App). */
export function FooterAfterLive() {
  return <Part name="Footer" />;
}
