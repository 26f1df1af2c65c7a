import { useId, type ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.ts';
import ui from '../ui/ui.module.css';
import { COLORS, LIMITS, type DraftErrors, type DraftField, type ProductDraft } from './productForm.ts';
import styles from './Products.module.css';

interface Props {
  draft: ProductDraft;
  errors: DraftErrors;
  onChange: (field: DraftField, value: string) => void;
}

interface FieldProps {
  name: DraftField;
  label: MessageKey;
  hint?: MessageKey;
  wide?: boolean;
  errors: DraftErrors;
  children: (attributes: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control, and beside them (not inside the label) the hint and the field's error. */
function Field({ name, label, hint, wide, errors, children }: FieldProps) {
  const t = useT();
  const id = useId();
  const error = errors[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`${ui.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id}>{t(label)}</label>
      {children({ id, name, ...(error ? { 'aria-invalid': true } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {hint && (
        <span id={`${id}-hint`} className={ui.hint}>
          {t(hint)}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={ui.error}>
          {t(error.key, error.values)}
        </span>
      )}
    </div>
  );
}

/** The product form's fields, with the catalogue's limits as the browser's own. */
export function ProductFields({ draft, errors, onChange }: Props) {
  const t = useT();
  const text =
    (name: DraftField, maxLength: number, extra: { inputMode?: 'decimal' | 'numeric' } = {}) =>
    (attributes: Parameters<FieldProps['children']>[0]) => (
      <input {...attributes} {...extra} value={draft[name]} maxLength={maxLength} onChange={(event) => onChange(name, event.target.value)} />
    );
  return (
    <>
      <Field name="title" label="form.title" wide errors={errors}>
        {text('title', LIMITS.title)}
      </Field>
      <Field name="description" label="form.description" wide errors={errors}>
        {(attributes) => (
          <textarea
            {...attributes}
            value={draft.description}
            maxLength={LIMITS.description}
            onChange={(event) => onChange('description', event.target.value)}
          />
        )}
      </Field>
      <Field name="category" label="form.category" hint="form.categoryHint" errors={errors}>
        {text('category', LIMITS.category)}
      </Field>
      <Field name="brand" label="form.brand" errors={errors}>
        {text('brand', LIMITS.brand)}
      </Field>
      <Field name="price" label="form.price" errors={errors}>
        {text('price', 20, { inputMode: 'decimal' })}
      </Field>
      <Field name="stock" label="form.stock" errors={errors}>
        {text('stock', 10, { inputMode: 'numeric' })}
      </Field>
      <Field name="discountPercentage" label="form.discount" errors={errors}>
        {text('discountPercentage', 10, { inputMode: 'decimal' })}
      </Field>
      <Field name="rating" label="form.rating" errors={errors}>
        {text('rating', 10, { inputMode: 'decimal' })}
      </Field>
      <Field name="color" label="form.color" errors={errors}>
        {(attributes) => (
          <select {...attributes} value={draft.color} onChange={(event) => onChange('color', event.target.value)}>
            <option value="">{t('form.noColor')}</option>
            {COLORS.map((color) => (
              <option key={color} value={color}>
                {t(`color.${color}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="sku" label="form.sku" hint="form.skuHint" errors={errors}>
        {text('sku', LIMITS.sku)}
      </Field>
      <Field name="tags" label="form.tags" hint="form.tagsHint" wide errors={errors}>
        {text('tags', 6000)}
      </Field>
    </>
  );
}
