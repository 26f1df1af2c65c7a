import { Link } from 'react-router-dom';
import { useScreenT } from '../i18n/useT.ts';
import { signUpStrings } from '../i18n/signUpStrings.ts';
import { CheckIcon } from '../ui/icons/CheckIcon.tsx';
import forms from '../ui/forms.module.css';
import styles from './SignUpPage.module.css';

/** Beside the form: why an account is worth having, and the way to sign in instead. */
export function SignUpAside({ id }: { id: string }) {
  const t = useScreenT(signUpStrings);
  return (
    <aside className={styles.aside} aria-labelledby={`${id}-why`}>
      <h2 id={`${id}-why`} className={styles.asideTitle}>
        {t('signup.why')}
      </h2>
      <ul className={styles.benefits}>
        {(['benefit.checkout', 'benefit.orders', 'benefit.news'] as const).map((key) => (
          <li key={key}>
            <span className={styles.tick}>
              <CheckIcon size={16} />
            </span>
            {t(key)}
          </li>
        ))}
      </ul>
      <p className={styles.asideLogin}>{t('signup.haveAccount')}</p>
      <Link to="/login" className={forms.secondary}>
        {t('signup.loginButton')}
      </Link>
    </aside>
  );
}
