import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { cart, formatPrice } from 'shared-events';
import type { CartLine } from '../cart-state/summary.ts';
import { useT } from '../i18n/useT.ts';
import { MinusIcon, PlusIcon, TrashIcon } from '../ui/icons.tsx';
import { Thumb } from '../ui/Thumb.tsx';
import styles from './CartPage.module.css';

type Props = {
  line: CartLine;
  onRemove: (index: number) => void;
  removeRef: (index: number, node: HTMLButtonElement | null) => void;
};

/** One line of the cart table: product (remove, thumbnail, title), price, quantity, subtotal. */
export function CartRow({ line, onRemove, removeRef }: Props) {
  const t = useT();
  const { item, index } = line;
  const decrease = useRef<HTMLButtonElement>(null);
  const increase = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'decrease' | 'increase' | null>(null);

  // A stepper button that reaches its bound is disabled, which would drop keyboard focus on the
  // page body; hand focus to the other button instead.
  useLayoutEffect(() => {
    const which = pressed.current;
    pressed.current = null;
    if (which === 'increase' && increase.current?.disabled) decrease.current?.focus();
    if (which === 'decrease' && decrease.current?.disabled) increase.current?.focus();
  }, [item.qun]);

  const step = (which: 'decrease' | 'increase') => {
    pressed.current = which;
    if (which === 'increase') cart.incrementAt(index);
    else cart.decrementAt(index);
  };

  const labels = { product: t('column.product'), price: t('column.price'), quantity: t('column.quantity'), subtotal: t('column.subtotal') };
  return (
    <tr className={styles.row}>
      <td className={styles.productCell} data-label={labels.product}>
        <div className={styles.product}>
          <button
            ref={(node) => removeRef(index, node)}
            type="button"
            className={styles.remove}
            aria-label={t('item.remove', { title: item.title })}
            onClick={() => onRemove(index)}
          >
            <TrashIcon />
          </button>
          <Thumb key={item.thumbnail} src={item.thumbnail} size={72} className={styles.thumb} />
          <div className={styles.productText}>
            <Link to={`/shop/${item.id}`} className={styles.productTitle}>
              {item.title}
            </Link>
            {item.brand && <span className={styles.brand}>{item.brand}</span>}
          </div>
        </div>
      </td>
      <td className={`${styles.cell} ${styles.num}`} data-label={labels.price}>
        <span className={styles.money}>{formatPrice(line.unitCents)}</span>
      </td>
      <td className={`${styles.cell} ${styles.center}`} data-label={labels.quantity}>
        <div className={styles.quantity}>
          <div className={styles.stepper} role="group" aria-label={t('quantity.value', { title: item.title })}>
            <button
              ref={decrease}
              type="button"
              className={styles.stepButton}
              aria-label={t('quantity.decrease', { title: item.title })}
              disabled={!line.canDecrement}
              onClick={() => step('decrease')}
            >
              <MinusIcon />
            </button>
            <output className={styles.qty} aria-live="polite" data-testid="cart-qty">
              {item.qun}
            </output>
            <button
              ref={increase}
              type="button"
              className={styles.stepButton}
              aria-label={t('quantity.increase', { title: item.title })}
              disabled={!line.canIncrement}
              onClick={() => step('increase')}
            >
              <PlusIcon />
            </button>
          </div>
          {line.atStockLimit && <span className={styles.limit}>{t('quantity.limit', { stock: item.stock })}</span>}
        </div>
      </td>
      <td className={`${styles.cell} ${styles.num}`} data-label={labels.subtotal}>
        <strong className={styles.money} data-testid="cart-line-subtotal">
          {formatPrice(line.lineCents)}
        </strong>
      </td>
    </tr>
  );
}
