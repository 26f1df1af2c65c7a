import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageName } from '../breadcrumb/usePageName.ts';
import { useT } from '../i18n/useT.ts';
import { pageTitle } from './pageTitle.ts';

/** Keeps the tab's title on the page shown, in the shopper's language, as they move around the shop. */
export function useDocumentTitle(): void {
  const t = useT();
  const { pathname, search } = useLocation();
  const name = usePageName();
  useEffect(() => {
    document.title = pageTitle(t, pathname, new URLSearchParams(search), name);
  }, [t, pathname, search, name]);
}
