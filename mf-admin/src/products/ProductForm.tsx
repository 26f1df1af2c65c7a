import { useState, type FormEvent } from 'react';
import type { ProductDetail } from '../api/catalogApi.ts';
import type { ProductInput } from 'catalog-api/products';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { ProductFields } from './ProductFields.tsx';
import { changedInput, checkDraft, draftOf, EMPTY_DRAFT, newProductInput, type DraftErrors, type DraftField } from './productForm.ts';
import styles from './Products.module.css';

type Outcome = { kind: 'none' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'nothing' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

interface Props {
  /** The product edited; none for a new one. */
  product: ProductDetail | null;
  /** Sends the input (a new product's, or only the changed fields); resolves to the product as stored. */
  send: (input: ProductInput) => Promise<ProductDetail>;
  onStored: (product: ProductDetail) => void;
}

/** Adding or editing a product: checked field by field first, then by the catalogue. */
export function ProductForm({ product, send, onStored }: Props) {
  const t = useT();
  const original = product ? draftOf(product) : EMPTY_DRAFT;
  const [draft, setDraft] = useState(original);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const change = (field: DraftField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setOutcome({ kind: 'invalid' });
      return;
    }
    const input = product ? changedInput(original, draft, checked.input) : newProductInput(checked.input);
    if (Object.keys(input).length === 0) return setOutcome({ kind: 'nothing' });
    setOutcome({ kind: 'saving' });
    send(input).then(
      (stored) => {
        setOutcome({ kind: 'saved' });
        onStored(stored);
      },
      (error: unknown) => setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ProductFields draft={draft} errors={errors} onChange={change} />
      <div className={styles.wide}>
        <button type="submit" className={ui.button} disabled={outcome.kind === 'saving'}>
          {outcome.kind === 'saving' ? t('form.saving') : product ? t('form.save') : t('form.create')}
        </button>
      </div>
      <div className={styles.wide} role="status">
        {outcome.kind === 'saved' && product && <p className={ui.success}>{t('form.saved')}</p>}
        {outcome.kind === 'nothing' && <p className={ui.notice}>{t('form.nothing')}</p>}
      </div>
      {(outcome.kind === 'invalid' || outcome.kind === 'failed') && (
        <p className={`${ui.alert} ${styles.wide}`} role="alert">
          {outcome.kind === 'failed' ? t('form.failed', { message: outcome.message }) : t('form.fix')}
        </p>
      )}
    </form>
  );
}
