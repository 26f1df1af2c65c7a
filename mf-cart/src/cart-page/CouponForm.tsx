import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n/useT.ts';
import { CloseIcon } from '../ui/icons.tsx';
import a11y from '../ui/a11y.module.css';
import { COUPON_MAX_LENGTH } from 'shared-events';
import type { CouponState, Notice } from './useCoupon.ts';
import styles from './CartPage.module.css';

const toneClass = { success: styles.noticeSuccess, error: styles.noticeError, info: styles.noticeInfo };

/** Apply Coupon: a code field and button; the checkout service's answer is shown under it. */
export function CouponForm({ coupon }: { coupon: CouponState }) {
  const t = useT();
  const [code, setCode] = useState('');
  const inputId = useId();
  const noticeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    coupon.apply(code);
  };

  const text = (notice: Notice) => ('text' in notice ? notice.text : t(notice.key, notice.params));
  const notice = coupon.notice;
  return (
    <form className={styles.coupon} onSubmit={submit} noValidate aria-busy={coupon.pending}>
      <label htmlFor={inputId} className={a11y.visuallyHidden}>
        {t('coupon.label')}
      </label>
      <div className={styles.couponRow}>
        <input
          id={inputId}
          className={styles.input}
          name="coupon"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={COUPON_MAX_LENGTH}
          placeholder={t('coupon.placeholder')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={noticeId}
          aria-invalid={notice && notice.tone === 'error' && !('key' in notice && notice.key === 'coupon.unavailable') ? true : undefined}
        />
        <button type="submit" className={styles.buttonDark} disabled={coupon.pending}>
          {coupon.pending ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      {coupon.applied && (
        <p className={styles.couponChip}>
          <span>{t('coupon.applied', { code: coupon.applied.code })}</span>
          <button type="button" className={styles.chipRemove} aria-label={t('coupon.remove', { code: coupon.applied.code })} onClick={coupon.remove}>
            <CloseIcon size={14} />
          </button>
        </p>
      )}
      <p id={noticeId} role="status" className={notice ? `${styles.notice} ${toneClass[notice.tone]}` : styles.notice}>
        {notice ? text(notice) : null}
      </p>
    </form>
  );
}
