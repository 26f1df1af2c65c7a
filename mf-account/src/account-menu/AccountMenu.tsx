import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { bus, session, toast, type AuthUser } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { useAccountSession } from '../auth/useAccountSession.ts';
import { useMenuT } from '../i18n/useMenuT.ts';
import { LogInIcon } from '../ui/icons/LogInIcon.tsx';
import { LogOutIcon } from '../ui/icons/LogOutIcon.tsx';
import { UserIcon } from '../ui/icons/UserIcon.tsx';
import { UserPlusIcon } from '../ui/icons/UserPlusIcon.tsx';
import { useDropdown } from 'shared-events/react';
import styles from './AccountMenu.module.css';

/**
 * Who the header should show: what the bus says ('auth:changed', published by this remote once
 * Firebase has confirmed it), and until the bus knows, the localStorage hint, so a returning shopper
 * sees their menu at once without Firebase in the header's first load.
 */
function useHeaderUser(): AuthUser | null {
  const shared = useSyncExternalStore(
    session.subscribe,
    () => session.current,
    () => session.current,
  );
  const local = useAccountSession();
  return shared.known ? shared.user : local.user;
}

const nameOf = (user: AuthUser) => user.displayName?.trim() || user.email || '';

/** The header's account widget (exposed as ./AccountMenu): My Account + Log Out, or Sign Up + Log In. */
export default function AccountMenu() {
  const t = useMenuT();
  const user = useHeaderUser();
  const { open, toggle, close, container, trigger } = useDropdown<HTMLDivElement>();
  const panelId = useId();
  const location = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);

  // Any navigation closes the dropdown.
  useEffect(close, [location.pathname, close]);

  // The first sign of interest starts Firebase, so the real state (and Log Out) are ready in time.
  const warmUp = () => {
    if (accountSession.getState().status === 'idle') void accountSession.connect().catch(() => undefined);
  };

  const logOut = () => {
    if (loggingOut) return;
    setLoggingOut(true);
    accountSession.signOut().then(
      () => {
        setLoggingOut(false);
        close();
        trigger.current?.focus();
        toast.show(t('menu.loggedOut'), { kind: 'info' });
      },
      () => {
        setLoggingOut(false);
        toast.show(t('menu.logOutFailed'), { kind: 'error' });
      },
    );
  };

  const name = user ? nameOf(user) : '';
  const initial = name ? name.charAt(0).toUpperCase() : '';
  return (
    <div ref={container} className={styles.menu} data-remote="account" data-bus-id={bus.instanceId} data-signed-in={user ? 'true' : 'false'}>
      <button
        ref={trigger}
        type="button"
        className={user ? `${styles.trigger} ${styles.triggerSignedIn}` : styles.trigger}
        aria-label={user ? t('menu.triggerSignedIn', { name }) : t('menu.trigger')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          warmUp();
          toggle();
        }}
        onPointerEnter={warmUp}
        onFocus={warmUp}
      >
        {user && initial ? (
          <span className={styles.initial} aria-hidden="true">
            {initial}
          </span>
        ) : (
          <UserIcon />
        )}
      </button>
      {open && (
        <div id={panelId} className={styles.panel} role="region" aria-label={t('menu.panel')}>
          <div className={styles.head}>
            {user ? (
              <>
                <p className={styles.title}>{t('menu.greeting', { name })}</p>
                {user.email && user.email !== name && <p className={styles.sub}>{user.email}</p>}
              </>
            ) : (
              <>
                <p className={styles.title}>{t('menu.guestTitle')}</p>
                <p className={styles.sub}>{t('menu.guestText')}</p>
              </>
            )}
          </div>
          <ul className={styles.list}>
            {user ? (
              <>
                <li>
                  <Link to="/my-account" className={styles.item} onClick={close}>
                    <UserIcon size={18} />
                    {t('menu.myAccount')}
                  </Link>
                </li>
                <li>
                  <button type="button" className={`${styles.item} ${styles.logOut}`} onClick={logOut} disabled={loggingOut}>
                    <LogOutIcon />
                    {loggingOut ? t('menu.loggingOut') : t('menu.logOut')}
                  </button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/sign-up" className={styles.item} onClick={close}>
                    <UserPlusIcon />
                    {t('menu.signUp')}
                  </Link>
                </li>
                <li>
                  <Link to="/login" state={{ from: location }} className={styles.item} onClick={close}>
                    <LogInIcon />
                    {t('menu.logIn')}
                  </Link>
                </li>
              </>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
