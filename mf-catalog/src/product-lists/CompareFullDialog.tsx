import { useEffect, useRef } from 'react';
import { useCompareIds } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { useRequest } from '../api/useRequest.ts';
import { useT } from '../i18n/useT.ts';
import { ProductImage } from '../ui/ProductImage.tsx';
import { loadProductsByIds } from './productsByIds.ts';
import styles from './ProductLists.module.css';

type Props = {
  incoming: Pick<Product, 'id' | 'title'>;
  /** The id the shopper chose to drop, or undefined when they cancelled. */
  onClose: (dropped?: number) => void;
};

/**
 * The tray is full: a modal dialog lists the four products with a "Replace" button each. The native
 * <dialog> keeps focus inside, closes on Escape and returns focus to the Compare button.
 */
export function CompareFullDialog({ incoming, onClose }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const ids = useCompareIds();
  const request = useRequest(`compare-full:${ids.join(',')}`, (signal) => loadProductsByIds(ids, signal));
  const titles = new Map((request.data?.products ?? []).map((product) => [product.id, product]));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The safe choice first: Enter or Space right away keeps the four products.
    cancel.current?.focus();
  }, []);

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={`compare-full-${incoming.id}`} onClose={() => onClose()} onCancel={() => onClose()}>
      <h2 id={`compare-full-${incoming.id}`} className={styles.dialogTitle}>
        {t('compare.fullTitle')}
      </h2>
      <p>{t('compare.fullText', { title: incoming.title })}</p>
      <ul className={styles.dialogList}>
        {ids.map((id) => {
          const product = titles.get(id);
          const title = product?.title ?? `#${id}`;
          return (
            <li key={id}>
              <button type="button" className={styles.choice} onClick={() => onClose(id)}>
                <ProductImage className={styles.thumb} src={product?.thumbnail ?? ''} alt="" width={48} height={48} />
                <span>{t('compare.replace', { title })}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button ref={cancel} type="button" className={styles.primary} onClick={() => onClose()}>
        {t('compare.cancel')}
      </button>
    </dialog>
  );
}
