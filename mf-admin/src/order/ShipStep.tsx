import { useState, type FormEvent, type ReactNode } from 'react';
import type { ShipmentRequest as Shipment } from 'orders-api/staff';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { CARRIER_OPTIONS, checkShipment, type ShipmentProblem } from './actionRules.ts';
import styles from './ActionsPanel.module.css';

/** The shipment form's fields, kept by the panel while staff step away from the form and back. */
export function useShipDraft() {
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [problems, setProblems] = useState<ShipmentProblem[]>([]);
  return { carrier, setCarrier, tracking, setTracking, problems, setProblems };
}

export type ShipDraft = ReturnType<typeof useShipDraft>;

/** The "mark shipped" step: carrier and tracking number, checked before the action is sent. */
export function ShipStep({
  id,
  draft,
  busy,
  back,
  onShip,
}: {
  id: string;
  draft: ShipDraft;
  busy: boolean;
  back: ReactNode;
  onShip: (shipment: Shipment) => void;
}) {
  const t = useT();
  const trackingError = draft.problems.includes('trackingInvalid');
  const carrierError = draft.problems.includes('carrierMissing');

  const ship = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkShipment({ carrier: draft.carrier, trackingNumber: draft.tracking });
    if ('problems' in checked) return draft.setProblems(checked.problems);
    draft.setProblems([]);
    onShip(checked);
  };

  return (
    <form className={styles.form} onSubmit={ship} noValidate>
      <div className={ui.field}>
        <label htmlFor={`${id}-carrier-input`}>{t('ship.carrier')}</label>
        <select
          id={`${id}-carrier-input`}
          data-step-start
          value={draft.carrier}
          onChange={(event) => draft.setCarrier(event.target.value)}
          aria-invalid={carrierError}
          aria-describedby={carrierError ? `${id}-carrier` : undefined}
        >
          <option value="">{t('ship.choose')}</option>
          {CARRIER_OPTIONS.map((option) => (
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
          value={draft.tracking}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => draft.setTracking(event.target.value)}
          aria-invalid={trackingError}
          aria-describedby={`${id}-tracking`}
        />
        <span id={`${id}-tracking`} className={trackingError ? ui.error : ui.hint}>
          {trackingError ? t('ship.trackingInvalid') : t('ship.trackingHint')}
        </span>
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('actions.working') : t('actions.ship')}
        </button>
        {back}
      </div>
    </form>
  );
}
