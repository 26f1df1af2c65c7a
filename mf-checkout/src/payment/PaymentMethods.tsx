import { useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import styles from './PaymentMethods.module.css';

export type PaymentMethod = 'bank' | 'cheque' | 'card';

interface PaymentMethodsProps {
  readonly value: PaymentMethod;
  readonly disabled: boolean;
  readonly onChange: (method: PaymentMethod) => void;
}

const options: readonly { method: PaymentMethod; label: MessageKey; tip?: MessageKey }[] = [
  { method: 'bank', label: 'method.bank', tip: 'method.bankTip' },
  { method: 'cheque', label: 'method.cheque', tip: 'method.chequeTip' },
  { method: 'card', label: 'method.card' },
];

/**
 * The spec's two bank payment options (with tooltips) and the card option, as one radio group.
 * Each tooltip is the radio's description (aria-describedby), shown while the option is hovered
 * or focused, and Escape hides it (WCAG 1.4.13).
 */
export function PaymentMethods({ value, disabled, onChange }: PaymentMethodsProps) {
  const t = useT();
  const [hovered, setHovered] = useState<PaymentMethod | null>(null);
  const [focused, setFocused] = useState<PaymentMethod | null>(null);
  const [dismissed, setDismissed] = useState<PaymentMethod | null>(null);

  const onKeyDown = (method: PaymentMethod) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && (hovered === method || focused === method) && dismissed !== method) {
      event.stopPropagation();
      setDismissed(method);
    }
  };

  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{t('method.legend')}</legend>
      {options.map(({ method, label, tip }) => {
        const id = `payment-method-${method}`;
        const tipId = tip ? `${id}-tip` : undefined;
        const open = Boolean(tip) && (hovered === method || focused === method) && dismissed !== method;
        return (
          <div
            key={method}
            className={value === method ? `${styles.option} ${styles.selected}` : styles.option}
            onMouseEnter={() => {
              setHovered(method);
              setDismissed(null);
            }}
            onMouseLeave={() => setHovered((current) => (current === method ? null : current))}
          >
            <input
              type="radio"
              id={id}
              name="payment-method"
              value={method}
              className={styles.radio}
              checked={value === method}
              aria-describedby={tipId}
              onChange={() => onChange(method)}
              onFocus={() => {
                setFocused(method);
                setDismissed(null);
              }}
              onBlur={() => setFocused((current) => (current === method ? null : current))}
              onKeyDown={onKeyDown(method)}
            />
            <label htmlFor={id} className={styles.label}>
              {t(label)}
            </label>
            {tip && (
              <>
                <span className={styles.info} aria-hidden="true">
                  i
                </span>
                <span role="tooltip" id={tipId} className={open ? `${styles.tip} ${styles.tipOpen}` : styles.tip}>
                  {t(tip)}
                </span>
              </>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
