import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT.ts';
import controls from '../../styles/controls.module.css';
import styles from './ContactPage.module.css';
import { validateContact, type ContactErrors, type ContactForm } from './contactForm.ts';
import { StoreMap } from './StoreMap.tsx';

type Status = 'idle' | 'sending' | 'sent' | 'failed';
const empty: ContactForm = { name: '', email: '', message: '' };

export function ContactPage() {
  const t = useT();
  const [form, setForm] = useState<ContactForm>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>('idle');

  const update = (field: keyof ContactForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus('sending');
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      if (!response.ok) throw new Error(`contact answered ${response.status}`);
      setForm(empty);
      setStatus('sent');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <section className={styles.contact}>
      <h1>{t('contact.title')}</h1>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <p className={styles.intro}>{t('contact.intro')}</p>
          <Field id="contact-name" label={t('contact.name')} error={errors.name && t(errors.name)}>
            <input
              id="contact-name"
              className={controls.input}
              type="text"
              autoComplete="name"
              value={form.name}
              onChange={(e) => update('name')(e.target.value)}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'contact-name-error' : undefined}
            />
          </Field>
          <Field id="contact-email" label={t('contact.email')} error={errors.email && t(errors.email)}>
            <input
              id="contact-email"
              className={controls.input}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => update('email')(e.target.value)}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'contact-email-error' : undefined}
            />
          </Field>
          <Field id="contact-message" label={t('contact.message')} error={errors.message && t(errors.message)}>
            <textarea
              id="contact-message"
              className={controls.input}
              rows={3}
              value={form.message}
              onChange={(e) => update('message')(e.target.value)}
              aria-invalid={Boolean(errors.message)}
              aria-describedby={errors.message ? 'contact-message-error' : undefined}
            />
          </Field>
          <button type="submit" className={controls.button} disabled={status === 'sending'}>
            {status === 'sending' ? t('contact.sending') : t('contact.post')}
          </button>
          <p role="status" className={status === 'failed' ? styles.failed : styles.sent}>
            {status === 'sent' && t('contact.sent')}
            {status === 'failed' && t('contact.failed')}
          </p>
        </form>
        <StoreMap label={t('contact.map')} />
      </div>
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={controls.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
