import { toast, wishlist } from 'shared-events';
import { useHydrated, useWishlistIds } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { translate, useT } from '../i18n/useT.ts';
import { HeartIcon } from '../ui/icons.tsx';
import styles from './ProductLists.module.css';

/** Adds the product to the wish list or takes it out, and says so in a toast. */
export function toggleWish(product: Pick<Product, 'id' | 'title'>): void {
  const added = wishlist.toggle(product.id);
  toast.show(translate(added ? 'wish.added' : 'wish.removed', { title: product.title }), { kind: 'success' });
}

type Props = {
  product: Pick<Product, 'id' | 'title'>;
  className: string | undefined;
  /** 'icon': the round card action (its name is visually hidden); 'text': the product page button. */
  variant: 'icon' | 'text';
};

/** The heart: a toggle button, pressed (and filled) while the product is in the wish list. */
export function WishButton({ product, className, variant }: Props) {
  const t = useT();
  const live = useHydrated();
  const saved = useWishlistIds().includes(product.id);
  const icon = <HeartIcon size={variant === 'icon' ? 18 : 20} fill={saved ? 'currentColor' : 'none'} />;
  return (
    <button
      type="button"
      className={`${className ?? ''} ${saved ? styles.pressed : ''}`}
      aria-pressed={saved}
      onClick={() => toggleWish(product)}
      disabled={!live}
    >
      {icon}
      {variant === 'icon' ? (
        <span className={styles.visuallyHidden}>
          {t('card.wishList')}: {product.title}
        </span>
      ) : (
        t('product.addToWishList')
      )}
    </button>
  );
}
