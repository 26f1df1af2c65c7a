import { startStripeMock } from './stripeMock.ts';

// The local Stripe of the embedded stack (tools/stack starts it with HOST and PORT), or of a
// checkout developer working alone: `npm run stripe-mock -w mf-checkout`.
const port = Number(process.env.PORT ?? 12111);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid PORT for the Stripe mock: ${process.env.PORT}`);
  process.exit(1);
}
const mock = await startStripeMock({ port, host, onLog: (line) => console.log(line) }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`stripe-stateful-mock listening on ${mock.url} (checkout: STRIPE_MOCK_URL=${mock.url})`);
// The launcher unrefs the child so tests can exit; here the process must stay up until a signal.
const keepAlive = setInterval(() => undefined, 1 << 30);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(keepAlive);
    void mock.stop().then(() => process.exit(0));
  });
}
