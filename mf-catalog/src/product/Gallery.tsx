import { useState, type KeyboardEvent } from 'react';
import { useHydrated } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import styles from './ProductPage.module.css';
import { ProductImage } from '../ui/ProductImage.tsx';

export const MAIN_IMAGE_SIZE = 640;
const THUMB_SIZE = 96;

/** All of a product's images: the main one large, thumbnails below switch it. */
export function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const t = useT();
  const live = useHydrated();
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(0, images.length - 1));
  const main = images[index];

  // Arrow keys move between thumbnails (and show that image), like a toolbar.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const delta = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (delta === 0 || images.length < 2) return;
    event.preventDefault();
    const next = (index + delta + images.length) % images.length;
    setSelected(next);
    const buttons = event.currentTarget.querySelectorAll('button');
    buttons[next]?.focus();
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        {main ? (
          <ProductImage
            key={main}
            src={main}
            alt={t('product.imageAlt', { title, n: index + 1, count: images.length })}
            width={MAIN_IMAGE_SIZE}
            height={MAIN_IMAGE_SIZE}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label={t('product.images')} onKeyDown={onKeyDown}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={`${styles.thumb} ${i === index ? styles.thumbActive : ''}`}
                aria-pressed={i === index}
                aria-label={t('product.showImage', { n: i + 1, count: images.length })}
                onClick={() => setSelected(i)}
                disabled={!live}
              >
                <ProductImage src={src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
