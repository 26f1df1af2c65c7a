import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useState } from 'react';
import { fieldWiring, type FieldControl } from 'shared-events/react';
import { AlertIcon } from './icons/AlertIcon.tsx';
import { EyeIcon } from './icons/EyeIcon.tsx';
import { EyeOffIcon } from './icons/EyeOffIcon.tsx';
import styles from './forms.module.css';

/** What a control needs to be tied to its label, hint and error (the shop's one wiring). */
export type ControlProps = FieldControl;

interface FieldProps {
  id: string;
  label: string;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  /** Text after an optional field's label, e.g. "(optional)". */
  optionalText?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A label, its control, a hint and an error message, wired for assistive technology: the control is
 * aria-invalid while there is an error, and aria-describedby points at the error and the hint.
 */
export function Field({ id, label, required = false, optionalText, hint, error, children }: FieldProps) {
  const { control, hintId, errorId } = fieldWiring(id, { hint, error, required });
  return (
    <div className={styles.field}>
      {/* Markers sit beside the label, not in it: the control's name stays exactly the label (aria-required says the rest). */}
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {!required && optionalText && (
          <span className={styles.optional} aria-hidden="true">
            {optionalText}
          </span>
        )}
      </div>
      {children(control)}
      {error && <FieldError id={errorId ?? `${id}-error`} message={error} />}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={styles.error}>
      <AlertIcon size={16} />
      <span>{message}</span>
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange' | 'value'> & {
  control: ControlProps;
  value: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

export function TextInput({ control, value, onValue, inputRef, type = 'text', ...rest }: InputProps) {
  return <input ref={inputRef} {...rest} {...control} type={type} className={styles.input} value={value} onChange={(e) => onValue(e.target.value)} />;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'onChange' | 'value'> & {
  control: ControlProps;
  value: string;
  onValue: (value: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

export function SelectInput({ control, value, onValue, selectRef, children, ...rest }: SelectProps) {
  return (
    <select ref={selectRef} {...rest} {...control} className={styles.input} value={value} onChange={(e) => onValue(e.target.value)}>
      {children}
    </select>
  );
}

type PasswordProps = Omit<InputProps, 'type'> & {
  /** Accessible names of the eye toggle, e.g. "Show password" / "Hide password". */
  showLabel: string;
  hideLabel: string;
  /** Controlled visibility (the login form keeps it in its reducer); uncontrolled when left out. */
  visible?: boolean;
  onToggle?: () => void;
};

/** A password input with an eye toggle that flips it between hidden and plain text. */
export function PasswordInput({ showLabel, hideLabel, visible, onToggle, ...input }: PasswordProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = onToggle ?? (() => setOwnVisible((v) => !v));
  return (
    <div className={styles.passwordWrap}>
      <TextInput {...input} type={shown ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} />
      <button type="button" className={styles.eye} aria-label={shown ? hideLabel : showLabel} aria-controls={input.control.id} onClick={toggle}>
        {shown ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
