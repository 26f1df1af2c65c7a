// Oversized bodies over real HTTP, per route family (bodyLimits.ts): through the gateway, which
// refuses them before forwarding anything, and sent to each service directly, which refuses them
// too. At the limit a body is read and answered as usual; one byte over, it gets 413 naming the
// limit at once (before the body with a Content-Length, as the limit is passed when streamed),
// never 503, and the gateway counts no upstream failure or server error for it.
import { JSON_BODY_LIMIT } from 'service-kit/body-limits';
import { CONTACT_BODY_LIMIT, VITALS_BODY_LIMIT } from './bodyLimits.ts';
import { freePort, startCatalog, startCheckout, startGateway, workspace, type Service } from './testing/liveServices.ts';
import { sendBody, type BodyAnswer, type Framing } from './testing/sendBody.ts';

jest.setTimeout(120_000);

/** The catalogue's import limit in these tests (IMPORT_MAX_BYTES), set alike on the catalogue and the gateway. */
const IMPORT_LIMIT = 2 * 1024 * 1024;
const ORDER = '00000000-0000-4000-8000-000000000001';

const space = workspace('body-limits-');
let catalog: Service;
let checkout: Service;
let gateway: Service;
let metricsUrl: string;

beforeAll(async () => {
  catalog = space.track(await startCatalog(space.root, { IMPORT_MAX_BYTES: String(IMPORT_LIMIT) }));
  checkout = space.track(await startCheckout(space.root, catalog.url));
  gateway = space.track(
    await startGateway(
      space.root,
      { catalogUrl: catalog.url, checkoutUrl: checkout.url },
      {
        IMPORT_MAX_BYTES: String(IMPORT_LIMIT),
        METRICS_PORT: '0',
        SERVER_RENDERING: 'off',
        // Every family is posted to a dozen times here: the limits per address are not what is tested.
        CONTACT_RATE_LIMIT_PER_MINUTE: '0',
        VITALS_RATE_LIMIT_PER_MINUTE: '0',
      },
    ),
  );
  for (let i = 0; i < 50 && !/metrics at (http:\/\/[^\s"]+)/.test(gateway.output()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  metricsUrl = /metrics at (http:\/\/[^\s"]+)/.exec(gateway.output())![1]!;
});

afterAll(() => space.cleanup());

interface Family {
  family: string;
  method: string;
  /** The path through the gateway; `servicePath` the same route on its service, when it has one. */
  path: string;
  service?: () => string;
  servicePath?: string;
  limit: number;
  contentType?: string;
  /** The gateway's words, and the service's when they differ (the catalogue's import names its variable). */
  serviceMessage?: string;
  /**
   * A route that refuses a signed-out caller before it reads a body (the staff API) does so to a
   * streamed body too: its size is not known yet then, and that refusal is the answer, as soon.
   */
  serviceFirstRefusal?: { status: number; message: string };
}

const words = (limit: string) => `The request body is larger than the ${limit} this endpoint takes`;

const FAMILIES: Family[] = [
  {
    family: 'catalogue writes',
    method: 'POST',
    path: '/api/catalog/products/add',
    service: () => catalog.url,
    servicePath: '/products/add',
    limit: JSON_BODY_LIMIT,
  },
  {
    family: 'catalogue writes',
    method: 'PATCH',
    path: '/api/catalog/products/1',
    service: () => catalog.url,
    servicePath: '/products/1',
    limit: JSON_BODY_LIMIT,
  },
  {
    family: 'catalogue writes',
    method: 'PUT',
    path: '/api/catalog/products/1',
    service: () => catalog.url,
    servicePath: '/products/1',
    limit: JSON_BODY_LIMIT,
  },
  {
    family: 'catalogue writes',
    method: 'DELETE',
    path: '/api/catalog/products/1',
    service: () => catalog.url,
    servicePath: '/products/1',
    limit: JSON_BODY_LIMIT,
  },
  {
    family: 'catalogue imports',
    method: 'POST',
    path: '/api/catalog/products/imports',
    service: () => catalog.url,
    servicePath: '/products/imports',
    limit: IMPORT_LIMIT,
    serviceMessage: `The file is larger than ${IMPORT_LIMIT} bytes (IMPORT_MAX_BYTES): split it`,
  },
  { family: 'checkout', method: 'POST', path: '/save-stripe-token', service: () => checkout.url, servicePath: '/save-stripe-token', limit: JSON_BODY_LIMIT },
  {
    family: 'checkout',
    method: 'POST',
    path: '/api/checkout/orders',
    service: () => checkout.url,
    servicePath: '/api/checkout/orders',
    limit: JSON_BODY_LIMIT,
  },
  {
    family: 'checkout',
    method: 'POST',
    path: `/api/checkout/staff/orders/${ORDER}/ship`,
    service: () => checkout.url,
    servicePath: `/api/checkout/staff/orders/${ORDER}/ship`,
    limit: JSON_BODY_LIMIT,
    serviceFirstRefusal: { status: 401, message: 'Sign in as staff: send your Firebase ID token as Authorization: Bearer <token>' },
  },
  { family: "the gateway's own", method: 'POST', path: '/api/contact', limit: CONTACT_BODY_LIMIT },
  { family: "the gateway's own", method: 'POST', path: '/api/vitals', limit: VITALS_BODY_LIMIT, contentType: 'text/plain;charset=UTF-8' },
];

const FRAMINGS: Framing[] = ['content-length', 'chunked'];

/** Where each case is sent: through the gateway, and to the service behind it directly. */
function targets(family: Family): { where: string; base: () => string; path: string; direct: boolean }[] {
  const viaGateway = { where: 'through the gateway', base: () => gateway.url, path: family.path, direct: false };
  if (!family.service) return [viaGateway];
  return [viaGateway, { where: 'to the service directly', base: family.service, path: family.servicePath!, direct: true }];
}

const CASES = FAMILIES.flatMap((family) =>
  targets(family).flatMap(({ where, base, path, direct }) =>
    FRAMINGS.map((framing) => ({
      name: `${family.family}: ${family.method} ${path} ${where}, ${framing}`,
      family,
      base,
      path,
      framing,
      refusal: {
        status: 413,
        message: (direct && family.serviceMessage) || words(family.limit === IMPORT_LIMIT ? '2 MiB' : `${family.limit / 1024} KiB`),
        ...(direct && framing === 'chunked' ? family.serviceFirstRefusal : {}),
      },
    })),
  ),
);

const send = (base: string, path: string, family: Family, size: number, framing: Framing, holdOpen = false): Promise<BodyAnswer> =>
  sendBody(`${base}${path}`, {
    method: family.method,
    size,
    framing,
    contentType: family.contentType,
    holdOpen,
    headers: { 'idempotency-key': 'limits-0000001' },
  });

/** Every gateway sample of a metric whose labels match, summed. */
async function sum(metric: string, labels: RegExp): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) && labels.test(line))
    .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
}

