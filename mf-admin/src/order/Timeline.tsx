import { useLanguage } from 'shared-events/react';
import type { TimelineEvent } from '../api/types.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney, formatWhen } from '../ui/format.ts';
import styles from './OrderPage.module.css';

const KNOWN = new Set(['created', 'payment_succeeded', 'payment_failed', 'packed', 'shipped', 'delivered', 'cancelled', 'refund_succeeded', 'refund_failed']);

interface Shipment {
  carrierName?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

/** What happened to the order, oldest first, with who did it and when. */
export function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const t = useT();
  const language = useLanguage();
  if (events.length === 0) return <p className={styles.muted}>{t('order.timelineEmpty')}</p>;
  return (
    <ol className={styles.timeline}>
      {events.map((event) => {
        const label = KNOWN.has(event.type)
          ? t(`event.${event.type}` as MessageKey, { amount: formatMoney(Number(event.detail.amountCents ?? 0)) })
          : t('event.other', { type: event.type.replaceAll('_', ' ') });
        const who = event.by.email ?? event.by.uid ?? event.by.actor ?? t('order.system');
        const shipment = event.detail.shipment as Shipment | undefined;
        return (
          <li key={event.id}>
            <strong>{label}</strong>{' '}
            <span className={styles.muted}>
              {formatWhen(event.at, language)} · {t('order.by', { who })}
            </span>
            {shipment?.trackingNumber && (
              <div>
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                    {t('order.tracking', { carrier: shipment.carrierName ?? '', number: shipment.trackingNumber })}
                  </a>
                ) : (
                  t('order.tracking', { carrier: shipment.carrierName ?? '', number: shipment.trackingNumber })
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
