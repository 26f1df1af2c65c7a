// Apart from profile.ts: the dashboard shows only the greeting before Firebase has answered, and the
// sections that need the rest come in a chunk of their own.
import type { AuthUser } from 'shared-events';
import type { UserRecord } from '../firebase/userRecord.ts';

/** A record's field as text ('' when it is missing or not a string). */
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A name to greet with: the record's username, else the display name, else the email's local part. */
export function greetingName(record: UserRecord | null, user: AuthUser | null): string {
  const name = text(record?.username).trim() || text(user?.displayName).trim();
  if (name) return name;
  const email = text(user?.email);
  return email.includes('@') ? email.slice(0, email.indexOf('@')) : email;
}