describe.each(CASES)('$name', ({ family, base, path, framing, refusal }) => {
  test('at the limit: read and answered as usual', async () => {
    const answer = await send(base(), path, family, family.limit, framing);
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });

  test('one byte over: 413 naming the limit, at once, never 503', async () => {
    const answer = await send(base(), path, family, family.limit + 1, framing, true);
    expect({ status: answer.status, message: answer.body.message, cacheControl: answer.headers['cache-control'] }).toEqual({
      ...refusal,
      cacheControl: 'no-store',
    });
    // With a Content-Length, the answer came before any of the body was sent.
    if (framing === 'content-length') expect(answer.sentBefore).toBe(0);
  });
});

describe("the gateway's own figures", () => {
  test('count no refusal as an upstream failure or a server error', async () => {
    const unavailable = () => sum('gateway_upstream_requests_total', /outcome="unavailable"/);
    const serverErrors = () => sum('http_requests_total', /status="5\d\d"/);
    const before = { unavailable: await unavailable(), serverErrors: await serverErrors() };
    for (const family of FAMILIES) {
      for (const framing of FRAMINGS) expect((await send(gateway.url, family.path, family, family.limit + 1, framing, true)).status).toBe(413);
    }
    // A 3 MB body, as a visitor sends one, on the routes the issue names.
    for (const path of ['/api/catalog/products/add', `/api/checkout/staff/orders/${ORDER}/ship`]) {
      expect((await sendBody(`${gateway.url}${path}`, { method: 'POST', size: 3_000_000, framing: 'content-length' })).status).toBe(413);
    }
    expect({ unavailable: await unavailable(), serverErrors: await serverErrors() }).toEqual(before);
  });
});

describe('a service that answers before it has read the body the gateway forwards', () => {
  // This gateway lets imports up to 16 MiB through (its default) to a catalogue that takes 2 MiB:
  // the catalogue refuses them while the gateway is still sending, and its answer is what comes back.
  let lenient: Service;
  beforeAll(async () => {
    lenient = space.track(
      await startGateway(space.root, { catalogUrl: catalog.url, checkoutUrl: `http://127.0.0.1:${await freePort()}` }, { SERVER_RENDERING: 'off' }),
    );
  });

  test.each(FRAMINGS)("gets the service's 413 on, not 503 (%s)", async (framing) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await sendBody(`${lenient.url}/api/catalog/products/imports`, { method: 'POST', size: 8 * 1024 * 1024, framing });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 413,
        message: `The file is larger than ${IMPORT_LIMIT} bytes (IMPORT_MAX_BYTES): split it`,
      });
    }
  });
});
