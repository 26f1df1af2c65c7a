import type { MessageKey } from '../../i18n/messages.en.ts';

export type ContactForm = { name: string; email: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactForm, MessageKey>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks mirror the server's, so the shopper sees a message before anything is sent. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.name.trim()) errors.name = 'contact.nameRequired';
  if (!emailPattern.test(form.email.trim())) errors.email = 'contact.emailInvalid';
  if (!form.message.trim()) errors.message = 'contact.messageRequired';
  return errors;
}
