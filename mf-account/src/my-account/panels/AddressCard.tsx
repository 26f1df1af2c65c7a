import type { RefObject } from 'react';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { MapPinIcon } from '../../ui/icons/MapPinIcon.tsx';
import { PencilIcon } from '../../ui/icons/PencilIcon.tsx';
import forms from '../../ui/forms.module.css';
import styles from '../AccountDashboard.module.css';

interface AddressCardProps {
  /** The panel's useId(), so the heading's id stays the panel's. */
  id: string;
  /** The stored address, one line each; empty when there is none. */
  lines: string[];
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit(): void;
}

/** The stored billing address as a card, with the button that opens it for editing (or adds one). */
export function AddressCard({ id, lines, editButton, onEdit }: AddressCardProps) {
  const t = useScreenT(accountStrings);
  return (
    <article className={styles.addressCard} aria-labelledby={`${id}-billing`}>
      <div className={styles.addressHead}>
        <h3 id={`${id}-billing`} className={styles.subTitle}>
          <MapPinIcon /> {t('addresses.billing')}
        </h3>
        <button ref={editButton} type="button" className={forms.secondary} onClick={onEdit}>
          <PencilIcon />
          {lines.length ? t('addresses.edit') : t('addresses.add')}
        </button>
      </div>
      {lines.length ? (
        <address className={styles.address} data-testid="saved-address">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      ) : (
        <p className={styles.muted}>{t('addresses.none')}</p>
      )}
    </article>
  );
}
