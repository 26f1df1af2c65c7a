import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductDetail } from '../api/catalogApi.ts';
import type { ProductInput } from 'catalog-api/products';
import { useT } from '../i18n/useT.ts';
import { formatMoney } from '../ui/format.ts';
import { cellChange, editText, pendingValue, type CellKind, type CellState } from './inlineEdit.ts';
import styles from './Products.module.css';

interface Props {
  kind: CellKind;
  /** Cents for a price, units for stock. */
  value: number;
  title: string;
  save: (change: ProductInput) => Promise<ProductDetail>;
  /** The product as the catalogue stored it. */
  onSaved: (product: ProductDetail) => void;
}

/** A price or stock of a list row, changed in place: select it, type, Enter saves, Escape cancels. */
export function InlineCell({ kind, value, title, save, onSaved }: Props) {
  const t = useT();
  const errorId = useId();
  const [state, setState] = useState<CellState>({ mode: 'view' });
  const [shown, setShown] = useState(value);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const field = t(kind === 'price' ? 'products.price' : 'products.stock');

  useEffect(() => setShown(value), [value]);
  useEffect(() => {
    if (state.mode === 'editing') input.current?.focus();
    if (state.mode === 'saved' || state.mode === 'failed') button.current?.focus();
  }, [state.mode]);

  const submit = (text: string) => {
    const result = cellChange(kind, text);
    if ('error' in result) return setState({ mode: 'editing', text, error: result.error });
    setState({ mode: 'saving', text });
    setShown(pendingValue(kind, result.change, value));
    save(result.change).then(
      (product) => {
        setState({ mode: 'saved' });
        onSaved(product);
      },
      (error: unknown) => {
        // What the row showed while saving goes back to what the catalogue holds.
        setShown(value);
        setState({ mode: 'failed', text, message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setState({ mode: 'view' });
      setTimeout(() => button.current?.focus());
    }
  };

  if (state.mode === 'editing') {
    return (
      <span className={styles.cell}>
        <input
          ref={input}
          className={styles.input}
          inputMode={kind === 'price' ? 'decimal' : 'numeric'}
          aria-label={t('cell.input', { field, title })}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
          defaultValue={state.text}
          onKeyDown={onKeyDown}
        />
        {state.error && (
          <span id={errorId} className={styles.failed}>
            {t(state.error.key, state.error.values)}
          </span>
        )}
      </span>
    );
  }

  const start = () => setState({ mode: 'editing', text: state.mode === 'failed' ? state.text : editText(kind, value), error: null });
  const visible = kind === 'price' ? formatMoney(shown) : String(shown);
  // The name starts with what the button shows (WCAG 2.5.3: a person saying what they see reaches it).
  const name = t('cell.edit', { value: visible, field: t(kind === 'price' ? 'cell.field.price' : 'cell.field.stock'), title });
  return (
    <span className={styles.cell}>
      <button ref={button} type="button" className={styles.value} aria-label={name} onClick={start} disabled={state.mode === 'saving'}>
        {visible}
      </button>
      <span role="status" className={state.mode === 'saved' ? styles.saved : styles.status}>
        {state.mode === 'saving' ? t('cell.saving') : state.mode === 'saved' ? t('cell.saved') : ''}
      </span>
      {state.mode === 'failed' && (
        <span role="alert" className={styles.failed}>
          {t('cell.failed', { message: state.message })}
        </span>
      )}
    </span>
  );
}
