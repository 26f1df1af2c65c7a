import { formatPrice } from 'shared-events';
import { useScreenT } from '../../i18n/useT.ts';
import type { AccountMessageKey } from '../../i18n/accountMessages.en.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import forms from '../../ui/forms.module.css';
import type { TimelineEntry, TimelineType } from '../orders.ts';
import styles from '../AccountDashboard.module.css';

const STEP: Record<TimelineType, AccountMessageKey> = {
  payment_succeeded: 'orders.event.paid',
  payment_failed: 'orders.event.failed',
  packed: 'orders.event.packed',
  shipped: 'orders.event.shipped',
  delivered: 'orders.event.delivered',
  cancelled: 'orders.event.cancelled',
  refund_succeeded: 'orders.event.refunded',
};

interface Props {
  number: number;
  timeline: readonly TimelineEntry[];
  /** Formats a moment in the shopper's language (the panel makes one formatter for every order). */
  when(at: string): string;
}

/** What happened to one order, oldest first: an ordered list whose dates are time elements. */
export function OrderTimeline({ number, timeline, when }: Props) {
  const t = useScreenT(accountStrings);
  if (timeline.length === 0) return null;
  return (
    <ol className={styles.timeline} aria-label={t('orders.timeline', { number })}>
      {timeline.map((entry, i) => (
        <li key={i} className={entry.type === 'payment_failed' || entry.type === 'cancelled' ? styles.stepStopped : undefined}>
          <span className={styles.step}>{t(STEP[entry.type], { amount: formatPrice(entry.amountCents ?? 0) })}</span>
          <time dateTime={entry.at}>{when(entry.at)}</time>
          {entry.shipment && (
            <span className={styles.tracking}>
              {t('orders.track')}{' '}
              <a href={entry.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {`${entry.shipment.carrierName} ${entry.shipment.trackingNumber}`.trim()}
                <span className={forms.visuallyHidden}> {t('orders.newTab')}</span>
              </a>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
