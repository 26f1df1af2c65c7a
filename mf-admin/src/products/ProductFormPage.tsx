import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { breadcrumb } from 'shared-events';
import type { CatalogApi, ProductDetail } from '../api/catalogApi.ts';
import { StaffApiError } from '../api/staffApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { ProductForm } from './ProductForm.tsx';
import styles from './Products.module.css';

type Load = { phase: 'loading' } | { phase: 'failed'; message: string; notFound: boolean } | { phase: 'ready'; product: ProductDetail | null };

/** /admin/products/new and /admin/products/{id}: a product's form, and where it goes once stored. */
export default function ProductFormPage({ catalog }: { catalog: CatalogApi }) {
  const t = useT();
  const titleId = useId();
  const { id = 'new' } = useParams();
  const navigate = useNavigate();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const isNew = id === 'new';
  const [load, setLoad] = useState<Load>(isNew ? { phase: 'ready', product: null } : { phase: 'loading' });

  useEffect(() => {
    if (isNew) return setLoad({ phase: 'ready', product: null });
    let live = true;
    setLoad({ phase: 'loading' });
    const notFound = (error: unknown) => error instanceof StaffApiError && (error.status === 404 || error.status === 400);
    catalog.product(Number(id)).then(
      (product) => live && setLoad({ phase: 'ready', product }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error), notFound: notFound(error) }),
    );
    return () => {
      live = false;
    };
  }, [catalog, id, isNew]);

  const product = load.phase === 'ready' ? load.product : null;
  const title = isNew ? t('form.newTitle') : product ? t('form.editTitle', { title: product.title }) : null;
  useEffect(() => {
    if (title) breadcrumb.navigate(title);
  }, [title]);

  const back = (
    <Link className={ui.link} to="/admin/products">
      ← {t('form.back')}
    </Link>
  );
  if (load.phase !== 'ready') {
    const failed = load.phase === 'failed';
    return (
      <section>
        {back}
        <p className={failed ? ui.alert : ui.notice} role={failed ? 'alert' : 'status'}>
          {!failed ? t('form.loading') : load.notFound ? t('form.notFound') : t('form.loadError', { message: load.message })}
        </p>
      </section>
    );
  }
  const stored = (next: ProductDetail) => {
    if (isNew) void navigate(`/admin/products/${next.id}`, { state: { created: true } });
    else setLoad({ phase: 'ready', product: next });
  };
  return (
    <section aria-labelledby={titleId}>
      {back}
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {created && product && (
        <p className={ui.success} role="status">
          {t('form.created', { title: product.title, id: product.id })}{' '}
          <a className={ui.link} href={`/shop/${product.id}`}>
            {t('form.view')}
          </a>
        </p>
      )}
      <ProductForm
        key={product ? `${product.id}` : 'new'}
        product={product}
        send={(input) => (product ? catalog.update(product.id, input) : catalog.create(input))}
        onStored={stored}
      />
    </section>
  );
}
