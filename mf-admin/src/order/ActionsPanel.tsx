import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import type { Action, OrderDetail, RefundLineRequest, Shipment } from '../api/types.ts';
import { useT } from '../i18n/useT.ts';
import { formatMoney } from '../ui/format.ts';
import ui from '../ui/ui.module.css';
import { allowedActions, CARRIERS, checkShipment, refundableUnits, refundLines, type ShipmentProblem, type StaffRole } from './actionRules.ts';
import { createIntentKeys, intentOf } from './intentKeys.ts';
import styles from './ActionsPanel.module.css';

type Step = { kind: 'menu' } | { kind: 'ship' } | { kind: 'cancel' } | { kind: 'refund' } | { kind: 'confirmRefund'; lines: RefundLineRequest[] | null };
type Outcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string } | null;

const LABEL = { pack: 'actions.pack', ship: 'actions.ship', deliver: 'actions.deliver', cancel: 'actions.cancel', refund: 'actions.refund' } as const;

/**
 * What staff may do with the order now. Each intended action has one Idempotency-Key (intentKeys.ts):
 * a second click or a retry repeats it, the server applies it once. A refusal (someone else moved
 * the order first, say) reloads the order so the page shows what is true now.
 */
export function ActionsPanel({
  api,
  order,
  staffRole,
  onChanged,
}: {
  api: StaffApi;
  order: OrderDetail;
  staffRole: StaffRole;
  onChanged: () => Promise<void>;
}) {
  const t = useT();
  const id = useId();
  const keys = useRef(createIntentKeys());
  const stepArea = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [shipProblems, setShipProblems] = useState<ShipmentProblem[]>([]);
  const [refundWhole, setRefundWhole] = useState(true);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [nothingChosen, setNothingChosen] = useState(false);
  const actions = allowedActions(order, staffRole);

  // A keyboard or screen reader user lands on the step just opened: its first field, or its question.
  useEffect(() => {
    if (step.kind !== 'menu') stepArea.current?.querySelector<HTMLElement>('[data-step-start]')?.focus();
  }, [step.kind]);

  async function run(action: Action, body?: Shipment | { lines?: RefundLineRequest[] }) {
    const intent = intentOf(order.id, action, body);
    setBusy(true);
    setOutcome(null);
    try {
      await api.act(order.id, action, keys.current.keyFor(intent), body);
      keys.current.settle(intent);
      setStep({ kind: 'menu' });
      setOutcome({ kind: 'done' });
      await onChanged();
    } catch (error) {
      if (error instanceof StaffApiError && error.refused) {
        keys.current.settle(intent);
        setStep({ kind: 'menu' });
        setOutcome({ kind: 'refused', message: error.message });
        await onChanged();
      } else {
        // Kept: trying again sends the same key, so an action that did reach the shop is not applied twice.
        setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  const choose = (action: Action) => {
    setOutcome(null);
    if (action === 'ship' || action === 'cancel' || action === 'refund') setStep({ kind: action });
    else void run(action);
  };

  const ship = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkShipment({ carrier, trackingNumber: tracking });
    if ('problems' in checked) return setShipProblems(checked.problems);
    setShipProblems([]);
    void run('ship', checked);
  };

  const reviewRefund = (event: FormEvent) => {
    event.preventDefault();
    if (refundWhole) return setStep({ kind: 'confirmRefund', lines: null });
    const lines = refundLines(order.lines, chosen);
    setNothingChosen(lines.length === 0);
    if (lines.length > 0) setStep({ kind: 'confirmRefund', lines });
  };

  const back = (
    <button type="button" className={ui.secondary} disabled={busy} onClick={() => setStep({ kind: 'menu' })}>
      {t('actions.back')}
    </button>
  );
  const working = busy ? t('actions.working') : null;

  let content;
  if (step.kind === 'ship') {
    const trackingError = shipProblems.includes('trackingInvalid');
    const carrierError = shipProblems.includes('carrierMissing');
    content = (
      <form className={styles.form} onSubmit={ship} noValidate>
        <div className={ui.field}>
          <label htmlFor={`${id}-carrier-input`}>{t('ship.carrier')}</label>
          <select
            id={`${id}-carrier-input`}
            data-step-start
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            aria-invalid={carrierError}
            aria-describedby={carrierError ? `${id}-carrier` : undefined}
          >
            <option value="">{t('ship.choose')}</option>
            {CARRIERS.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {carrierError && (
            <span id={`${id}-carrier`} className={ui.error}>
              {t('ship.carrierMissing')}
            </span>
          )}
        </div>
        <div className={ui.field}>
          <label htmlFor={`${id}-tracking-input`}>{t('ship.tracking')}</label>
          <input
            id={`${id}-tracking-input`}
            value={tracking}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTracking(event.target.value)}
            aria-invalid={trackingError}
            aria-describedby={`${id}-tracking`}
          />
          <span id={`${id}-tracking`} className={trackingError ? ui.error : ui.hint}>
            {trackingError ? t('ship.trackingInvalid') : t('ship.trackingHint')}
          </span>
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={ui.button} disabled={busy}>
            {working ?? t('actions.ship')}
          </button>
          {back}
        </div>
      </form>
    );
  } else if (step.kind === 'cancel') {
    content = (
      <div className={styles.form}>
        <p data-step-start tabIndex={-1}>
          {t('cancel.confirm', { number: order.number })}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={ui.danger} disabled={busy} onClick={() => void run('cancel')}>
            {working ?? t('actions.confirm')}
          </button>
          {back}
        </div>
      </div>
    );
  } else if (step.kind === 'refund') {
    const left = order.totalCents - order.refundedCents;
    content = (
      <form className={styles.form} onSubmit={reviewRefund}>
        <fieldset className={styles.fieldset}>
          <legend>{t('refund.kind')}</legend>
          <label className={styles.choice}>
            <input data-step-start type="radio" name={`${id}-kind`} checked={refundWhole} onChange={() => setRefundWhole(true)} />
            {t('refund.whole', { amount: formatMoney(left) })}
          </label>
          <label className={styles.choice}>
            <input type="radio" name={`${id}-kind`} checked={!refundWhole} onChange={() => setRefundWhole(false)} />
            {t('refund.chosen')}
          </label>
        </fieldset>
        {!refundWhole &&
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
                  value={chosen[line.productId] ?? 0}
                  onChange={(event) => setChosen((current) => ({ ...current, [line.productId]: Number(event.target.value) }))}
                />
              </label>
            ))}
        {nothingChosen && !refundWhole && (
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
  } else if (step.kind === 'confirmRefund') {
    const body = step.lines ? { lines: step.lines } : {};
    const units = step.lines?.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
    content = (
      <div className={styles.form}>
        <p data-step-start tabIndex={-1}>
          {step.lines
            ? t('refund.confirmLines', { count: units, number: order.number })
            : t('refund.confirmWhole', { amount: formatMoney(order.totalCents - order.refundedCents), number: order.number })}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={ui.danger} disabled={busy} onClick={() => void run('refund', body)}>
            {working ?? t('actions.confirm')}
          </button>
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => setStep({ kind: 'refund' })}>
            {t('actions.back')}
          </button>
        </div>
      </div>
    );
  } else {
    content =
      actions.length === 0 ? (
        <p className={styles.muted}>{t('actions.none')}</p>
      ) : (
        <div className={styles.buttons}>
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'cancel' || action === 'refund' ? ui.secondary : ui.button}
              disabled={busy}
              onClick={() => choose(action)}
            >
              {busy && (action === 'pack' || action === 'deliver') ? t('actions.working') : t(LABEL[action])}
            </button>
          ))}
        </div>
      );
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('actions.title')}
      </h2>
      <div ref={stepArea}>{content}</div>
      <div aria-live="polite">
        {outcome?.kind === 'done' && <p className={ui.success}>{t('actions.done', { status: t(`status.${order.status}`) })}</p>}
        {outcome?.kind === 'refused' && (
          <div className={ui.alert} role="alert">
            <p>{t('actions.refused', { message: outcome.message })}</p>
            <p>{t('actions.reloaded')}</p>
          </div>
        )}
        {outcome?.kind === 'failed' && (
          <p className={ui.alert} role="alert">
            {t('actions.failed', { message: outcome.message })}
          </p>
        )}
      </div>
    </section>
  );
}
