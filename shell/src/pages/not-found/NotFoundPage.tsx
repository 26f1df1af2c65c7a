import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/useT.ts';
import controls from '../../styles/controls.module.css';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term) navigate(`/search?q=${encodeURIComponent(term)}`);
  };

  return (
    <section className={styles.notFound}>
      <h1 className={styles.code}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <form role="search" className={styles.search} onSubmit={search}>
        <label htmlFor="not-found-search" className={styles.visuallyHidden}>
          {t('notFound.search')}
        </label>
        <input
          id="not-found-search"
          className={controls.input}
          type="search"
          placeholder={t('notFound.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={controls.button}>
          {t('notFound.searchButton')}
        </button>
      </form>
      <Link to="/" className={controls.button}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
