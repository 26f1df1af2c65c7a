import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import styles from './TestCardForm.module.css';

const testCards: readonly { number: string; outcome: MessageKey }[] = [
  { number: '4242 4242 4242 4242', outcome: 'testCard.outcome.success' },
  { number: '5555 5555 5555 4444', outcome: 'testCard.outcome.mastercard' },
  { number: '4000 0566 5566 5556', outcome: 'testCard.outcome.debit' },
  { number: '4000 0000 0000 0002', outcome: 'testCard.outcome.declined' },
  { number: '4000 0000 0000 9995', outcome: 'testCard.outcome.insufficient' },
  { number: '4000 0000 0000 0069', outcome: 'testCard.outcome.expired' },
  { number: '4000 0000 0000 0127', outcome: 'testCard.outcome.cvc' },
  { number: '4000 0027 6000 3184', outcome: 'testCard.outcome.authentication' },
];

/** The local Stripe's test cards with what each one does; a click fills the card number. */
export function TestCardList({ disabled, onUse }: { disabled: boolean; onUse: (number: string) => void }) {
  const t = useT();
  return (
    <details className={styles.cards}>
      <summary className={styles.cardsSummary}>{t('testCard.title')}</summary>
      <ul className={styles.cardList}>
        {testCards.map((card) => (
          <li key={card.number} className={styles.cardItem}>
            <button
              type="button"
              className={styles.useCard}
              disabled={disabled}
              onClick={() => onUse(card.number)}
              aria-label={t('testCard.use', { number: card.number })}
            >
              <span className={styles.cardNumber}>{card.number}</span>
            </button>
            <span className={styles.cardOutcome}>{t(card.outcome)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
