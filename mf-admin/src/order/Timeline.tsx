import { ORDER_EVENTS, type OrderEventType } from 'orders-api/facts';
import type { OrderEvent } from 'orders-api/staff';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import styles from './OrderPage.module.css';

const KNOWN = new Set<string>(ORDER_EVENTS);
/** A kind this version of the contract names, each with its message (the type check holds every kind to one). */
const isKnown = (type: string): type is OrderEventType => KNOWN.has(type);

/** What happened to the order, oldest first, with who did it and when. */
export function Timeline({ events }: { events: readonly OrderEvent[] }) {
  const t = useT();
  const language = useLanguage();
  if (events.length === 0) return <p className={styles.muted}>{t('order.timelineEmpty')}</p>;
  return (
    <ol className={styles.timeline}>
      {events.map((event) => {
        const label = isKnown(event.type)
          ? t(`event.${event.type}`, { amount: formatMoney(event.detail.amountCents ?? 0) })
          : t('event.other', { type: event.type.replaceAll('_', ' ') });
        const who = event.by.email ?? event.by.uid ?? event.by.actor ?? t('order.system');
        const { shipment } = event.detail;
        return (
          <li key={event.id}>
            <strong>{label}</strong>{' '}
            <span className={styles.muted}>
              {formatWhen(event.at, language)} · {t('order.by', { who })}
            </span>
            {shipment && (
              <div>
                <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                  {t('order.tracking', { carrier: shipment.carrierName, number: shipment.trackingNumber })}
                </a>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
