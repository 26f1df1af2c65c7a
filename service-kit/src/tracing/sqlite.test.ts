import { DatabaseSync } from 'node:sqlite';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { inSpan, sqlSpanName, traceSqlite } from '../index.ts';
import { startTracing } from './setup.ts';

const exporter = new InMemorySpanExporter();
const tracing = startTracing({ service: 'kit-test', exporter });
afterAll(() => tracing.shutdown());

describe('traceSqlite', () => {
  it("makes each statement a client span of the request's span, with the SQL but not the values", async () => {
    const db = traceSqlite(new DatabaseSync(':memory:'));
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, email TEXT)');
    const insert = db.prepare('INSERT INTO orders (email) VALUES (?)');
    const count = await inSpan('POST /orders', {}, async () => {
      insert.run('secret-shopper@example.com');
      return db.prepare('SELECT count(*) AS n FROM orders').get() as { n: number };
    });
    expect(count.n).toBe(1);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'POST /orders')!;
    const statements = spans.filter((span) => span.parentSpanContext?.spanId === request.spanContext().spanId);
    expect(statements.map((span) => [span.name, span.kind])).toEqual([
      ['INSERT orders', SpanKind.CLIENT],
      ['SELECT orders', SpanKind.CLIENT],
    ]);
    expect(statements[0]!.attributes).toEqual({ 'db.system.name': 'sqlite', 'db.query.text': 'INSERT INTO orders (email) VALUES (?)' });
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('secret-shopper');
    // Outside any request (start-up, a background poll): no span of its own.
    exporter.reset();
    db.prepare('SELECT 1').get();
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    db.close();
  });

  it('names statements by operation and table', () => {
    expect(sqlSpanName('  UPDATE orders SET status = ? WHERE id = ?')).toBe('UPDATE orders');
    expect(sqlSpanName('DELETE FROM outbox WHERE id = ?')).toBe('DELETE outbox');
    expect(sqlSpanName('INSERT OR IGNORE INTO events (a) VALUES (?)')).toBe('INSERT events');
    expect(sqlSpanName('SELECT o.*, l.qty FROM orders o JOIN lines l ON l.order_id = o.id')).toBe('SELECT orders');
    expect(sqlSpanName('BEGIN IMMEDIATE')).toBe('BEGIN');
  });
});
