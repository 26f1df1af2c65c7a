import type { ReactElement } from 'react';
import { RemoteSlot } from '../remotes/RemoteSlot.tsx';
import { ContactPage } from '../pages/contact/ContactPage.tsx';
import { AboutPage } from '../pages/about/AboutPage.tsx';
import { JournalPage } from '../pages/journal/JournalPage.tsx';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.tsx';

export type AppRoute = { path: string; element: ReactElement };

/** Every route of the spec and who owns it. */
export const appRoutes: AppRoute[] = [
  { path: '/', element: <RemoteSlot remote="catalog" exposed="HomePage" /> },
  { path: '/shop', element: <RemoteSlot remote="catalog" exposed="ShopPage" /> },
  { path: '/shop/:id', element: <RemoteSlot remote="catalog" exposed="ProductPage" /> },
  { path: '/search', element: <RemoteSlot remote="catalog" exposed="SearchPage" /> },
  { path: '/cart-list', element: <RemoteSlot remote="cart" exposed="CartPage" /> },
  { path: '/login', element: <RemoteSlot remote="account" exposed="LoginPage" /> },
  { path: '/sign-up', element: <RemoteSlot remote="account" exposed="SignUpPage" /> },
  { path: '/my-account', element: <RemoteSlot remote="account" exposed="MyAccountPage" /> },
  { path: '/user', element: <RemoteSlot remote="account" exposed="UserPage" /> },
  { path: '/checkout', element: <RemoteSlot remote="checkout" exposed="CheckoutPage" /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/journal', element: <JournalPage /> },
  { path: '*', element: <NotFoundPage /> },
];
