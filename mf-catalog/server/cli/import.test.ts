// The import command as a shop's team runs it: into the database a running catalogue service reads,
// which shows the new catalogue without a restart, on SQLite and PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pollUntil, runNode, startNodeService, type ManagedProcess } from '../../../tools/kit/processes.ts';
import { BACKENDS, testStorage } from '../testing/harness.ts';
import { BROKEN_RECORDS, OWN_CATEGORY_SLUGS, ownCatalogue, toCsv } from '../testing/ownCatalogue.ts';

jest.setTimeout(120_000);

const importCli = path.join(__dirname, 'import.ts');
const TOKEN = 'import-test-internal-token';

async function runImport(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = runNode(importCli, { args, env: { ...env, INIT_CWD: dir } });
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-import-'));
  writeFileSync(path.join(dir, 'products.json'), JSON.stringify({ products: [...ownCatalogue(200), ...BROKEN_RECORDS], total: 204, skip: 0, limit: 204 }));
  writeFileSync(path.join(dir, 'array.json'), JSON.stringify(ownCatalogue(30)));
  writeFileSync(path.join(dir, 'first150.csv'), toCsv(ownCatalogue(150)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(BACKENDS)('catalog:import on %s', (backend) => {
  let storage: ReturnType<typeof testStorage>;
  let service: ManagedProcess & { url: string };
  const get = async (pathname: string) => (await fetch(`${service.url}${pathname}`)).json();

  beforeAll(async () => {
    storage = testStorage(backend);
    service = await startNodeService(path.join(__dirname, '..', 'main.ts'), { env: { ...storage.env, PORT: '0', INTERNAL_TOKEN: TOKEN }, timeoutMs: 60_000 });
  });
  afterAll(async () => {
    await service?.stop();
    await storage.cleanup();
  });

  it('imports a DummyJSON envelope into the running shop: every valid record, each broken one named, the new categories listed at once, held stock kept', async () => {
    const hold = await fetch(`${service.url}/stock/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TOKEN },
      body: JSON.stringify({ orderId: 'open-checkout', lines: [{ productId: 5, quantity: 3 }] }),
    });
    expect(hold.status).toBe(201);
    const run = await runImport(storage.env, 'products.json');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`into ${backend === 'sqlite' ? `sqlite ${storage.env.SQLITE_PATH}` : 'postgres'}`);
    expect(run.stdout).toMatch(/imported 200 of 204 products \(4 rejected, listed above\)/);
    expect(run.stderr).toMatch(/rejected record #200 \(id 9001\): title: /);
    expect(run.stderr).toMatch(/rejected record #201 \(id 9002\): price: /);
    expect(run.stderr).toMatch(/rejected record #202 \(id 9003\): category: /);
    expect(run.stderr).toMatch(/rejected record #203: /);
    // The running service sees it without a restart: its categories are the data's.
    await pollUntil(async () => ((await get('/products/category-list')) as string[]).includes('garden-and-patio'), {
      timeoutMs: 10_000,
      what: 'the service lists the imported categories',
    });
    const categories = (await get('/products/category-list')) as string[];
    for (const slug of OWN_CATEGORY_SLUGS) expect(categories).toContain(slug);
    const garden = (await get('/products/category/garden-and-patio?limit=0')) as { total: number; products: { category: string }[] };
    expect(garden.total).toBe(8);
    expect((await get('/products/1')) as object).toMatchObject({
      title: 'Beauty Item 1',
      category: 'beauty',
      thumbnail: '/api/catalog/images/products/1/chair-blue-1.svg',
    });
    expect(((await get('/products/5')) as { stock: number }).stock).toBe(ownCatalogue(5)[4]!.stock - 3);
    expect(((await get('/products?limit=1')) as { total: number }).total).toBe(200);
  });

  it('re-importing the same source changes nothing; a dry run writes nothing; --replace keeps only what the source holds', async () => {
    expect((await runImport(storage.env, 'products.json')).code).toBe(0);
    expect(((await get('/products?limit=1')) as { total: number }).total).toBe(200);
    const dry = await runImport(storage.env, 'first150.csv', '--replace', '--dry-run');
    expect(dry.stdout).toMatch(/checked 150 of 150 products in [\d.]+ s; dry run: nothing was written/);
    const replaced = await runImport(storage.env, 'first150.csv', '--replace');
    expect(replaced.stdout).toMatch(/imported 150 of 150 products into .*; 50 products not in the source removed/);
    await pollUntil(async () => ((await get('/products?limit=1')) as { total: number }).total === 150, {
      timeoutMs: 10_000,
      what: 'the service shows 150 products',
    });
    expect(await fetch(`${service.url}/products/151`).then((response) => response.status)).toBe(404);
  });

  it('follows a DummyJSON-compatible URL page by page', async () => {
    const source = ownCatalogue(30).map((product) => ({ ...product, title: `${product.title} (from the web)` }));
    const server: Server = createServer((request, response) => {
      const url = new URL(request.url!, 'http://x');
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), 7);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ products: source.slice(skip, skip + limit), total: source.length, skip, limit }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runImport(storage.env, '--from-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}/products`);
      expect(run.stdout).toMatch(/imported 30 of 30 products/);
    } finally {
      server.close();
    }
    await pollUntil(async () => ((await get('/products/30')) as { title: string }).title.endsWith('(from the web)'), {
      timeoutMs: 10_000,
      what: 'the service shows the URL import',
    });
  });

  it('refuses what it cannot read with the reason and writes nothing', async () => {
    writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ items: [1] }));
    const wrong = await runImport(storage.env, 'other.json');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/holds no products: expected \{"products": \[\.\.\.\]\} or an array of products/);
    const missing = await runImport(storage.env, 'nowhere.json');
    expect(missing.stderr).toMatch(/cannot read .*nowhere\.json: ENOENT/);
    expect((await runImport(storage.env, 'products.json', '--format', 'xml')).stderr).toMatch(/--format must be json or csv \(got 'xml'\)/);
  });
});

test('without DATABASE_URL or SQLITE_PATH it writes where npm start keeps the catalogue: catalog.db in DATA_DIR', async () => {
  const dataDir = path.join(dir, 'data');
  const run = await runImport({ DATA_DIR: dataDir }, 'array.json');
  expect(run.stdout).toContain(`into sqlite ${path.join(dataDir, 'catalog.db')}`);
  expect(run.stdout).toMatch(/imported 30 of 30 products/);
  expect(existsSync(path.join(dataDir, 'catalog.db'))).toBe(true);
});
