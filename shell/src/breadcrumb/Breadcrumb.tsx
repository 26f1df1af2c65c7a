import { Link, useLocation } from 'react-router-dom';
import { crumbName } from '../app/routeManifest.ts';
import { useT } from '../i18n/useT.ts';
import { breadcrumbTrail } from './pathName.ts';
import { usePageName } from './usePageName.ts';
import styles from './Breadcrumb.module.css';

/**
 * Home > path name (or the name the route manifest gives it: the back office's screens). A screen may name the current page better than its address does (the product
 * page gives the product's title): the last name given to the `breadcrumb` store while this path
 * is shown replaces the last segment.
 */
export function Breadcrumb() {
  const t = useT();
  const { pathname } = useLocation();
  const named = usePageName();

  const trail = breadcrumbTrail(pathname, (to) => {
    const key = crumbName(to);
    return key && t(key);
  });
  if (trail.length === 0) return null;
  const last = trail.length - 1;
  const lastName = named ?? trail[last]?.name;
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">{t('breadcrumb.home')}</Link>
        </li>
        {trail.map((crumb, index) =>
          index === last ? (
            <li key={crumb.to} aria-current="page">
              {lastName}
            </li>
          ) : (
            <li key={crumb.to}>
              <Link to={crumb.to}>{crumb.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
