import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { bus, cart } from 'shared-events';
import { summarize } from '../cart-state/summary.ts';
import { useCartItems } from 'shared-events/react';
import { useT, useTn } from '../i18n/useT.ts';
import { CartIcon } from '../ui/icons.tsx';
import a11y from '../ui/a11y.module.css';
import { CartRow } from './CartRow.tsx';
import { CartTotals } from './CartTotals.tsx';
import { CouponForm } from './CouponForm.tsx';
import { rereadCart } from './rereadCart.ts';
import { useCoupon } from './useCoupon.ts';
import styles from './CartPage.module.css';

const UPDATED_NOTICE_MS = 2500;

/**
 * /cart-list. Every change goes through the shared `cart` store, so the header badge,
 * the mini-cart and other tabs follow this page instantly, and this page follows them.
 */
export default function CartPage() {
  const t = useT();
  const tn = useTn();
  const items = useCartItems();
  const summary = useMemo(() => summarize(items), [items]);
  const coupon = useCoupon(items);
  const [updated, setUpdated] = useState(0);
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterRemove = useRef<number | null>(null);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  // Removing a line takes its button away: move focus to the next line, or to the empty state.
  useEffect(() => {
    const removed = focusAfterRemove.current;
    if (removed === null) return;
    focusAfterRemove.current = null;
    const next = removeButtons.current.slice(0, items.length)[Math.min(removed, items.length - 1)];
    (next ?? emptyHeading.current)?.focus();
  }, [items]);

  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => setUpdated(0), UPDATED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [updated]);

  const remove = useCallback((index: number) => {
    focusAfterRemove.current = index;
    cart.removeAt(index);
  }, []);

  const setRemoveRef = useCallback((index: number, node: HTMLButtonElement | null) => {
    removeButtons.current[index] = node;
  }, []);

  const update = () => {
    rereadCart();
    coupon.recheck();
    setUpdated((n) => n + 1);
  };

  return (
    <section className={styles.page} data-remote="cart" data-bus-id={bus.instanceId} aria-labelledby={titleId}>
      <header className={styles.pageHead}>
        <h1 id={titleId} className={styles.title}>
          {t('page.title')}
        </h1>
        {summary.count > 0 && <p className={styles.lead}>{tn('page.count', summary.count)}</p>}
      </header>

      {summary.count === 0 ? (
        <div className={styles.empty}>
          <span className={styles.emptyIcon}>
            <CartIcon size={36} />
          </span>
          <h2 ref={emptyHeading} tabIndex={-1} className={styles.emptyTitle}>
            {t('page.emptyTitle')}
          </h2>
          <p className={styles.emptyText}>{t('page.emptyText')}</p>
          <Link to="/shop" className={styles.buttonPrimary}>
            {t('page.emptyShop')}
          </Link>
        </div>
      ) : (
        <div className={styles.layout}>
          <div className={styles.main}>
            <table className={styles.table}>
              <caption className={a11y.visuallyHidden}>{t('page.caption')}</caption>
              <thead className={styles.head}>
                <tr>
                  <th scope="col" className={styles.th}>
                    {t('column.product')}
                  </th>
                  <th scope="col" className={`${styles.th} ${styles.num}`}>
                    {t('column.price')}
                  </th>
                  <th scope="col" className={`${styles.th} ${styles.center}`}>
                    {t('column.quantity')}
                  </th>
                  <th scope="col" className={`${styles.th} ${styles.num}`}>
                    {t('column.subtotal')}
                  </th>
                </tr>
              </thead>
              <tbody className={styles.body}>
                {summary.lines.map((line) => (
                  <CartRow key={line.item.id} line={line} onRemove={remove} removeRef={setRemoveRef} />
                ))}
              </tbody>
            </table>

            <div className={styles.actions}>
              <CouponForm coupon={coupon} />
              <div className={styles.updateGroup}>
                <button type="button" className={styles.buttonOutline} onClick={update}>
                  {t('update.button')}
                </button>
                <Link to="/shop" className={styles.continueLink}>
                  {t('page.continue')}
                </Link>
                <p role="status" className={styles.updated}>
                  {updated ? t('update.done') : null}
                </p>
              </div>
            </div>
          </div>
          <CartTotals summary={summary} coupon={coupon.applied} />
        </div>
      )}
    </section>
  );
}
