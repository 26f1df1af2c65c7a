import type { FastifyInstance } from 'fastify';
import createError from 'http-errors';
import { IdentityToolkitError } from 'service-kit/firebase-auth';
import { z } from 'zod';
import { validationError } from '../http/errors.ts';
import { LANGS, type Lang } from '../orders/model.ts';
import type { Log } from '../orders/stock.ts';
import { passwordResetMessage } from '../storage/outboxMessages.ts';
import type { OutboxStore } from '../storage/outbox.ts';
import type { ResetCodes } from './resetCodes.ts';

const resetRequestSchema = z.object(
  {
    email: z
      .string({ message: 'Please enter the valid email' })
      .trim()
      .toLowerCase()
      .max(320)
      .pipe(z.email({ message: 'Please enter the valid email' })),
    // The page's language, for the message; anything else means English.
    lang: z.enum(LANGS).optional().catch(undefined),
  },
  { message: 'The request body must be a JSON object' },
);

/** The shop's own reset page with the Auth service's code (also a real Firebase project's custom action URL). */
export function resetLink(origin: string, code: string, lang: Lang): string {
  const query = new URLSearchParams({ mode: 'resetPassword', oobCode: code, lang });
  return `${origin}/reset-password?${query}`;
}

/**
 * POST /api/checkout/password-reset {email, lang?}: 202 {} whether or not the account exists (the
 * answer, and the work done before it, are the same), and for an account the reset message is
 * queued in the outbox. 503 when the Auth service cannot be asked, 400 for a malformed address.
 */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { codes: ResetCodes | null; outbox: OutboxStore; origin: string; log: Log; now: () => Date; limit?: object },
): void {
  app.post('/api/checkout/password-reset', { config: deps.limit ?? {} }, async (request, reply) => {
    const parsed = resetRequestSchema.safeParse(request.body);
    if (!parsed.success) throw validationError('password reset request', parsed.error);
    if (!deps.codes)
      throw createError(
        503,
        'Password reset is not configured here (FIREBASE_AUTH_EMULATOR_HOST with FIREBASE_AUTH_EMULATOR_SECRET, or GOOGLE_APPLICATION_CREDENTIALS)',
        { expose: true },
      );
    const { email } = parsed.data;
    const lang = parsed.data.lang ?? 'en';
    let code: string | null;
    try {
      code = await deps.codes.codeFor(email);
    } catch (error) {
      if (!(error instanceof IdentityToolkitError)) throw error;
      deps.log.error({ err: error.message }, 'password reset: no code from the Auth service');
      throw createError(503, 'Password reset is not available right now; please try again in a minute', { expose: true });
    }
    if (code) await deps.outbox.enqueue(passwordResetMessage(email, lang, resetLink(deps.origin, code, lang), deps.now().toISOString()));
    return reply.code(202).send({});
  });
}
