import { language, type Language } from 'shared-events';
import { useHydrated, useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import styles from './Header.module.css';

const choices: { value: Language; label: string }[] = [
  { value: 'en', label: 'EN' },
  { value: 'ru', label: 'RU' },
];

export function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  const live = useHydrated();
  return (
    <div className={styles.language} role="group" aria-label={t('language.label')}>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          lang={choice.value}
          aria-pressed={current === choice.value}
          className={current === choice.value ? `${styles.langButton} ${styles.langButtonActive}` : styles.langButton}
          onClick={() => language.set(choice.value)}
          disabled={!live}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
