import { bus } from 'shared-events';
import { usePageAuth, warmUpOnInteraction } from '../auth/usePageAuth.ts';
import { LazyLoginScreen } from '../login/lazyLoginScreen.ts';
import { AccountDashboard } from './AccountDashboard.tsx';
import styles from '../login/LoginPage.module.css';

/** /my-account (exposed as ./MyAccountPage): the dashboard; an anonymous visitor gets the login form first. */
export default function MyAccountPage() {
  const { user } = usePageAuth();
  return (
    <div className={styles.page} data-remote="account" data-bus-id={bus.instanceId} {...warmUpOnInteraction}>
      {user ? <AccountDashboard /> : <LazyLoginScreen redirect={false} />}
    </div>
  );
}
