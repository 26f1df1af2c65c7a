// Where an import from a URL may read, over real HTTP: a staff member names the address, but the
// catalogue fetches it from inside the shop's network, so loopback, private and link-local addresses
// (a cloud's metadata service) are refused, named directly, by a host name that resolves to them or
// through a redirect; an internal source named in IMPORT_ALLOWED_ORIGINS is read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeAuth, TOKENS } from '../testing/fakeAuth.ts';
import { startTestServer, until, type TestServer } from '../testing/harness.ts';

jest.setTimeout(60_000);

const PUBLIC_ONLY = 'Imports read public addresses only; IMPORT_ALLOWED_ORIGINS names an internal source';

let auth: Awaited<ReturnType<typeof startFakeAuth>>;
let t: TestServer;
/** Allowed: a DummyJSON-compatible source that also redirects wherever `?to=` says. */
let allowed: Server;
let allowedOrigin: string;
/** Not allowed: an internal service on loopback that must never be asked anything. */
let internal: Server;
let internalOrigin: string;
const internalRequests: string[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  auth = await startFakeAuth();
  allowed = createServer((request, response) => {
    const url = new URL(request.url!, 'http://source');
    const to = url.searchParams.get('to');
    if (to) {
      response.writeHead(302, { location: to }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const products = skip > 0 ? [] : [{ id: 951, title: 'Internal Feed Lamp', category: 'furniture', price: 12, thumbnail: 'https://img.example/l.png' }];
    response.end(JSON.stringify({ products, total: 1 }));
  });
  internal = createServer((request, response) => {
    internalRequests.push(request.url!);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"products":[]}');
  });
  allowedOrigin = await listen(allowed);
  internalOrigin = await listen(internal);
  t = await startTestServer('sqlite', { FIREBASE_AUTH_VERIFY_URL: auth.verifyUrl, IMPORT_ALLOWED_ORIGINS: allowedOrigin });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => allowed?.close(resolve));
  await new Promise((resolve) => internal?.close(resolve));
  await auth?.close();
});

async function startImport(url: string): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${t.url}/products/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.staff}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function finished(id: string): Promise<Record<string, any>> {
  let job: Record<string, any> = {};
  await until(
    async () => {
      const response = await fetch(`${t.url}/products/imports/${id}`, { headers: { authorization: `Bearer ${TOKENS.staff}` } });
      job = (await response.json()) as Record<string, any>;
      return job.state !== 'running';
    },
    `import ${id} to finish`,
    30_000,
  );
  return job;
}

/** Starts an import of `url` and answers the error its job failed with. */
async function failure(url: string): Promise<string> {
  const started = await startImport(url);
  expect(started.status).toBe(202);
  const job = await finished(started.body.id);
  expect(job.state).toBe('failed');
  return job.error as string;
}

it.each([
  ['http://127.0.0.1:9465/metrics', '127.0.0.1 is a loopback address (this machine)'],
  ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', '169.254.169.254 is a link-local address (where clouds answer their metadata)'],
  ['http://10.0.0.1/products', '10.0.0.1 is a private address'],
  ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', '::ffff:a9fe:a9fe is a link-local address (where clouds answer their metadata)'],
  ['http://[::1]:9465/metrics', '::1 is a loopback address (this machine)'],
  ['http://2130706433/', '127.0.0.1 is a loopback address (this machine)'],
  ['http://0.0.0.0:9465/', '0.0.0.0 is the unspecified address'],
  ['http://100.64.0.7/', '100.64.0.7 is a carrier-grade NAT address'],
])('refuses an import of %s at once, with a 400 saying why', async (url, reason) => {
  expect(await startImport(url)).toEqual({ status: 400, body: { message: `${reason}. ${PUBLIC_ONLY}` } });
});

it('refuses a host name that resolves to a loopback address, without asking it anything', async () => {
  const port = new URL(internalOrigin).port;
  expect(await failure(`http://localhost:${port}/products`)).toMatch(
    new RegExp(`^http://localhost:${port}/products\\?limit=100&skip=0: localhost resolves to (127\\.0\\.0\\.1|::1), which is a loopback address`),
  );
  expect(internalRequests).toEqual([]);
});

it.each([
  ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address (where clouds answer their metadata)'],
  ['http://10.0.0.1/products', '10.0.0.1 is a private address'],
  ['http://127.0.0.1:{internal}/products', '127.0.0.1 is a loopback address (this machine)'],
  ['http://localhost:{internal}/products', /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/],
])('refuses a redirect from an allowed source to %s, without following it', async (target, reason) => {
  const to = target.replace('{internal}', new URL(internalOrigin).port);
  const error = await failure(`${allowedOrigin}/feed?to=${encodeURIComponent(to)}`);
  expect(error).toContain(`redirects to ${new URL(to).href}, which is not read: `);
  if (typeof reason === 'string') expect(error).toContain(`${reason}. ${PUBLIC_ONLY}`);
  else expect(error).toMatch(reason);
  expect(internalRequests).toEqual([]);
});

it('reads an internal source named in IMPORT_ALLOWED_ORIGINS, also through a redirect within it', async () => {
  const direct = await finished((await startImport(`${allowedOrigin}/products`)).body.id);
  expect(direct).toMatchObject({ state: 'done', accepted: 1, error: null });
  const redirected = await finished((await startImport(`${allowedOrigin}/old?to=${encodeURIComponent(`${allowedOrigin}/products`)}`)).body.id);
  expect(redirected).toMatchObject({ state: 'done', accepted: 1, error: null });
  expect((await t.get('/products/951')).body.title).toBe('Internal Feed Lamp');
});
