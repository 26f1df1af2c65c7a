import type { ReactNode } from 'react';
import { fieldWiring, type FieldControl } from 'shared-events/react';
import styles from './Field.module.css';

/** What a control needs to be tied to its label and message (the shop's one wiring) and its look. */
export type ControlProps = FieldControl & { readonly className: string | undefined };

interface FieldProps {
  readonly id: string;
  readonly label: string;
  /** Visually hidden label (the control still has it; e.g. a second address line). */
  readonly hideLabel?: boolean;
  readonly required?: boolean;
  /** Shown after an optional field's label, e.g. "(optional)". */
  readonly optionalText?: string;
  readonly requiredText: string;
  readonly hint?: string;
  readonly error: string | undefined;
  readonly className?: string;
  readonly aside?: ReactNode;
  readonly children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its required mark, hint and message, linked by aria-describedby. */
export function Field({ id, label, hideLabel, required, optionalText, requiredText, hint, error, className, aside, children }: FieldProps) {
  const { control, hintId, errorId } = fieldWiring(id, { hint, error, required });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={hideLabel ? styles.visuallyHidden : styles.label}>
          {label}
          {required && (
            <>
              {' '}
              <abbr className={styles.required} title={requiredText} aria-hidden="true">
                *
              </abbr>
            </>
          )}
          {!required && optionalText && <span className={styles.optional}> {optionalText}</span>}
        </label>
        {aside}
      </div>
      {children({ ...control, className: error ? `${styles.control} ${styles.invalid}` : styles.control })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" className={styles.errorIcon}>
            <circle cx="8" cy="8" r="8" fill="currentColor" />
            <path d="M8 4v5M8 11.2v.1" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}
