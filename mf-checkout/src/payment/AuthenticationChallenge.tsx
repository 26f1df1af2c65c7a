import { useEffect, useRef } from 'react';
import { useT } from '../i18n/useT.ts';
import styles from './TestCardForm.module.css';

interface AuthenticationChallengeProps {
  /** The amount the bank asks the shopper to confirm, formatted. */
  readonly amount: string;
  readonly onAnswer: (answer: 'complete' | 'fail') => void;
}

/**
 * The local Stripe's 3-D Secure test challenge, as Stripe's own test page offers it: complete or
 * fail. A modal dialog (focus kept inside, Escape answers "fail", as closing the bank's window does).
 */
export function AuthenticationChallenge({ amount, onAnswer }: AuthenticationChallengeProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    // jsdom has no showModal; the dialog is then shown by its open attribute alone.
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => element?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.challenge}
      aria-labelledby="challenge-title"
      aria-describedby="challenge-text"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer('fail');
      }}
    >
      <h2 id="challenge-title" className={styles.challengeTitle}>
        {t('auth.title')}
      </h2>
      <p id="challenge-text" className={styles.challengeText}>
        {t('auth.text', { amount })}
      </p>
      <div className={styles.challengeActions}>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog takes focus (the HTML dialog's focusing steps read autofocus) */}
        <button type="button" autoFocus onClick={() => onAnswer('complete')}>
          {t('auth.complete')}
        </button>
        <button type="button" onClick={() => onAnswer('fail')}>
          {t('auth.fail')}
        </button>
      </div>
    </dialog>
  );
}
