import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openContactStore } from './contactStore.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const message = (n: number) => ({ name: `Shopper ${n}`, email: `shopper${n}@example.com`, message: 'Where is my order?' });

describe('contact messages without a database server', () => {
  it('are kept in a file that outlives the gateway', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'contact-'));
    try {
      const file = path.join(dir, 'data', 'contact.db');
      const first = await openContactStore({ sqliteFile: file });
      await first.save(message(1));
      await first.close();
      const again = await openContactStore({ sqliteFile: file });
      await again.save(message(2));
      expect(await again.count()).toBe(2);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('contact messages in PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const schema = `contact_test_${randomInt(1e9)}`;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('sent to several new gateways at the same moment are all kept (the first writes create the table together)', async () => {
    const databaseUrl = `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const gateways = await Promise.all(Array.from({ length: 6 }, () => openContactStore({ databaseUrl, sqliteFile: ':memory:' })));
    try {
      const ids = await Promise.all(gateways.map((store, n) => store.save(message(n))));
      expect(new Set(ids).size).toBe(6);
      expect(await gateways[0]!.count()).toBe(6);
    } finally {
      await Promise.all(gateways.map((store) => store.close()));
    }
  });
});
