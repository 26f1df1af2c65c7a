// The local Stripe of the Charges flow for the checkout's tests: the stack's own entry point, on a free port.
import path from 'node:path';
import { startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';

export type StripeMock = ManagedProcess & { url: string; port: number };

export async function startStripeMock({ port = 0 }: { port?: number } = {}): Promise<StripeMock> {
  const mock = await startNodeService(path.join(__dirname, '../stripeMockMain.ts'), {
    env: { PORT: String(port) },
    timeoutMs: 20_000,
  });
  return Object.assign(mock, { port: Number(new URL(mock.url).port) });
}
