import { useEffect, useState, type KeyboardEvent } from 'react';
import { useHydrated } from 'shared-events/react';
import type { Product } from '../api/schemas.ts';
import { useT } from '../i18n/useT.ts';
import { ChevronLeft, ChevronRight } from '../ui/icons.tsx';
import { ProductCard } from '../ui/ProductCard.tsx';
import { usePrefersReducedMotion, useViewportValue } from '../ui/useMedia.ts';
import { layoutForWidth, NEW_ARRIVALS_DEFAULT, wrapIndex } from './carousel.ts';
import styles from './ProductCarousel.module.css';

const SPEED_MS = 450;

/**
 * The New Arrivals row: 4 / 3 / 2 / 1 cards by width, infinite, previous and next
 * buttons and arrow keys. The list is laid out three times over; after a move settles the position
 * is brought back into the middle copy without animation, so it can go round for ever. Cards that
 * are not in view are inert (out of the tab order and hidden from assistive technology).
 *
 * The two outer copies are only ever seen while the track moves, so they start as empty slots of the
 * same width and become cards once the shopper reaches for the row (pointer, focus or a move): the
 * page's HTML and its hydration carry one copy of the cards instead of three.
 */
export function ProductCarousel({ products, label }: { products: readonly Product[]; label: string }) {
  const t = useT();
  const live = useHydrated();
  const layout = useViewportValue(layoutForWidth, NEW_ARRIVALS_DEFAULT);
  const reducedMotion = usePrefersReducedMotion();
  const n = products.length;
  const infinite = n > layout.show;
  const [position, setPosition] = useState(n + layout.start);
  const [animate, setAnimate] = useState(false);
  const [copiesShown, setCopiesShown] = useState(false);
  const showCopies = () => setCopiesShown(true);

  // A new layout (the window crossed a breakpoint) starts where that layout starts.
  useEffect(() => {
    setAnimate(false);
    setPosition(n + (n > layout.show ? layout.start : 0));
  }, [layout, n]);

  // Once the track stops moving, bring the position back into the middle copy, without animation.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => {
      setAnimate(false);
      setPosition((p) => n + wrapIndex(p - n, n));
    }, SPEED_MS);
    return () => clearTimeout(timer);
  }, [animate, position, n]);

  const move = (direction: 1 | -1) => {
    if (!infinite) return;
    showCopies();
    const target = position + direction * layout.scroll;
    if (reducedMotion) {
      setPosition(n + wrapIndex(target - n, n));
      return;
    }
    // Quick presses keep going while the track moves, as far as the copies on either side reach.
    if (target < 0 || target > 3 * n - layout.show) return;
    setAnimate(true);
    setPosition(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  };

  const copies = infinite ? [0, 1, 2] : [1];
  const first = infinite ? position : n;
  const firstShown = wrapIndex(position - n, n) + 1;
  const lastShown = wrapIndex(position - n + Math.min(layout.show, n) - 1, n) + 1;

  return (
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription={t('carousel.roledescription')}
      aria-label={label}
      onKeyDown={onKeyDown}
      onPointerEnter={showCopies}
      onFocus={showCopies}
    >
      <div className={styles.viewport} style={{ ['--show' as string]: String(layout.show) }}>
        <ul
          className={`${styles.track} ${animate ? styles.animate : ''}`}
          style={{
            transform: infinite ? `translateX(calc(${-position} * 100% / ${layout.show}))` : undefined,
            transitionDuration: animate ? `${SPEED_MS}ms` : '0ms',
          }}
        >
          {copies.flatMap((copy) =>
            products.map((product, i) => {
              const index = copy * n + i;
              const visible = index >= first && index < first + layout.show;
              if (copy !== 1 && !copiesShown) return <li key={`${copy}-${product.id}`} className={styles.item} aria-hidden inert />;
              return (
                <li key={`${copy}-${product.id}`} className={styles.item} aria-hidden={visible ? undefined : true} inert={!visible}>
                  <ProductCard product={product} badge="new" actions="overlay" source="catalog/home" eager={visible} />
                </li>
              );
            }),
          )}
        </ul>
      </div>
      {infinite && (
        <div className={styles.nav}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => move(-1)}
            disabled={!live}
            aria-label={t('carousel.previous')}
            title={t('carousel.previous')}
          >
            <ChevronLeft size={20} />
          </button>
          <p className={styles.position} aria-live="polite">
            {firstShown === lastShown
              ? t('carousel.positionOne', { n: firstShown, count: n })
              : t('carousel.position', { first: firstShown, last: lastShown, count: n })}
          </p>
          <button type="button" className={styles.arrow} onClick={() => move(1)} disabled={!live} aria-label={t('carousel.next')} title={t('carousel.next')}>
            <ChevronRight size={20} />
          </button>
        </div>
      )}
    </div>
  );
}
