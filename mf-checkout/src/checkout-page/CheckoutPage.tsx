import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { bus, cart, coupon } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import { useCartItems, useSession } from 'shared-events/react';
import type { PaidOrder } from '../submit/placeOrder.ts';
import { CheckoutForm } from './CheckoutForm.tsx';
import styles from './CheckoutPage.module.css';

// The confirmation comes with the code that pays (usePayOrder.ts), fetched once paying is possible.
const Confirmation = lazy(() => import(/* webpackChunkName: "checkout-pay" */ './Confirmation.tsx').then((m) => ({ default: m.Confirmation })));

/**
 * /checkout (exposed as ./CheckoutPage): billing details, order summary, payment, confirmation.
 * Reads the cart, session and language from shared-events; the checkout service prices and
 * charges the order.
 */
export default function CheckoutPage() {
  const t = useT();
  const items = useCartItems();
  const { user } = useSession();
  const [paid, setPaid] = useState<PaidOrder | null>(null);

  const onPaid = (order: PaidOrder) => {
    // The confirmation stays on screen although the cart it replaced is now empty.
    setPaid(order);
    cart.clear();
    coupon.clear();
  };

  return (
    <section className={styles.page} data-remote="checkout" data-bus-id={bus.instanceId} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        {paid ? t('confirmation.pageTitle') : t('page.title')}
      </h1>
      {paid ? (
        <Suspense fallback={null}>
          <Confirmation order={paid} signedIn={user !== null} />
        </Suspense>
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CheckoutForm items={items} user={user} onPaid={onPaid} />
      )}
    </section>
  );
}

function EmptyCart() {
  const t = useT();
  return (
    <div className={styles.empty}>
      <svg aria-hidden="true" width="64" height="64" viewBox="0 0 64 64" className={styles.emptyIcon}>
        <path d="M8 12h7l6 30h28l6-22H19" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="25" cy="51" r="4" fill="currentColor" />
        <circle cx="45" cy="51" r="4" fill="currentColor" />
      </svg>
      <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
      <p className={styles.muted}>{t('empty.text')}</p>
      <Link to="/shop" className={styles.shopLink}>
        {t('empty.shop')}
      </Link>
    </div>
  );
}
