import type { ReactElement } from 'react';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.tsx';
import { routeManifest } from './routeManifest.ts';
import { ShellPageSlot } from './shellPages.tsx';

export type AppRoute = { path: string; element: ReactElement };

/** Every route of the manifest with what renders it, then the not-found page for anything else. */
export const appRoutes: AppRoute[] = [
  ...routeManifest.map((entry) => ({
    path: entry.path,
    element: 'owner' in entry ? <RemoteSlot remote={entry.owner.remote} exposed={entry.owner.exposed} /> : <ShellPageSlot key={entry.page} page={entry.page} />,
  })),
  { path: '*', element: <NotFoundPage /> },
];
