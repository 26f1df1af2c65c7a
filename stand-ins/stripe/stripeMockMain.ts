import type { AddressInfo } from 'node:net';
import stripeMock from 'stripe-stateful-mock';
import { z } from 'zod';

// The local Stripe of the spec's token + Charges flow (stripe-stateful-mock) for the embedded stack
// (tools/stack starts it with HOST and PORT), the checkout's tests (PORT=0: any free port, read from the
// line it prints; testing/stripeMock.ts), or a checkout developer working alone: `npm run stripe-mock -w stand-ins`. The package's own CLI listens on every interface and
// cannot report the port it bound, hence this entry point.
const env = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  })
  .safeParse(process.env);
if (!env.success) {
  console.error(`Invalid configuration for the Stripe mock: ${z.prettifyError(env.error)}`);
  process.exit(1);
}
const { HOST: host, PORT: port } = env.data;

const server = stripeMock.createExpressApp().listen(port, host, () => {
  const bound = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  console.log(`stripe-stateful-mock listening on ${url} (checkout: STRIPE_MOCK_URL=${url})`);
});
server.on('error', (error) => {
  console.error(`The Stripe mock could not listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    // Keep-alive connections of a client would hold close() open.
    server.closeAllConnections();
  });
}
