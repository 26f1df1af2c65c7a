import Fastify from 'fastify';
import { z } from 'zod';
import { answerCheck, contractProblem } from './answerCheck.ts';

const order = z.object({ id: z.string(), totalCents: z.number().int(), lines: z.array(z.object({ title: z.string() })) });
const problem = z.looseObject({ message: z.string() });

describe("a route's answers checked against its contract", () => {
  it('names what an answer lacks, what it carries beyond the contract, and lets an exact one through', () => {
    expect(contractProblem(order, { id: 'o1', totalCents: 100, lines: [{ title: 'Lamp' }] })).toBeNull();
    expect(contractProblem(order, { id: 'o1', lines: [] })).toMatch(/^\.totalCents: /);
    expect(contractProblem(order, { id: 'o1', totalCents: 100, lines: [{ title: 'Lamp', unitCents: 100 }] })).toBe(
      '.lines[0].unitCents is not in the contract',
    );
    expect(contractProblem(problem, { message: 'Order not found', code: 'gone' })).toBeNull();
  });

  async function app(answer: unknown, status: number, enabled = true) {
    const server = Fastify();
    server.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => reply.code(error.statusCode ?? 500).send({ message: error.message }));
    server.get('/orders/:id', { preSerialization: answerCheck(order, problem, enabled) }, async (_request, reply) => reply.code(status).send(answer));
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}/orders/o1`);
    const body = (await response.json()) as { message?: string };
    await server.close();
    return { status: response.status, body };
  }

  it('turns an answer that breaks the contract into a 500 saying where, outside production only', async () => {
    expect(await app({ id: 'o1', totalCents: 100, lines: [] }, 200)).toEqual({ status: 200, body: { id: 'o1', totalCents: 100, lines: [] } });
    const broken = await app({ id: 'o1', total: 100, lines: [] }, 200);
    expect(broken.status).toBe(500);
    expect(broken.body.message).toMatch(/^GET \/orders\/:id answered 200 against its contract: \.totalCents: /);
    expect((await app({ note: 'no message' }, 404)).status).toBe(500);
    expect(await app({ message: 'Order not found' }, 404)).toEqual({ status: 404, body: { message: 'Order not found' } });
    expect(await app({ id: 'o1', total: 100 }, 200, false)).toEqual({ status: 200, body: { id: 'o1', total: 100 } });
  });
});
