import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTACT_BODY_LIMIT } from '../bodyLimits.ts';
import type { ContactStore } from './contactStore.ts';

const contactBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name is too long'),
  email: z.string().trim().max(320, 'email is too long').email('email is not a valid address'),
  message: z.string().trim().min(1, 'message is required').max(5000, 'message is too long (5000 characters at most)'),
});

/** `config`: the route's rate limit tier (counted before the body is read, so broken posts count too). */
export function registerContactRoute(app: FastifyInstance, store: ContactStore, options: { config?: object } = {}): void {
  app.post('/api/contact', { bodyLimit: CONTACT_BODY_LIMIT, config: options.config ?? {} }, async (request, reply) => {
    const parsed = contactBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'invalid message' });
    }
    const id = await store.save(parsed.data);
    return reply.code(201).send({ id });
  });
}
