import type { AccountErrorKind } from '../../firebase/errors.ts';
import { errorKindText } from '../../ui/errorText.ts';
import { useScreenT } from '../../i18n/useT.ts';
import { accountStrings } from '../../i18n/accountStrings.ts';
import { AlertIcon } from '../../ui/icons/AlertIcon.tsx';
import { CheckIcon } from '../../ui/icons/CheckIcon.tsx';
import forms from '../../ui/forms.module.css';

export type Save = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; message: string } | { state: 'failed'; kind: AccountErrorKind };

/** What became of the last save: a polite confirmation, or the database's refusal in plain words. */
export function SaveStatus({ save }: { save: Save }) {
  const t = useScreenT(accountStrings);
  return (
    <div aria-live="polite">
      {save.state === 'saved' && (
        <p className={forms.success} role="status">
          <CheckIcon />
          <span>{save.message}</span>
        </p>
      )}
      {save.state === 'failed' && (
        <p className={forms.alert} role="alert" data-testid="save-error">
          <AlertIcon />
          <span>{errorKindText(t, save.kind)}</span>
        </p>
      )}
    </div>
  );
}
