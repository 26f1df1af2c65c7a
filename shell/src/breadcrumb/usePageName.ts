import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { breadcrumb, renderScope } from 'shared-events';

/**
 * What the screen on show calls the current page, if it said: the last name given to the
 * `breadcrumb` store (`breadcrumb.navigate`) while this path is shown (the product page gives the
 * product's title), or the name the page was rendered with on the server, so the first paint
 * already shows it.
 */
export function usePageName(): string | undefined {
  const { pathname } = useLocation();
  const [named, setNamed] = useState<{ pathname: string; name: string } | null>(() => {
    const { pageName } = renderScope();
    return pageName ? { pathname, name: pageName } : null;
  });

  useEffect(() => {
    return breadcrumb.subscribe(({ currentname }) => {
      const shown = { pathname: window.location.pathname, name: currentname };
      // The same name again (a server-rendered product page announcing the title it was rendered
      // with) keeps the state, so the layout around the page is not rendered again for nothing.
      setNamed((current) => (current?.pathname === shown.pathname && current.name === shown.name ? current : shown));
    });
  }, []);

  return named?.pathname === pathname && named.name ? named.name : undefined;
}
