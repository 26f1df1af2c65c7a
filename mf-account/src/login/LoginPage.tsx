import { lazy, useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { bus } from 'shared-events';
import { usePageAuth, warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { useScreenT } from '../i18n/useT.ts';
import { loginStrings } from '../i18n/loginStrings.ts';
import { CheckIcon } from '../ui/icons/CheckIcon.tsx';
import forms from '../ui/forms.module.css';
import { LoginForm } from './LoginForm.tsx';
import { afterLoginPath } from './redirect.ts';
import styles from './LoginPage.module.css';

// Most who open /login are visitors: the dashboard a signed-in shopper gets here comes in a chunk of
// its own, shown once its strings are here too.
const AccountDashboard = lazy(() =>
  Promise.all([
    import(/* webpackChunkName: "account-dashboard" */ '../my-account/AccountDashboard.tsx'),
    import(/* webpackChunkName: "account-dashboard" */ '../i18n/accountStrings.ts').then((m) => m.accountStrings.ready()),
  ]).then(([m]) => ({ default: m.AccountDashboard })),
);

/**
 * /login (exposed as ./LoginPage). A visitor gets the login form (Returning Customer) and the New
 * Customer block; a signed-in shopper gets the account dashboard, as the spec's second reading says.
 */
export default function LoginPage() {
  const { user } = usePageAuth();
  return (
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...warmUpOnInteraction}>
      {user ? <AccountDashboard /> : <LoginScreen />}
    </div>
  );
}

export function LoginScreen({ redirect = true }: { redirect?: boolean }) {
  const t = useScreenT(loginStrings);
  const location = useLocation();
  const id = useId();
  const redirectTo = redirect ? afterLoginPath(location.state, location.search) : null;
  return (
    <>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.lead}>{t('login.lead')}</p>
      </header>
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby={`${id}-returning`}>
          <h2 id={`${id}-returning`} className={styles.cardTitle}>
            {t('login.returning')}
          </h2>
          <p className={styles.cardIntro}>{t('login.returningIntro')}</p>
          <LoginForm redirectTo={redirectTo} labelledBy={`${id}-returning`} />
        </section>
        <section className={`${styles.card} ${styles.newCustomer}`} aria-labelledby={`${id}-new`}>
          <h2 id={`${id}-new`} className={styles.cardTitle}>
            {t('login.new')}
          </h2>
          <p className={styles.newText}>{t('login.newText')}</p>
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
          <Link to="/sign-up" className={`${forms.primary} ${styles.signUp}`}>
            {t('login.signUp')}
          </Link>
        </section>
      </div>
    </>
  );
}
