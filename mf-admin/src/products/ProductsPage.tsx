import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CatalogApi, ProductDetail, ProductPage } from '../api/catalogApi.ts';
import { useT } from '../i18n/useT.ts';
import ui from '../ui/ui.module.css';
import { apiQueryOf, listFromSearch, pageCount, searchFromList, shownRange } from './listQuery.ts';
import { ProductTable } from './ProductTable.tsx';
import styles from './Products.module.css';

type Load = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; page: ProductPage };

/** /admin/products: the catalogue newest first or searched, a page at a time, price and stock changed in place. */
export default function ProductsPage({ catalog }: { catalog: CatalogApi }) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const list = listFromSearch(location.search);
  const [draft, setDraft] = useState(list.q);
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setDraft(listFromSearch(location.search).q), [location.search]);
  useEffect(() => {
    let live = true;
    setLoad({ phase: 'loading' });
    catalog.list(apiQueryOf(listFromSearch(location.search))).then(
      (page) => live && setLoad({ phase: 'ready', page }),
      (error: unknown) => live && setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [catalog, location.search, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ search: searchFromList({ q: draft, page: 1 }) });
  };
  const saved = (product: ProductDetail) =>
    setLoad((current) =>
      current.phase === 'ready'
        ? { ...current, page: { ...current.page, products: current.page.products.map((p) => (p.id === product.id ? product : p)) } }
        : current,
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {t('products.title')}
      </h1>
      <div className={styles.toolbar}>
        <form className={`${ui.field} ${styles.search}`} role="search" onSubmit={submit}>
          <label htmlFor={`${id}-q`}>{t('products.search')}</label>
          <span className={styles.actions}>
            <input
              id={`${id}-q`}
              type="search"
              value={draft}
              maxLength={200}
              placeholder={t('products.searchHint')}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className={ui.button}>
              {t('products.apply')}
            </button>
            {list.q && (
              <Link className={ui.secondary} to={{ search: '' }}>
                {t('products.clear')}
              </Link>
            )}
          </span>
        </form>
        <span className={styles.actions}>
          <Link className={ui.button} to="/admin/products/new">
            {t('products.new')}
          </Link>
          <Link className={ui.secondary} to="/admin/products/import">
            {t('products.import')}
          </Link>
        </span>
      </div>
      <ListBody load={load} q={list.q} page={list.page} catalog={catalog} onSaved={saved} retry={() => setAttempt((n) => n + 1)} />
    </section>
  );
}

interface BodyProps {
  load: Load;
  q: string;
  page: number;
  catalog: CatalogApi;
  onSaved: (product: ProductDetail) => void;
  retry: () => void;
}

function ListBody({ load, q, page, catalog, onSaved, retry }: BodyProps) {
  const t = useT();
  if (load.phase === 'loading') {
    return (
      <p className={ui.notice} role="status">
        {t('products.loading')}
      </p>
    );
  }
  if (load.phase === 'failed') {
    return (
      <div className={ui.alert} role="alert">
        <p>{t('products.error', { message: load.message })}</p>
        <button type="button" className={ui.button} onClick={retry}>
          {t('products.retry')}
        </button>
      </div>
    );
  }
  const { products, total } = load.page;
  if (products.length === 0) return <p className={ui.notice}>{q || page > 1 ? t('products.empty') : t('products.emptyAll')}</p>;
  const range = shownRange({ q, page }, products.length, total);
  return (
    <>
      <p className={ui.hint}>{t('products.editHint')}</p>
      <ProductTable products={products} q={q} catalog={catalog} onSaved={onSaved} />
      <nav className={styles.pages} aria-label={t('products.pages')}>
        {page > 1 && (
          <Link className={ui.secondary} to={{ search: searchFromList({ q, page: page - 1 }) }}>
            {t('products.previous')}
          </Link>
        )}
        <span>{t('products.shown', { from: range.from, to: range.to, total: range.total })}</span>
        {page < pageCount(total) && (
          <Link className={ui.secondary} to={{ search: searchFromList({ q, page: page + 1 }) }}>
            {t('products.next')}
          </Link>
        )}
      </nav>
    </>
  );
}
