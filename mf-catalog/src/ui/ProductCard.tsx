import { Link } from 'react-router-dom';
import { useHydrated } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { addToCart } from './addToCart.ts';
import { CartIcon } from './icons.tsx';
import { CompareButton } from '../product-lists/CompareButton.tsx';
import { WishButton } from '../product-lists/WishButton.tsx';
import { discountBadge, formatDollars } from './price.ts';
import { Stars } from './Stars.tsx';
import styles from './ProductCard.module.css';
import { ProductImage } from './ProductImage.tsx';

export const CARD_IMAGE_SIZE = 320;

type Props = {
  product: Product;
  /** 'list' lays the card out in one row with its description. */
  layout?: 'grid' | 'list';
  /** 'new' shows the "New" badge (home), 'discount' the '-{discountPercentage}%' badge. */
  badge?: 'new' | 'discount';
  /** 'overlay': the home cards' hover/focus actions; 'button': a visible Add to Cart button. */
  actions?: 'overlay' | 'button';
  /** The first cards of a page load eagerly; the rest lazily (below the fold). */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Where the shopper added from, for cart listeners ("catalog/shop", ...). */
  source: string;
};

export function ProductCard({ product, layout = 'grid', badge = 'discount', actions = 'button', eager = false, headingLevel = 3, source }: Props) {
  const t = useT();
  const live = useHydrated();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const discount = discountBadge(product.discountPercentage);
  const soldOut = product.stock <= 0;
  const href = `/shop/${product.id}`;
  const add = () => addToCart(product, source, 'toast.addedListing');

  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : ''}`} data-product-id={product.id}>
      <div className={styles.media}>
        <ProductImage
          className={styles.image}
          src={product.thumbnail}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <div className={styles.badges}>
          {badge === 'new' && <span className={`${styles.badge} ${styles.badgeNew}`}>{t('card.new')}</span>}
          {discount && (
            <span className={`${styles.badge} ${styles.badgeDiscount}`}>
              <span className={styles.visuallyHidden}>{t('card.discount')} </span>
              {discount}
            </span>
          )}
        </div>
        <div className={styles.overlay}>
          <WishButton product={product} className={styles.action} variant="icon" />
          <CompareButton product={product} className={styles.action} variant="icon" />
          {actions === 'overlay' && (
            <button
              type="button"
              className={`${styles.action} ${styles.actionCart}`}
              onClick={add}
              disabled={soldOut || !live}
              title={t('card.addToCart')}
              data-interaction="add-to-cart"
            >
              <CartIcon size={18} />
              <span className={styles.visuallyHidden}>
                {t('card.addToCart')}: {product.title}
              </span>
            </button>
          )}
        </div>
      </div>
      <div className={styles.body}>
        {/* Always one line tall, so a card that learns its brand later does not grow. */}
        <p className={styles.brand} aria-hidden={product.brand ? undefined : true}>
          {product.brand || '\u00a0'}
        </p>
        <Heading className={styles.title}>
          <Link to={href} className={styles.link}>
            {product.title}
          </Link>
        </Heading>
        {layout === 'list' && product.description ? <p className={styles.description}>{product.description}</p> : null}
        <div className={styles.meta}>
          <Stars rating={product.rating} />
        </div>
        <div className={styles.footer}>
          <p className={styles.price}>
            <span className={styles.visuallyHidden}>{t('card.price')} </span>
            {formatDollars(product.price)}
          </p>
          {actions === 'button' &&
            (soldOut ? (
              <span className={styles.soldOut}>{t('card.soldOut')}</span>
            ) : (
              <button type="button" className={styles.addButton} onClick={add} disabled={!live} data-interaction="add-to-cart">
                <CartIcon size={18} />
                <span>{t('card.addToCart')}</span>
                <span className={styles.visuallyHidden}>: {product.title}</span>
              </button>
            ))}
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while products load (same box, so nothing moves when they arrive). */
export function ProductCardSkeleton({ layout = 'grid', actions = 'button' }: { layout?: 'grid' | 'list'; actions?: 'overlay' | 'button' }) {
  return (
    <div className={`${styles.card} ${styles.skeleton} ${layout === 'list' ? styles.list : ''}`} aria-hidden="true" data-skeleton="">
      <div className={styles.media}>
        <div className={styles.shimmer} />
      </div>
      <div className={styles.body}>
        <span className={`${styles.bone} ${styles.boneBrand}`} />
        <span className={`${styles.bone} ${styles.boneTitle}`} />
        <span className={`${styles.bone} ${styles.boneStars}`} />
        <span className={`${styles.bone} ${actions === 'overlay' ? styles.bonePrice : styles.boneFooter}`} />
      </div>
    </div>
  );
}
