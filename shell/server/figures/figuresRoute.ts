// GET /api/figures/vitals: real shoppers' Web Vitals per route for the back office. The gateway has no
// token verifier of its own (one stays in the checkout), so it asks the checkout whether the caller is
// staff, with the caller's own Authorization header, and answers as the checkout did. Staff get INP
// per route and per interaction (the role of the element and the listed interaction's name).
import type { FastifyInstance } from 'fastify';
import { problem, vitalsFigures as vitalsFiguresAnswer } from 'gateway-api/figures';
import { answerCheck } from 'service-kit/answer-check';
import { interactionFigures, vitalsFigures } from './vitalsFigures.ts';

export const VITALS_FIGURES_PATH = '/api/figures/vitals';

/** The checkout's verdict on the caller: null when staff, else the status and message to answer. */
async function staffRefusal(checkoutUrl: string, headers: Record<string, string | undefined>): Promise<{ status: number; message: string } | null> {
  const forwarded: Record<string, string> = {};
  for (const name of ['authorization', 'sec-fetch-site'] as const) if (headers[name]) forwarded[name] = headers[name];
  try {
    const response = await fetch(new URL('/api/checkout/staff/me', checkoutUrl), { headers: forwarded, signal: AbortSignal.timeout(5000) });
    if (response.ok) return null;
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    if (response.status === 401 || response.status === 403) {
      return { status: response.status, message: typeof body.message === 'string' ? body.message : 'Staff only' };
    }
    return { status: 503, message: 'Signing in cannot be checked right now; please try again in a moment' };
  } catch {
    return { status: 503, message: 'Signing in cannot be checked right now; please try again in a moment' };
  }
}

export function registerVitalsFiguresRoute(app: FastifyInstance, options: { checkoutUrl: string }): void {
  app.get(VITALS_FIGURES_PATH, { preSerialization: answerCheck(vitalsFiguresAnswer, problem) }, async (request, reply) => {
    const refusal = await staffRefusal(options.checkoutUrl, {
      authorization: request.headers.authorization,
      'sec-fetch-site': request.headers['sec-fetch-site'],
    });
    reply.header('cache-control', 'no-store');
    if (refusal) {
      if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="staff"');
      return reply.code(refusal.status).send({ message: refusal.message });
    }
    const [routes, interactions] = await Promise.all([vitalsFigures(), interactionFigures()]);
    return { since: new Date(Date.now() - process.uptime() * 1000).toISOString(), routes, interactions };
  });
}
