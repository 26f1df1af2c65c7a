import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import { CatalogError, catalog } from '../api/client.ts';
import type { Product } from '../api/schemas.ts';
import { useRequest } from '../api/useRequest.ts';
import { HydrateLater, markBusInstance, useHydrated } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { colorName } from '../ui/names.ts';
import { addToCart } from '../ui/addToCart.ts';
import { CartIcon } from '../ui/icons.tsx';
import { CompareButton } from '../product-lists/CompareButton.tsx';
import { WishButton } from '../product-lists/WishButton.tsx';
import { Stars } from '../ui/Stars.tsx';
import { ErrorState, statusStyles } from '../ui/Status.tsx';
import { ProductFacts, ProductPrices } from './ProductFacts.tsx';
import { Accordion } from './Accordion.tsx';
import { Gallery } from './Gallery.tsx';
import { DEFAULT_SIZE, parseProductId, SIZES, swatchesFor } from './productId.ts';
import styles from './ProductPage.module.css';

export default function ProductPage() {
  const t = useT();
  const { id: rawId } = useParams();
  const id = parseProductId(rawId);
  // Exactly one request per id: the key is the id, nothing else re-runs it.
  const request = useRequest(
    id === null ? null : `product:${id}`,
    (signal) => catalog.getProduct(id ?? 0, signal),
    () => catalog.peekProduct(id ?? 0),
  );
  const product = request.status === 'success' && request.data.id === id ? request.data : null;

  // The breadcrumb records the product's title as the current name.
  const title = product?.title;
  useEffect(() => {
    if (title) breadcrumb.navigate(title);
  }, [title]);

  const notFound =
    id === null ||
    (request.status === 'error' && request.error instanceof CatalogError && (request.error.kind === 'not-found' || request.error.status === 400));

  return (
    <div className={styles.page} data-remote="catalog" ref={markBusInstance}>
      {notFound ? (
        <div className={styles.notFound} role="status">
          <h1 className={styles.notFoundTitle}>{t('product.notFoundTitle')}</h1>
          <p className={styles.notFoundText}>{t('product.notFoundText', { id: rawId ?? '' })}</p>
          <Link to="/shop" className={statusStyles.button}>
            {t('product.backToShop')}
          </Link>
        </div>
      ) : request.status === 'error' ? (
        <>
          <h1 className={styles.visuallyHidden}>{t('product.errorTitle')}</h1>
          <ErrorState error={request.error} onRetry={request.retry} title={t('product.errorTitle')} />
        </>
      ) : product ? (
        <ProductDetail key={product.id} product={product} />
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const t = useT();
  const live = useHydrated();
  const swatches = swatchesFor(product.color);
  const [color, setColor] = useState(swatches[0]?.name ?? '');
  const [size, setSize] = useState<string>(DEFAULT_SIZE);
  const sizeId = useId();
  const soldOut = product.stock <= 0;
  const images = product.images && product.images.length > 0 ? product.images : product.thumbnail ? [product.thumbnail] : [];

  return (
    <div className={styles.detail}>
      <Gallery images={images} title={product.title} />

      <div className={styles.info}>
        {product.brand ? <p className={styles.brand}>{product.brand}</p> : null}
        <h1 className={styles.title}>{product.title}</h1>
        <div className={styles.ratingRow}>
          <Stars rating={product.rating} size="md" showValue />
        </div>

        <ProductPrices product={product} />

        <fieldset className={styles.swatches} disabled={!live}>
          <legend className={styles.optionLabel}>
            {t('product.color')}: <span className={styles.optionValue}>{colorName(t, color)}</span>
          </legend>
          <div className={styles.swatchRow}>
            {swatches.map((swatch) => (
              <label key={swatch.name} className={styles.swatchOption} title={colorName(t, swatch.name)}>
                <input
                  type="radio"
                  name={`color-${product.id}`}
                  value={swatch.name}
                  checked={color === swatch.name}
                  onChange={() => setColor(swatch.name)}
                  className={styles.swatchInput}
                />
                <span className={styles.swatchDot} style={{ ['--swatch' as string]: swatch.hex }} aria-hidden="true" />
                <span className={styles.visuallyHidden}>{colorName(t, swatch.name)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className={styles.sizeField}>
          <label htmlFor={sizeId} className={styles.optionLabel}>
            {t('product.size')}
          </label>
          <select id={sizeId} className={styles.select} disabled={!live} value={size} onChange={(event) => setSize(event.target.value)}>
            {SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>

        <p className={`${styles.stock} ${soldOut ? styles.stockOut : ''}`}>
          <span className={styles.stockDot} aria-hidden="true" />
          {t('product.stock', { stock: product.stock })}
        </p>

        <div className={styles.actions}>
          <button
            type="button"
            className={styles.addButton}
            disabled={soldOut || !live}
            aria-describedby={soldOut ? `sold-out-${product.id}` : undefined}
            onClick={() => addToCart(product, 'catalog/product-page', 'toast.addedProduct')}
            data-interaction="add-to-cart"
          >
            <CartIcon size={20} />
            {t('product.addToCart')}
          </button>
          <WishButton product={product} className={styles.wishButton} variant="text" />
          <CompareButton product={product} className={styles.wishButton} variant="text" />
        </div>
        {soldOut && (
          <p id={`sold-out-${product.id}`} className={styles.soldOutNote}>
            {t('product.soldOutNote')}
          </p>
        )}

        {/* Below the fold on a phone: hydrated when near the viewport, on idle or at the first input. */}
        <HydrateLater className={styles.later}>
          <ProductFacts product={product} />

          <div className={styles.accordions}>
            <Accordion title={t('product.features')} defaultOpen>
              <p>{product.description || t('product.noDescription')}</p>
            </Accordion>
            <Accordion title={t('product.shipping')}>
              <p>{t('product.shippingText')}</p>
            </Accordion>
          </div>
        </HydrateLater>
      </div>
    </div>
  );
}

function ProductSkeleton() {
  const t = useT();
  return (
    <div className={`${styles.detail} ${styles.skeleton}`} role="status" aria-live="polite">
      <span className={styles.visuallyHidden}>{t('product.loading')}</span>
      <div className={styles.gallery} aria-hidden="true">
        <div className={`${styles.mainImage} ${styles.shimmer}`} />
      </div>
      <div className={styles.info} aria-hidden="true">
        <span className={`${styles.bone} ${styles.boneShort}`} />
        <span className={`${styles.bone} ${styles.boneTitle}`} />
        <span className={`${styles.bone} ${styles.boneShort}`} />
        <span className={`${styles.bone} ${styles.bonePrice}`} />
        <span className={styles.bone} />
        <span className={styles.bone} />
      </div>
    </div>
  );
}
