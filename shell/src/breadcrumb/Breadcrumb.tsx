import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { breadcrumbTrail } from './pathName.ts';
import styles from './Breadcrumb.module.css';

export function Breadcrumb() {
  const t = useT();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumb.label')} className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">{t('breadcrumb.home')}</Link>
        </li>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.to} aria-current="page">
              {crumb.name}
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
