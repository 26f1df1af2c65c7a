// The fetch of an import source against a stand-in for DNS: the address judged is the one the
// connection uses (resolved once, by the connection), every redirect is judged, and an allowed
// internal source is read whatever its address.
import type dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSourceFetch, type SourceFetch } from './sourceFetch.ts';

let server: Server;
let port: number;
const received: string[] = [];
let lookups: string[] = [];

/** DNS as an attacker's name server might answer: every name below, whatever was asked before. */
const ANSWERS: Record<string, string[]> = {
  'feed.example': ['127.0.0.1'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'pim.internal': ['127.0.0.1'],
};
const fakeLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  lookups.push(hostname);
  const addresses = (ANSWERS[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  if (options.all) return callback(null, addresses);
  callback(null, addresses[0]!.address, addresses[0]!.family);
}) as unknown as typeof dns.lookup;

let sources: SourceFetch;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url!);
    const to = new URL(request.url!, 'http://x').searchParams.get('to');
    if (request.url === '/forever') response.writeHead(302, { location: '/forever' }).end();
    else if (to) response.writeHead(307, { location: to }).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end('{"products":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  sources = createSourceFetch({ allowedOrigins: [`http://pim.internal:${port}`], lookup: fakeLookup, maxRedirects: 3 });
});

beforeEach(() => {
  received.length = 0;
  lookups = [];
});

afterAll(async () => {
  await sources.close();
  await new Promise((resolve) => server.close(resolve));
});

it('refuses a name that resolves to loopback at the connection, which asks DNS once and reaches nothing', async () => {
  await expect(sources.fetch(`http://feed.example:${port}/products`)).rejects.toThrow(
    `http://feed.example:${port}/products: feed.example resolves to 127.0.0.1, which is a loopback address (this machine). Imports read public addresses only`,
  );
  expect(lookups).toEqual(['feed.example']);
  expect(received).toEqual([]);
});

it('refuses a name when any of its addresses is not public', async () => {
  await expect(sources.fetch(`http://mixed.example:${port}/`)).rejects.toThrow('mixed.example resolves to 10.0.0.1, which is a private address');
  expect(received).toEqual([]);
});

it('reads an allowed internal source, and follows its redirects within it', async () => {
  const response = await sources.fetch(`http://pim.internal:${port}/old?to=${encodeURIComponent('/products')}`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ products: [] });
  expect(received).toEqual(['/old?to=%2Fproducts', '/products']);
});

it.each([
  ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address (where clouds answer their metadata)'],
  ['http://10.0.0.1/', '10.0.0.1 is a private address'],
  ['http://[::ffff:127.0.0.1]:{port}/', '::ffff:7f00:1 is a loopback address (this machine)'],
  ['http://feed.example:{port}/', 'feed.example resolves to 127.0.0.1, which is a loopback address (this machine)'],
])('judges a redirect from the allowed source to %s as any address, and does not follow it', async (target, reason) => {
  const to = target.replace('{port}', String(port));
  const from = `http://pim.internal:${port}/feed?to=${encodeURIComponent(to)}`;
  await expect(sources.fetch(from)).rejects.toThrow(
    `${from} redirects to ${new URL(to).href}, which is not read: ${reason}. Imports read public addresses only`,
  );
  expect(received).toEqual([`/feed?to=${encodeURIComponent(to)}`]);
});

it('gives up after the redirect limit, and refuses a redirect to anything but http(s)', async () => {
  await expect(sources.fetch(`http://pim.internal:${port}/forever`)).rejects.toThrow(`http://pim.internal:${port}/forever redirected more than 3 times`);
  expect(received).toHaveLength(4);
  await expect(sources.fetch(`http://pim.internal:${port}/b?to=${encodeURIComponent('file:///etc/passwd')}`)).rejects.toThrow(
    "redirects to 'file:///etc/passwd', which is not an http(s) address an import may read",
  );
});
