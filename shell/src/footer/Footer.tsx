import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import styles from './Footer.module.css';

const menu: { to: string; label: MessageKey }[] = [
  { to: '/', label: 'nav.home' },
  { to: '/shop', label: 'nav.shop' },
  { to: '/about', label: 'nav.about' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/journal', label: 'nav.journal' },
];
const shop: MessageKey[] = ['categories.furniture', 'categories.electronics', 'categories.clothing', 'categories.bags', 'categories.home-appliances'];
const help: MessageKey[] = ['footer.privacy', 'footer.terms', 'footer.eshop', 'footer.shipping', 'footer.payments'];
const social = [
  { name: 'Facebook', path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
  {
    name: 'Instagram',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    name: 'YouTube',
    path: 'M21 8.5a3 3 0 0 0-2-2C17.3 6 12 6 12 6s-5.3 0-7 .5a3 3 0 0 0-2 2A31 31 0 0 0 3 12a31 31 0 0 0 .5 3.5 3 3 0 0 0 2 2c1.7.5 6.5.5 6.5.5s5.3 0 7-.5a3 3 0 0 0 2-2A31 31 0 0 0 21 12a31 31 0 0 0 0-3.5zM10 15V9l5 3z',
  },
];

/** Footer links other than MENU are placeholders in the spec; they point at the shop rather than nowhere. */
export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-menu">
          <h2 id="footer-menu">{t('footer.menu')}</h2>
          <ul>
            {menu.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('footer.shop')}</h2>
          <ul>
            {shop.map((key) => (
              <li key={key}>
                <Link to={`/shop?category=${key.replace('categories.', '')}`}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{t('footer.help')}</h2>
          <ul>
            {help.map((key) => (
              <li key={key}>
                <Link to="/contact">{t(key)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('footer.contact')}</h2>
          <address>
            <p>
              {t('footer.phone')}: <a href="tel:+15550100200">+1 555 010 0200</a>
            </p>
            <p>
              {t('footer.email')}: <a href="mailto:hello@storefront.example">hello@storefront.example</a>
            </p>
            <p>
              {t('footer.address')}: {t('footer.addressValue')}
            </p>
          </address>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {social.map((network) => (
              <li key={network.name}>
                <a href="/about" aria-label={network.name}>
                  <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                    <path d={network.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
