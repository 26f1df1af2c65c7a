import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { catalog, listUrl, type ListParams } from '../api/client.ts';
import type { Product } from '../api/schemas.ts';
import { useRequest } from '../api/useRequest.ts';
import { HydrateLater, markBusInstance } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { ReturnIcon, ShieldIcon, TruckIcon } from '../ui/icons.tsx';
import { ProductCard, ProductCardSkeleton } from '../ui/ProductCard.tsx';
import { ErrorState } from '../ui/Status.tsx';
import { bannerUrl, HeroCarousel } from './HeroCarousel.tsx';
import { HOME_SECTIONS } from './homeQueries.ts';
import { ProductCarousel } from './ProductCarousel.tsx';
import styles from './HomePage.module.css';

const SERVICES = [
  { icon: ShieldIcon, title: 'home.service.warranty', text: 'home.service.warrantyText' },
  { icon: TruckIcon, title: 'home.service.shipping', text: 'home.service.shippingText' },
  { icon: ReturnIcon, title: 'home.service.returns', text: 'home.service.returnsText' },
] as const;

const AD_TILES = [
  { image: 4, eyebrow: 'home.ad.1.eyebrow', title: 'home.ad.1.title' },
  { image: 5, eyebrow: 'home.ad.2.eyebrow', title: 'home.ad.2.title' },
  { image: 6, eyebrow: 'home.ad.3.eyebrow', title: 'home.ad.3.title' },
] as const;

function useSection(params: ListParams) {
  return useRequest(
    listUrl(params),
    (signal) => catalog.listProducts(params, signal),
    () => catalog.peekList(params),
  );
}

export default function HomePage() {
  const t = useT();
  const newArrivals = useSection(HOME_SECTIONS.newArrivals);
  const bestsellers = useSection(HOME_SECTIONS.bestsellers);
  const specialOffers = useSection(HOME_SECTIONS.specialOffers);

  return (
    <div className={styles.page} data-remote="catalog" ref={markBusInstance}>
      <h1 className={styles.visuallyHidden}>{t('home.title')}</h1>
      <HeroCarousel />

      <ul className={styles.services} aria-label={t('home.services')}>
        {SERVICES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.service}>
            <span className={styles.serviceIcon}>
              <Icon size={26} />
            </span>
            <span>
              <strong className={styles.serviceTitle}>{t(title)}</strong>
              <span className={styles.serviceText}>{t(text)}</span>
            </span>
          </li>
        ))}
      </ul>

      <section className={styles.ads} aria-label={t('home.ads')}>
        {AD_TILES.map((tile) => (
          <Link key={tile.image} to="/shop" className={styles.ad}>
            <img className={styles.adImage} src={bannerUrl(tile.image)} alt="" width={800} height={450} loading="lazy" decoding="async" />
            <span className={styles.adCopy}>
              <span className={styles.adEyebrow}>{t(tile.eyebrow)}</span>
              <span className={styles.adTitle}>{t(tile.title)}</span>
              <span className={styles.adCta}>{t('home.ad.cta')}</span>
            </span>
          </Link>
        ))}
      </section>

      {/* Below the fold on a phone, like the sections after it (on every screen size): each hydrates when near the viewport, on idle or at the first input. */}
      <HydrateLater>
        <Section id="new-arrivals" title={t('home.newArrivals')} subtitle={t('home.newArrivalsText')} viewAll="/shop?sort=new-arrival">
          <SectionBody request={newArrivals} skeletons={4} carousel>
            {(products) => <ProductCarousel products={products} label={t('home.newArrivals')} />}
          </SectionBody>
        </Section>
      </HydrateLater>

      <HydrateLater>
        <Section id="bestsellers" title={t('home.bestsellers')} subtitle={t('home.bestsellersText')} viewAll="/shop?sort=best-seller">
          <SectionBody request={bestsellers} skeletons={4}>
            {(products) => <ProductGrid products={products} badge="discount" />}
          </SectionBody>
        </Section>
      </HydrateLater>

      <HydrateLater>
        <Section id="special-offers" title={t('home.specialOffers')} subtitle={t('home.specialOffersText')} viewAll="/shop?sort=final-offer">
          <SectionBody request={specialOffers} skeletons={4}>
            {(products) => <ProductGrid products={products} badge="discount" />}
          </SectionBody>
        </Section>
      </HydrateLater>
    </div>
  );
}

function Section({ id, title, subtitle, viewAll, children }: { id: string; title: string; subtitle: string; viewAll: string; children: ReactNode }) {
  const t = useT();
  const headingId = `home-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={headingId} className={styles.sectionTitle}>
            {title}
          </h2>
          <p className={styles.sectionText}>{subtitle}</p>
        </div>
        <Link to={viewAll} className={styles.viewAll}>
          {t('home.viewAll')}
          <span className={styles.visuallyHidden}>: {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

type SectionRequest = ReturnType<typeof useSection>;

function SectionBody({
  request,
  skeletons,
  carousel = false,
  children,
}: {
  request: SectionRequest;
  skeletons: number;
  carousel?: boolean;
  children: (products: readonly Product[]) => ReactNode;
}) {
  const t = useT();
  if (request.status === 'error') return <ErrorState error={request.error} onRetry={request.retry} />;
  if (!request.data)
    return (
      <div className={`${styles.grid} ${carousel ? styles.gridCarousel : ''}`} aria-hidden="true">
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} actions="overlay" />
        ))}
      </div>
    );
  if (request.data.products.length === 0) return <p className={styles.sectionText}>{t('home.sectionEmpty')}</p>;
  return <>{children(request.data.products)}</>;
}

function ProductGrid({ products, badge }: { products: readonly Product[]; badge: 'new' | 'discount' }) {
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={product.id} className={styles.cell}>
          <ProductCard product={product} badge={badge} actions="overlay" source="catalog/home" />
        </li>
      ))}
    </ul>
  );
}
