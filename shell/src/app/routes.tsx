import type { ReactElement } from 'react';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { ContactPage } from '../pages/contact/ContactPage.tsx';
import { AboutPage } from '../pages/about/AboutPage.tsx';
import { JournalPage } from '../pages/journal/JournalPage.tsx';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.tsx';
import { routeManifest, type ShellPage } from './routeManifest.ts';

export type AppRoute = { path: string; element: ReactElement };

const shellPages: Record<ShellPage, () => ReactElement> = {
  contact: () => <ContactPage />,
  about: () => <AboutPage />,
  journal: () => <JournalPage />,
};

/** Every route of the manifest with what renders it, then the not-found page for anything else. */
export const appRoutes: AppRoute[] = [
  ...routeManifest.map((entry) => ({
    path: entry.path,
    element: 'owner' in entry ? <RemoteSlot remote={entry.owner.remote} exposed={entry.owner.exposed} /> : shellPages[entry.page](),
  })),
  { path: '*', element: <NotFoundPage /> },
];
