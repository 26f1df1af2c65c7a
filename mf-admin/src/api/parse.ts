/**
 * Every answer the back office reads goes through its API's contract (orders-api, catalog-api: the
 * schemas the services validate with, decision 0046): a service deployed ahead of or behind this
 * remote shows up as one clear error instead of a blank cell or a crash deep in a table. Fields the
 * contract does not name are dropped (a newer service may send more).
 */
import { problem } from 'orders-api/staff';
import { z } from 'zod';

// Full zod compiles object schemas with new Function unless told not to; the shop's CSP forbids eval.
z.config({ jitless: true });

export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`The staff API answered something this page does not understand (${what})`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** The answer as its contract describes it, or an UnexpectedAnswerError naming the first field that is not. */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new UnexpectedAnswerError(`${issue?.path.join('.') || 'the answer'}: ${issue?.message ?? 'not as described'}`);
}

/** The server's one-line reason from an error body ({message}), or null. */
export function messageOf(body: unknown): string | null {
  const parsed = problem.safeParse(body);
  return parsed.success && parsed.data.message.trim() ? parsed.data.message.trim() : null;
}
