// Spans for node:sqlite (the embedded default's database), which no instrumentation covers: each
// statement's run, get, all or iterate is a client span named by its operation and table, with the
// SQL text (placeholders, never the values). Only when tracing is on: off, the database is returned
// untouched and costs nothing.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { trace } from '@opentelemetry/api';
import { tracingStarted } from './state.ts';
import { inSpanSync } from './spans.ts';

const STATEMENT_METHODS = new Set<PropertyKey>(['run', 'get', 'all', 'iterate']);

/** "INSERT orders", "SELECT products", or the first word: the span's name (never the values). */
export function sqlSpanName(sql: string): string {
  const text = sql.trim().replace(/\s+/g, ' ');
  const match = /^(INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM|SELECT .*? FROM|WITH|PRAGMA|BEGIN|COMMIT|ROLLBACK|CREATE|SAVEPOINT|RELEASE)\s*"?(\w+)?/i.exec(
    text,
  );
  if (!match) return `sqlite ${text.split(' ')[0]?.toUpperCase() ?? ''}`.trim();
  const operation = match[1]!.split(' ')[0]!.toUpperCase();
  const table = /^(INSERT|UPDATE|DELETE|SELECT)$/.test(operation) ? match[2] : undefined;
  return table ? `${operation} ${table}` : operation;
}

function traced<T extends object>(
  target: T,
  wrap: (name: PropertyKey, method: (...args: unknown[]) => unknown) => ((...args: unknown[]) => unknown) | undefined,
): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(object);
      return wrap(property, method) ?? method;
    },
  });
}

/** A span only inside a trace: start-up, background polls and timers would each start a trace of their own. */
function inRequest<T>(name: string, attributes: Record<string, string>, fn: () => T): T {
  return trace.getActiveSpan() ? inSpanSync(name, attributes, fn) : fn();
}

function tracedStatement(statement: StatementSync, sql: string): StatementSync {
  const name = sqlSpanName(sql);
  const attributes = { 'db.system.name': 'sqlite', 'db.query.text': sql.trim().replace(/\s+/g, ' ').slice(0, 2000) };
  return traced(statement, (property, method) =>
    STATEMENT_METHODS.has(property) ? (...args) => inRequest(name, attributes, () => method(...args)) : undefined,
  );
}

/** The database with its statements traced, when tracing is on; the same database otherwise. */
export function traceSqlite(db: DatabaseSync): DatabaseSync {
  if (!tracingStarted()) return db;
  return traced(db, (property, method) => {
    if (property === 'prepare') return (sql, ...rest) => tracedStatement(method(sql, ...rest) as StatementSync, String(sql));
    if (property === 'exec') return (sql) => inRequest(sqlSpanName(String(sql)), { 'db.system.name': 'sqlite' }, () => method(sql));
    return undefined;
  });
}
