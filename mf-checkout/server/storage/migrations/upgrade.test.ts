import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { createTestSchema } from '../../testing/postgres.ts';
import { openRepository } from '../open.ts';
import type { OrderRepository } from '../repository.ts';
import { expectSchemaSnapshot, postgresSchema, sqliteSchema } from '../../../../tools/kit/schemaSnapshot.ts';

/**
 * The previous release's orders, made by its own code (fixtures/make.ts), opened by this release
 * through its normal open path: the schema must become the committed snapshot, every order and line
 * must keep its values, and the store must work on them. A fresh database must reach the same schema.
 * After a deliberate schema change, rewrite the snapshots with UPDATE_SCHEMA_SNAPSHOTS=1 and review the diff.
 */
const fixtures = path.join(__dirname, 'fixtures');
const snapshot = (backend: string) => path.join(__dirname, `schema.${backend}.snapshot`);
const expectSnapshot = (backend: string, actual: string) => expectSchemaSnapshot(actual, snapshot(backend));

const PAID = '00000000-0000-4000-8000-000000000001';

/** 0003-staff-orders gives every order refunded_cents 0, 0004-outbox the language 'en'; nothing else changes. */
const withNothingRefunded = <T extends { orders: unknown[] }>(before: T): T => ({
  ...before,
  orders: before.orders.map((order) => ({ ...(order as object), refunded_cents: 0, lang: 'en' })),
});
const PENDING = '00000000-0000-4000-8000-000000000005';
const at = () => new Date().toISOString();

/** What a shop does with its orders the day after the upgrade. */
async function expectUsable(repository: OrderRepository): Promise<void> {
  expect(await repository.findById(PAID)).toMatchObject({
    number: 1001,
    status: 'paid',
    coupon: 'SAVE10',
    totalCents: 10123,
    paymentId: 'ch_fixture_1',
    stockSettled: true,
    billing: { company: 'Analytical Engines Ltd' },
    lines: [
      { productId: '7', title: 'Brass Desk Lamp', unitCents: 4999, quantity: 2, lineCents: 9998 },
      { productId: '31', title: 'Linen Cushion', unitCents: 1250, quantity: 1, lineCents: 1250 },
    ],
  });
  expect((await repository.listByUid('uid-grace', 10)).map((order) => [order.number, order.status, order.billing.notes])).toEqual([
    [1002, 'paid', 'Leave at the door'],
  ]);
  expect((await repository.listPendingCreatedBefore(at())).map((order) => order.id)).toEqual([PENDING]);

  const { order, created } = await repository.createPending({
    id: 'after-upgrade-1',
    idempotencyKey: 'after-upgrade-key',
    requestHash: 'h',
    uid: 'uid-grace',
    email: 'grace@example.com',
    billing: {
      firstName: 'Grace',
      lastName: 'Hopper',
      country: 'United States',
      street: '1 Navy Way',
      city: 'Arlington',
      postCode: '22202',
      phone: '+1 555 0100',
      email: 'grace@example.com',
    },
    currency: 'usd',
    coupon: null,
    createdAt: at(),
  });
  expect(created).toBe(true);
  expect(order.number).toBe(1006);

  // The pending order of the old release is paid by this one, and its change is recorded.
  expect(await repository.markPaid(PENDING, 'ch_after_upgrade', at())).toBe(true);
  expect(await repository.findById(PENDING)).toMatchObject({
    status: 'paid',
    paymentId: 'ch_after_upgrade',
    coupon: 'WELCOME5',
    lines: [{ title: 'Ceramic Kettle' }],
  });
  expect((await repository.listEvents(PENDING)).map((event) => [event.type, event.fromStatus, event.toStatus, event.actor])).toEqual([
    ['payment_succeeded', 'pending', 'paid', 'tok_visa'],
  ]);
  // ... and its confirmation is queued, in English (the old release did not record a language).
  expect((await repository.outbox.list({ orderId: PENDING })).map((message) => [message.kind, message.lang, message.state])).toEqual([
    ['order-confirmation', 'en', 'queued'],
  ]);

  // The staff's side (0003) on the old release's orders: the list finds them, and they move on.
  const listed = await repository.listForStaff({ limit: 10 });
  const numbers = listed.map((listedOrder) => listedOrder.number);
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  expect(numbers).toEqual(expect.arrayContaining([1006, 1005, 1003, 1002, 1001]));
  expect(listed.every((listedOrder) => listedOrder.refundedCents === 0)).toBe(true);
  expect((await repository.listForStaff({ number: 1001, limit: 10 })).map((listedOrder) => listedOrder.id)).toEqual([PAID]);
  const staff = { uid: 'staff-1', email: 'staff@example.com' };
  const packed = await repository.moveStatus(PAID, {
    from: ['paid'],
    to: 'packed',
    type: 'packed',
    staff,
    requestKey: 'after-upgrade-pack',
    detail: {},
    at: at(),
  });
  expect(packed).toMatchObject({ fromStatus: 'paid', toStatus: 'packed', actor: 'staff:staff-1', requestKey: 'after-upgrade-pack' });
}

