import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { bus, cart, formatPrice } from 'shared-events';
import { summarize } from '../cart-state/summary.ts';
import { useCartItems, useDropdown } from 'shared-events/react';
import { useT, useTn } from '../i18n/useT.ts';
import { CartIcon, CloseIcon } from '../ui/icons.tsx';
import { Thumb } from '../ui/Thumb.tsx';
import { placePanel, type Placement } from './panelPlacement.ts';
import styles from './MiniCart.module.css';

/**
 * The header's cart widget: a trigger with the item-count badge and a
 * 360px dropdown listing the cart, its SubTotal, View Cart and Checkout. Everything goes through
 * the shared `cart` store, so it follows the catalogue, the cart page and other tabs instantly.
 */
export default function MiniCart() {
  const t = useT();
  const tn = useTn();
  const items = useCartItems();
  const summary = useMemo(() => summarize(items), [items]);
  const { open, toggle, close, container, trigger } = useDropdown<HTMLDivElement>();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const removeButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAfterRemove = useRef<number | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [pulse, setPulse] = useState(0);
  const { pathname } = useLocation();

  // A new route (links here, Back, or any other navigation) closes the dropdown.
  useEffect(close, [pathname, close]);

  // Something was added somewhere on the page: make the badge say so.
  useEffect(() => {
    const subscription = bus.on('cart:item-added').subscribe(() => setPulse((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const wrapper = container.current;
      if (!wrapper) return;
      setPlacement(placePanel(wrapper.getBoundingClientRect(), document.documentElement.clientWidth, window.innerHeight));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, container]);

  // Removing an item takes its button away; keep keyboard focus in the list instead of losing it.
  useEffect(() => {
    const removed = focusAfterRemove.current;
    if (removed === null) return;
    focusAfterRemove.current = null;
    const next = removeButtons.current.slice(0, items.length)[Math.min(removed, items.length - 1)];
    (next ?? panel.current)?.focus();
  }, [items]);

  const remove = (index: number) => {
    focusAfterRemove.current = index;
    cart.removeAt(index);
  };

  const count = summary.count;
  return (
    <div ref={container} className={styles.miniCart} data-remote="cart" data-bus-id={bus.instanceId}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={tn('mini.trigger', count)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        data-interaction="mini-cart"
      >
        <CartIcon />
        {count > 0 && (
          <span key={pulse} className={pulse > 0 ? `${styles.badge} ${styles.badgePulse}` : styles.badge} aria-hidden="true" data-testid="cart-badge">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          ref={panel}
          className={styles.panel}
          role="region"
          aria-label={t('mini.panel')}
          tabIndex={-1}
          style={placement ? { left: placement.left, right: 'auto', width: placement.width, maxHeight: placement.maxHeight } : undefined}
        >
          <div className={styles.head}>
            <p className={styles.title}>{t('mini.title')}</p>
            <span className={styles.count}>{tn('mini.count', count)}</span>
          </div>
          {count === 0 ? (
            <EmptyMiniCart onLeave={close} />
          ) : (
            <>
              <ul className={styles.list} aria-label={t('mini.items')}>
                {summary.lines.map((line) => (
                  <li key={line.item.id} className={styles.item}>
                    <Thumb key={line.item.thumbnail} src={line.item.thumbnail} size={56} />
                    <div className={styles.info}>
                      <Link to={`/shop/${line.item.id}`} className={styles.itemTitle} onClick={close}>
                        {line.item.title}
                      </Link>
                      <span className={styles.itemPrice}>{t('item.quantityTimesPrice', { qun: line.item.qun, price: formatPrice(line.unitCents) })}</span>
                    </div>
                    <button
                      ref={(node) => {
                        removeButtons.current[line.index] = node;
                      }}
                      type="button"
                      className={styles.remove}
                      aria-label={t('item.remove', { title: line.item.title })}
                      onClick={() => remove(line.index)}
                    >
                      <CloseIcon />
                    </button>
                  </li>
                ))}
              </ul>
              <MiniCartFooter subtotalCents={summary.subtotalCents} onLeave={close} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The empty cart's invitation to shop. */
function EmptyMiniCart({ onLeave }: { onLeave: () => void }) {
  const t = useT();
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <CartIcon size={28} />
      </span>
      <p className={styles.emptyText}>{t('mini.empty')}</p>
      <p className={styles.emptyHint}>{t('mini.emptyHint')}</p>
      <Link to="/shop" className={styles.secondary} onClick={onLeave}>
        {t('mini.shop')}
      </Link>
    </div>
  );
}

/** SubTotal, View Cart and Checkout under the list. */
function MiniCartFooter({ subtotalCents, onLeave }: { subtotalCents: number; onLeave: () => void }) {
  const t = useT();
  return (
    <div className={styles.footer}>
      <p className={styles.subtotal}>
        <span>{t('mini.subtotal')}</span>
        <strong data-testid="mini-cart-subtotal">{formatPrice(subtotalCents)}</strong>
      </p>
      <div className={styles.actions}>
        <Link to="/cart-list" className={styles.secondary} onClick={onLeave}>
          {t('mini.viewCart')}
        </Link>
        <Link to="/checkout" className={styles.primary} onClick={onLeave}>
          {t('mini.checkout')}
        </Link>
      </div>
    </div>
  );
}
