/**
 * How every account-service call talks to Firebase: failures become AccountErrors with stable kinds,
 * and database calls that hang are given up after a while instead of leaving the screen waiting.
 */
import type { z } from 'zod';
import { AccountError } from './errors.ts';
import { fromFirebaseError } from './firebaseErrors.ts';

/** Runs `work`, turning whatever it throws into an AccountError. */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw fromFirebaseError(e);
  }
}

/** Rejects with AccountError("unavailable") if `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AccountError('unavailable', undefined, { code: `timeout:${what}` })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The AccountError for data a schema refused, naming the refused fields in its code. */
export function invalidData(error: z.ZodError): AccountError {
  return new AccountError('invalid-data', undefined, { code: error.issues.map((i) => i.path.join('.')).join(',') });
}