describe('orders: upgrade from the previous release on SQLite', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'orders-upgrade-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const rows = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return {
        orders: db.prepare('SELECT * FROM orders ORDER BY id').all(),
        lines: db.prepare('SELECT * FROM order_lines ORDER BY order_id, position').all(),
      };
    } finally {
      db.close();
    }
  };

  test('keeps every order and line, reaches the current schema and works', async () => {
    const file = path.join(dir, 'orders.db');
    copyFileSync(path.join(fixtures, 'orders.previous.sqlite'), file);
    const before = rows(file);
    expect(before.orders).toHaveLength(5);
    expect(before.lines).toHaveLength(6);

    const repository = await openRepository({ databaseUrl: undefined, sqlitePath: file });
    try {
      expect(rows(file)).toEqual(withNothingRefunded(before));
      const db = new DatabaseSync(file);
      try {
        expectSnapshot('sqlite', sqliteSchema(db));
        expect(db.prepare('SELECT name FROM schema_migrations WHERE store = ? ORDER BY name').all('orders')).toEqual([
          { name: '0001-initial' },
          { name: '0002-order-lifecycle' },
          { name: '0003-staff-orders' },
          { name: '0004-outbox' },
          { name: '0005-outbox-sent-index' },
        ]);
        // The rebuilt orders table is still the one order_lines points at: deleting an order takes its lines.
        db.exec('PRAGMA foreign_keys = ON');
        db.prepare('DELETE FROM orders WHERE id = ?').run('00000000-0000-4000-8000-000000000004');
        expect(db.prepare('SELECT count(*) AS n FROM order_lines').get()).toEqual({ n: 5 });
      } finally {
        db.close();
      }
      await expectUsable(repository);
    } finally {
      await repository.close();
    }
  });

  test('a new database gets the same schema', async () => {
    const file = path.join(dir, 'fresh.db');
    const repository = await openRepository({ databaseUrl: undefined, sqlitePath: file });
    await repository.close();
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expectSnapshot('sqlite', sqliteSchema(db));
    } finally {
      db.close();
    }
  });
});

describe('orders: upgrade from the previous release on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let admin: pg.Client;
  const databaseUrl = () => `${schema.url}?options=${encodeURIComponent(`-c search_path=${schema.schema}`)}`;

  beforeEach(async () => {
    schema = await createTestSchema();
    admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
  });
  afterEach(async () => {
    await admin.end();
    await schema.drop();
  });

  const rows = async () => ({
    orders: (await admin.query('SELECT * FROM orders ORDER BY id')).rows,
    lines: (await admin.query('SELECT * FROM order_lines ORDER BY order_id, position')).rows,
  });

  test('keeps every order and line, reaches the current schema and works', async () => {
    const loader = new pg.Client({ connectionString: schema.url });
    await loader.connect();
    await loader.query(readFileSync(path.join(fixtures, 'orders.previous.pg.sql'), 'utf8').replaceAll('__SCHEMA__', schema.schema));
    await loader.end();
    const before = await rows();
    expect(before.orders).toHaveLength(5);
    expect(before.lines).toHaveLength(6);

    const repository = await openRepository({ databaseUrl: databaseUrl(), sqlitePath: '' });
    try {
      expect(await rows()).toEqual(withNothingRefunded(before));
      expectSnapshot('postgres', await postgresSchema(admin, schema.schema));
      expect((await admin.query(`SELECT name FROM schema_migrations WHERE store = 'orders' ORDER BY name`)).rows).toEqual([
        { name: '0001-initial' },
        { name: '0002-order-lifecycle' },
        { name: '0003-staff-orders' },
        { name: '0004-outbox' },
        { name: '0005-outbox-sent-index' },
      ]);
      await expectUsable(repository);
    } finally {
      await repository.close();
    }
  });

  test('a new database gets the same schema', async () => {
    const repository = await openRepository({ databaseUrl: databaseUrl(), sqlitePath: '' });
    await repository.close();
    expectSnapshot('postgres', await postgresSchema(admin, schema.schema));
  });
});
