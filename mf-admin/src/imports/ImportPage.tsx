import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import type { CatalogApi, ImportRequest } from '../api/catalogApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { ImportProgress } from './ImportProgress.tsx';
import { ImportSources } from './ImportSources.tsx';
import { useImportJob } from './useImportJob.ts';
import styles from './ImportPage.module.css';

type Start = { phase: 'idle' } | { phase: 'starting' } | { phase: 'refused'; message: string } | { phase: 'started'; id: string };

/** /admin/products/import: a file or an address imported in the background, watched to the end. */
export default function ImportPage({ catalog }: { catalog: CatalogApi }) {
  const t = useT();
  const titleId = useId();
  const [start, setStart] = useState<Start>({ phase: 'idle' });
  const { job, pollError } = useImportJob(catalog, start.phase === 'started' ? start.id : null);

  useEffect(() => {
    breadcrumb.navigate(t('import.title'));
  }, [t]);

  const begin = (request: ImportRequest) => {
    setStart({ phase: 'starting' });
    catalog.startImport(request).then(
      ({ id }) => setStart({ phase: 'started', id }),
      (error: unknown) => setStart({ phase: 'refused', message: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <section aria-labelledby={titleId}>
      <Link className={ui.link} to="/admin/products">
        ← {t('form.back')}
      </Link>
      <h1 id={titleId} className={styles.title}>
        {t('import.title')}
      </h1>
      <p>{t('import.intro')}</p>
      {start.phase !== 'started' && <ImportSources busy={start.phase === 'starting'} start={begin} />}
      {start.phase === 'refused' && (
        <p className={ui.alert} role="alert">
          {t('import.notStarted', { message: start.message })}
        </p>
      )}
      {start.phase === 'started' && !job && (
        <p className={ui.notice} role="status">
          {t('import.starting')}
        </p>
      )}
      {job && <ImportProgress job={job} />}
      {pollError && (
        <p className={ui.hint} role="status">
          {t('import.pollError', { message: pollError })}
        </p>
      )}
      {job && job.state !== 'running' && (
        <button type="button" className={ui.secondary} onClick={() => setStart({ phase: 'idle' })}>
          {t('import.again')}
        </button>
      )}
    </section>
  );
}
