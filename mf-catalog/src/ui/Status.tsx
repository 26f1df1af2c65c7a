import type { ReactNode } from 'react';
import { CatalogError } from '../api/client.ts';
import { useT, type T } from '../i18n/useT.ts';
import styles from './Status.module.css';

/** The shopper-facing wording of a failed catalogue call. */
export function errorMessage(t: T, error: Error): string {
  if (error instanceof CatalogError) {
    if (error.kind === 'network') return t('error.network');
    if (error.kind === 'invalid') return t('error.invalid');
  }
  return t('error.generic');
}

/** A failed load: what went wrong and a Retry button. */
export function ErrorState({ error, onRetry, title }: { error: Error; onRetry: () => void; title?: string }) {
  const t = useT();
  return (
    <div className={styles.box} role="alert">
      <p className={styles.title}>{title ?? t('error.title')}</p>
      <p className={styles.text}>{errorMessage(t, error)}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}

/** Nothing to show, with an optional way out. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.box} role="status">
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}

export { styles as statusStyles };
