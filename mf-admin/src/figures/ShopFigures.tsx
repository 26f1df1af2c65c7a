import { useCallback, useId, type ReactNode } from 'react';
import type { StaffApi } from '../api/staffApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import type { SearchFigures } from 'catalog-api/figures';
import type { InteractionVitals, RouteVitals, VitalsFigures } from 'gateway-api/figures';
import { rate } from './vitalsRating.ts';
import { useLoaded, type Loaded } from './useLoaded.ts';
import styles from './FiguresPage.module.css';

/** Loading, failure or the block itself. */
function Block<T>({ title, load, children }: { title: string; load: Loaded<T>; children: (value: T) => ReactNode }) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.block} aria-labelledby={id}>
      <h2 id={id} className={styles.blockTitle}>
        {title}
      </h2>
      {load.phase === 'loading' ? (
        <p className={ui.notice}>{t('figures.loading')}</p>
      ) : load.phase === 'failed' ? (
        <p className={ui.alert} role="alert">
          {t('figures.error', { message: load.message })}
        </p>
      ) : (
        children(load.value)
      )}
    </section>
  );
}

function Searches({ figures }: { figures: SearchFigures }) {
  const t = useT();
  const share = figures.searches === 0 ? '–' : `${Math.round((figures.empty / figures.searches) * 100)}%`;
  return (
    <dl className={styles.totals}>
      <div>
        <dt>{t('figures.searches')}</dt>
        <dd data-testid="searches">{figures.searches}</dd>
      </div>
      <div>
        <dt>{t('figures.emptySearches')}</dt>
        <dd data-testid="empty-searches">{figures.empty}</dd>
      </div>
      <div>
        <dt>{t('figures.emptyShare')}</dt>
        <dd>{share}</dd>
      </div>
    </dl>
  );
}

function Rated({ metric, ms }: { metric: 'lcp' | 'inp'; ms: number | null }) {
  const t = useT();
  if (ms === null) return <>–</>;
  const rating = rate(metric, ms);
  const value = metric === 'lcp' ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
  return (
    <span className={styles[rating]}>
      {value} <span className={styles.rating}>({t(`figures.rating.${rating}`)})</span>
    </span>
  );
}

function VitalsTable({ rows }: { rows: RouteVitals[] }) {
  const t = useT();
  if (rows.length === 0) return <p className={ui.notice}>{t('figures.noViews')}</p>;
  return (
    <table className={styles.table} data-testid="vitals">
      <thead>
        <tr>
          <th scope="col">{t('figures.route')}</th>
          <th scope="col">{t('figures.views')}</th>
          <th scope="col">{t('figures.lcp')}</th>
          <th scope="col">{t('figures.inp')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.route}>
            <th scope="row">{row.route}</th>
            <td className={styles.amount}>{row.views}</td>
            <td>
              <Rated metric="lcp" ms={row.lcpP75} />
            </td>
            <td>
              <Rated metric="inp" ms={row.inpP75} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** INP per interaction across routes: the element's role and the shop's name for it (add-to-cart, filter, ...). */
function InteractionsTable({ rows }: { rows: InteractionVitals[] }) {
  const t = useT();
  if (rows.length === 0) return <p className={ui.notice}>{t('figures.noInteractions')}</p>;
  return (
    <table className={styles.table} data-testid="interactions">
      <caption className={styles.tableCaption}>{t('figures.byInteraction')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('figures.interaction')}</th>
          <th scope="col">{t('figures.role')}</th>
          <th scope="col">{t('figures.interactionCount')}</th>
          <th scope="col">{t('figures.inp')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.role} ${row.interaction}`}>
            <th scope="row">{row.interaction === 'unnamed' ? t('figures.unnamed') : row.interaction}</th>
            <td>{row.role}</td>
            <td className={styles.amount}>{row.count}</td>
            <td>
              <Rated metric="inp" ms={row.inpP75} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Searches and real shoppers' Web Vitals: live counts per instance since its start (Grafana keeps history). */
export function ShopFigures({ api, attempt }: { api: StaffApi; attempt: number }) {
  const t = useT();
  const searches = useLoaded<SearchFigures>(
    useCallback(() => api.searchFigures(), [api]),
    attempt,
  );
  const vitals = useLoaded<VitalsFigures>(
    useCallback(() => api.vitalsFigures(), [api]),
    attempt,
  );
  return (
    <>
      <p className={styles.intro}>{t('figures.liveNote')}</p>
      <Block title={t('figures.searchesTitle')} load={searches}>
        {(figures) => <Searches figures={figures} />}
      </Block>
      <Block title={t('figures.vitalsTitle')} load={vitals}>
        {(figures) => (
          <>
            <VitalsTable rows={figures.routes} />
            <InteractionsTable rows={figures.interactions} />
          </>
        )}
      </Block>
    </>
  );
}
