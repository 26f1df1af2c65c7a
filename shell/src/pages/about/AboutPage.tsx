import { useT } from '../../i18n/useT.ts';
import type { MessageKey } from '../../i18n/messages.en.ts';
import styles from '../static-page.module.css';

const blocks: { title: MessageKey; text: MessageKey }[] = [
  { title: 'about.vision', text: 'about.visionText' },
  { title: 'about.story', text: 'about.storyText' },
  { title: 'about.brands', text: 'about.brandsText' },
];

export function AboutPage() {
  const t = useT();
  return (
    <section className={styles.page}>
      <h1>{t('about.title')}</h1>
      <div className={styles.tiles}>
        <figure className={styles.tile}>
          <svg aria-hidden="true" viewBox="0 0 600 360" width="600" height="360">
            <defs>
              <linearGradient id="about-brands" x1="0" x2="1" y1="0" y2="1">
                <stop offset="0" stopColor="#1f3a5f" />
                <stop offset="1" stopColor="#3d6a9e" />
              </linearGradient>
            </defs>
            <rect width="600" height="360" fill="url(#about-brands)" />
            <circle cx="160" cy="180" r="70" fill="#f4b942" />
            <rect x="270" y="110" width="140" height="140" rx="20" fill="#fdf0e6" />
            <path d="M470 250l60-140 40 140z" fill="#b5d0ee" />
          </svg>
          <figcaption>{t('about.ourBrands')}</figcaption>
        </figure>
        <figure className={styles.tile}>
          <svg aria-hidden="true" viewBox="0 0 600 360" width="600" height="360">
            <defs>
              <linearGradient id="about-stores" x1="0" x2="1" y1="1" y2="0">
                <stop offset="0" stopColor="#b5470f" />
                <stop offset="1" stopColor="#e3894f" />
              </linearGradient>
            </defs>
            <rect width="600" height="360" fill="url(#about-stores)" />
            <rect x="150" y="140" width="300" height="170" fill="#fdf0e6" />
            <path d="M130 140h340l-30-60H160z" fill="#1f3a5f" />
            <rect x="270" y="220" width="60" height="90" fill="#b5470f" />
            <rect x="180" y="180" width="60" height="50" fill="#b5d0ee" />
            <rect x="360" y="180" width="60" height="50" fill="#b5d0ee" />
          </svg>
          <figcaption>{t('about.ourStores')}</figcaption>
        </figure>
      </div>
      <div className={styles.blocks}>
        {blocks.map((block) => (
          <article key={block.title}>
            <h2>{t(block.title)}</h2>
            <p>{t(block.text)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
