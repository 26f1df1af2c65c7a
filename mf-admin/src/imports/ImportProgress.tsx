import type { ImportJob } from 'catalog-api/imports';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { percentDone } from './importRules.ts';
import styles from './ImportPage.module.css';

/** How far an import is: a progress bar while it runs, then what it took and what it refused. */
export function ImportProgress({ job }: { job: ImportJob }) {
  const t = useT();
  const percent = percentDone(job);
  return (
    <div className={styles.progress}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('import.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent, 'aria-valuetext': `${percent} %` })}
      >
        <span className={percent === null ? styles.indeterminate : styles.fill} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <p role="status" className={job.state === 'done' ? ui.success : job.state === 'failed' ? ui.alert : ui.notice}>
        {job.state === 'done'
          ? t('import.done', { accepted: job.accepted, processed: job.processed })
          : job.state === 'failed'
            ? t('import.failed', { message: job.error ?? '' })
            : job.total === null
              ? t('import.runningUnknown', { processed: job.processed })
              : t('import.running', { processed: job.processed, total: job.total })}
      </p>
      {job.state !== 'running' && <RefusedTable job={job} />}
    </div>
  );
}

function RefusedTable({ job }: { job: ImportJob }) {
  const t = useT();
  if (job.refusedCount === 0) return <p>{t('import.refusedNone')}</p>;
  return (
    <section aria-labelledby="import-refused">
      <h2 id="import-refused" className={styles.subtitle}>
        {t('import.refusedTitle', { count: job.refusedCount })}
      </h2>
      {job.refused.length < job.refusedCount && <p className={ui.hint}>{t('import.refusedMore', { shown: job.refused.length, count: job.refusedCount })}</p>}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('import.record')}</th>
              <th scope="col">{t('import.id')}</th>
              <th scope="col">{t('import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {job.refused.map((record) => (
              <tr key={record.index}>
                <th scope="row">#{record.index + 1}</th>
                <td>{record.id ?? '—'}</td>
                <td>{record.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
