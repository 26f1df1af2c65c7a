import { lazy, Suspense, useRef, useState } from 'react';
import { compare, toast } from 'shared-events';
import { useCompareIds, useHydrated } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { translate, useT } from '../i18n/useT.ts';
import { CompareIcon } from '../ui/icons.tsx';
import styles from './ProductLists.module.css';

// Needed only when a shopper compares a fifth product: a chunk of its own, not on every card's page.
const CompareFullDialog = lazy(async () => ({
  default: (await import(/* webpackChunkName: "compare-full" */ './CompareFullDialog.tsx')).CompareFullDialog,
}));

type Props = {
  product: Pick<Product, 'id' | 'title'>;
  className: string | undefined;
  variant: 'icon' | 'text';
};

/** Puts the product in the compare tray or takes it out; with four there, asks which one to drop. */
export function CompareButton({ product, className, variant }: Props) {
  const t = useT();
  const live = useHydrated();
  const comparing = useCompareIds().includes(product.id);
  const [askingWhichToDrop, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const onClick = () => {
    if (comparing) {
      compare.remove(product.id);
      toast.show(translate('compare.removed', { title: product.title }), { kind: 'success' });
      return;
    }
    if (!compare.add(product.id).ok) return setAsking(true);
    toast.show(translate('compare.added', { title: product.title }), { kind: 'success' });
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${className ?? ''} ${comparing ? styles.pressed : ''}`}
        aria-pressed={comparing}
        onClick={onClick}
        disabled={!live}
      >
        <CompareIcon size={variant === 'icon' ? 18 : 20} />
        {variant === 'icon' ? (
          <span className={styles.visuallyHidden}>
            {t('card.compare')}: {product.title}
          </span>
        ) : (
          t('card.compare')
        )}
      </button>
      {askingWhichToDrop ? (
        <Suspense fallback={null}>
          <CompareFullDialog
            incoming={product}
            onClose={(dropped) => {
              setAsking(false);
              button.current?.focus();
              if (dropped === undefined) return;
              compare.swap(dropped, product.id);
              toast.show(translate('compare.added', { title: product.title }), { kind: 'success' });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
