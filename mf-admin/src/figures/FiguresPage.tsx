import { useId, useState } from 'react';
import type { StaffApi } from '../api/staffApi.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import type { FiguresAnswer as Figures } from 'orders-api/staff';
import { HourChart } from './HourChart.tsx';
import { ShopFigures } from './ShopFigures.tsx';
import { isQuiet, todayTotals } from './totals.ts';
import { useFigures } from './useFigures.ts';
import styles from './FiguresPage.module.css';

const count = (value: number) => String(value);

function FiguresBody({ figures, at }: { figures: Figures; at: Date }) {
  const t = useT();
  const today = todayTotals(figures.hours, at);
  const series = (pick: (hour: Figures['hours'][number]) => number) => figures.hours.map((hour) => ({ start: hour.start, value: pick(hour) }));
  return (
    <>
      <dl className={styles.totals}>
        <div>
          <dt>{t('figures.ordersToday')}</dt>
          <dd data-testid="orders-today">{today.orders}</dd>
        </div>
        <div>
          <dt>{t('figures.revenueToday')}</dt>
          <dd>{formatMoney(today.revenueCents)}</dd>
        </div>
        <div>
          <dt>{t('figures.failuresToday')}</dt>
          <dd>{today.paymentFailures}</dd>
        </div>
      </dl>
      {isQuiet(figures.hours) ? (
        <p className={ui.notice}>{t('figures.empty')}</p>
      ) : (
        <div className={styles.charts}>
          <HourChart title={t('figures.orders')} hours={series((hour) => hour.orders)} format={count} whole />
          <HourChart title={t('figures.revenue')} hours={series((hour) => hour.revenueCents)} format={formatMoney} whole={false} />
          <HourChart title={t('figures.failures')} hours={series((hour) => hour.paymentFailures)} format={count} whole />
        </div>
      )}
    </>
  );
}

/** /admin/figures: the few figures staff look at every day, the last 24 hours hour by hour. */
export default function FiguresPage({ api }: { api: StaffApi }) {
  const t = useT();
  const id = useId();
  const { load, reload: reloadOrders } = useFigures(api);
  const [shopAttempt, setShopAttempt] = useState(0);
  const reload = () => {
    reloadOrders();
    setShopAttempt((n) => n + 1);
  };

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={load.phase === 'loading'}>
      <div className={styles.head}>
        <h1 id={`${id}-title`} className={styles.title}>
          {t('figures.title')}
        </h1>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={reload}>
          {t('figures.refresh')}
        </button>
      </div>
      <p className={styles.intro}>{t('figures.intro')}</p>
      {load.phase === 'loading' ? (
        <p className={ui.notice} role="status">
          {t('figures.loading')}
        </p>
      ) : load.phase === 'failed' ? (
        <div className={ui.alert} role="alert">
          <p>{t('figures.error', { message: load.message })}</p>
          <button type="button" className={ui.button} onClick={reload}>
            {t('figures.retry')}
          </button>
        </div>
      ) : (
        <FiguresBody figures={load.figures} at={load.at} />
      )}
      <ShopFigures api={api} attempt={shopAttempt} />
    </section>
  );
}
