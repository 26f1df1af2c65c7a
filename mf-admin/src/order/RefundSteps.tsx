import { useState, type FormEvent, type ReactNode } from 'react';
import type { OrderDetail, RefundLineRequest } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import { formatMoney } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import { refundableUnits, refundLines } from './actionRules.ts';
import styles from './ActionsPanel.module.css';

/** The refund form's choices, kept by the panel while staff confirm and come back to change them. */
export function useRefundDraft() {
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [nothingChosen, setNothingChosen] = useState(false);
  return { whole, setWhole, chosen, setChosen, nothingChosen, setNothingChosen };
}

export type RefundDraft = ReturnType<typeof useRefundDraft>;

/** The refund step: the whole amount left, or units of chosen lines (onReview gets null for the whole). */
export function RefundStep({
  id,
  order,
  draft,
  back,
  onReview,
}: {
  id: string;
  order: OrderDetail;
  draft: RefundDraft;
  back: ReactNode;
  onReview: (lines: RefundLineRequest[] | null) => void;
}) {
  const t = useT();
  const left = order.totalCents - order.refundedCents;

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (draft.whole) return onReview(null);
    const lines = refundLines(order.lines, draft.chosen);
    draft.setNothingChosen(lines.length === 0);
    if (lines.length > 0) onReview(lines);
  };

  return (
    <form className={styles.form} onSubmit={review}>
      <fieldset className={styles.fieldset}>
        <legend>{t('refund.kind')}</legend>
        <label className={styles.choice}>
          <input data-step-start type="radio" name={`${id}-kind`} checked={draft.whole} onChange={() => draft.setWhole(true)} />
          {t('refund.whole', { amount: formatMoney(left) })}
        </label>
        <label className={styles.choice}>
          <input type="radio" name={`${id}-kind`} checked={!draft.whole} onChange={() => draft.setWhole(false)} />
          {t('refund.chosen')}
        </label>
      </fieldset>
      {!draft.whole &&
        order.lines
          .filter((line) => refundableUnits(line) > 0)
          .map((line) => (
            <label key={line.productId} className={ui.field}>
              {t('refund.units', { title: line.title, max: refundableUnits(line) })}
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={refundableUnits(line)}
                value={draft.chosen[line.productId] ?? 0}
                onChange={(event) => draft.setChosen((current) => ({ ...current, [line.productId]: Number(event.target.value) }))}
              />
            </label>
          ))}
      {draft.nothingChosen && !draft.whole && (
        <p className={ui.error} role="alert">
          {t('refund.nothingChosen')}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={ui.button}>
          {t('actions.refund')}
        </button>
        {back}
      </div>
    </form>
  );
}

/** The question before a refund is sent: how much (or how many units) of which order. */
export function ConfirmRefundStep({
  order,
  lines,
  busy,
  onConfirm,
  onBack,
}: {
  order: OrderDetail;
  lines: RefundLineRequest[] | null;
  busy: boolean;
  onConfirm: (body: { lines?: RefundLineRequest[] }) => void;
  onBack: () => void;
}) {
  const t = useT();
  const body = lines ? { lines } : {};
  const units = lines?.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  return (
    <div className={styles.form}>
      <p data-step-start tabIndex={-1}>
        {lines
          ? t('refund.confirmLines', { count: units, number: order.number })
          : t('refund.confirmWhole', { amount: formatMoney(order.totalCents - order.refundedCents), number: order.number })}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={ui.danger} disabled={busy} onClick={() => onConfirm(body)}>
          {busy ? t('actions.working') : t('actions.confirm')}
        </button>
        <button type="button" className={ui.secondary} disabled={busy} onClick={onBack}>
          {t('actions.back')}
        </button>
      </div>
    </div>
  );
}
