import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { StaffApi } from '../api/staffApi.ts';
import type { StaffAction as Action } from 'orders-api/facts';
import type { OrderDetail, RefundLineRequest } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { allowedActions, type StaffRole } from './actionRules.ts';
import { ConfirmRefundStep, RefundStep, useRefundDraft } from './RefundSteps.tsx';
import { ShipStep, useShipDraft } from './ShipStep.tsx';
import { useOrderAction, type Outcome } from './useOrderAction.ts';
import styles from './ActionsPanel.module.css';

type Step = { kind: 'menu' } | { kind: 'ship' } | { kind: 'cancel' } | { kind: 'refund' } | { kind: 'confirmRefund'; lines: RefundLineRequest[] | null };

const LABEL = { pack: 'actions.pack', ship: 'actions.ship', deliver: 'actions.deliver', cancel: 'actions.cancel', refund: 'actions.refund' } as const;

/**
 * What staff may do with the order now: a menu of the allowed actions, and for shipping, cancelling
 * and refunding a step that asks for details or confirmation first (useOrderAction sends them).
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
  const stepArea = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'menu' });
  const shipDraft = useShipDraft();
  const refundDraft = useRefundDraft();
  const { busy, outcome, clearOutcome, run } = useOrderAction({ api, orderId: order.id, onChanged, onSettled: () => setStep({ kind: 'menu' }) });

  // A keyboard or screen reader user lands on the step just opened: its first field, or its question.
  useEffect(() => {
    if (step.kind !== 'menu') stepArea.current?.querySelector<HTMLElement>('[data-step-start]')?.focus();
  }, [step.kind]);

  const choose = (action: Action) => {
    clearOutcome();
    if (action === 'ship' || action === 'cancel' || action === 'refund') setStep({ kind: action });
    else void run(action);
  };

  const back = (
    <button type="button" className={ui.secondary} disabled={busy} onClick={() => setStep({ kind: 'menu' })}>
      {t('actions.back')}
    </button>
  );

  let content;
  if (step.kind === 'ship') {
    content = <ShipStep id={id} draft={shipDraft} busy={busy} back={back} onShip={(shipment) => void run('ship', shipment)} />;
  } else if (step.kind === 'cancel') {
    content = <CancelStep number={order.number} busy={busy} back={back} onConfirm={() => void run('cancel')} />;
  } else if (step.kind === 'refund') {
    content = <RefundStep id={id} order={order} draft={refundDraft} back={back} onReview={(lines) => setStep({ kind: 'confirmRefund', lines })} />;
  } else if (step.kind === 'confirmRefund') {
    content = (
      <ConfirmRefundStep
        order={order}
        lines={step.lines}
        busy={busy}
        onConfirm={(body) => void run('refund', body)}
        onBack={() => setStep({ kind: 'refund' })}
      />
    );
  } else {
    content = <ActionMenu actions={allowedActions(order, staffRole)} busy={busy} onChoose={choose} />;
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t('actions.title')}
      </h2>
      <div ref={stepArea}>{content}</div>
      <OutcomeNotice outcome={outcome} status={order.status} />
    </section>
  );
}

/** The allowed actions as buttons; pack and deliver are sent at once, the others open their step. */
function ActionMenu({ actions, busy, onChoose }: { actions: Action[]; busy: boolean; onChoose: (action: Action) => void }) {
  const t = useT();
  if (actions.length === 0) return <p className={styles.muted}>{t('actions.none')}</p>;
  return (
    <div className={styles.buttons}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'cancel' || action === 'refund' ? ui.secondary : ui.button}
          disabled={busy}
          onClick={() => onChoose(action)}
        >
          {busy && (action === 'pack' || action === 'deliver') ? t('actions.working') : t(LABEL[action])}
        </button>
      ))}
    </div>
  );
}

/** The question before an order is cancelled. */
function CancelStep({ number, busy, back, onConfirm }: { number: number; busy: boolean; back: ReactNode; onConfirm: () => void }) {
  const t = useT();
  return (
    <div className={styles.form}>
      <p data-step-start tabIndex={-1}>
        {t('cancel.confirm', { number })}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={ui.danger} disabled={busy} onClick={onConfirm}>
          {busy ? t('actions.working') : t('actions.confirm')}
        </button>
        {back}
      </div>
    </div>
  );
}

/** How the last action went, read out by screen readers as it changes. */
function OutcomeNotice({ outcome, status }: { outcome: Outcome; status: OrderDetail['status'] }) {
  const t = useT();
  return (
    <div aria-live="polite">
      {outcome?.kind === 'done' && <p className={ui.success}>{t('actions.done', { status: t(`status.${status}`) })}</p>}
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
  );
}
