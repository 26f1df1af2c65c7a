// Import jobs started from the back office (POST /products/imports): their progress and refused
// records live in the catalogue's database, so whichever instance the balancer picks answers
// GET /products/imports/{id}. Frozen once released: a later change is a new migration.
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { Migration } from './runner.ts';

const NAME = '0002-import-jobs';

// refused: a JSON array of the first refused records ({index, id?, reason}); refused_count counts all.
const SQLITE = `
CREATE TABLE import_jobs (
  id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  source TEXT NOT NULL,
  created_by TEXT NOT NULL,
  total INTEGER,
  processed INTEGER NOT NULL DEFAULT 0,
  accepted INTEGER NOT NULL DEFAULT 0,
  refused_count INTEGER NOT NULL DEFAULT 0,
  refused TEXT NOT NULL DEFAULT '[]',
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX import_jobs_created ON import_jobs (created_at);
`;

const POSTGRES = `
CREATE TABLE import_jobs (
  id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  source text NOT NULL,
  created_by text NOT NULL,
  total integer,
  processed integer NOT NULL DEFAULT 0,
  accepted integer NOT NULL DEFAULT 0,
  refused_count integer NOT NULL DEFAULT 0,
  refused text NOT NULL DEFAULT '[]',
  error text,
  created_at text NOT NULL,
  updated_at text NOT NULL
);
CREATE INDEX import_jobs_created ON import_jobs (created_at);
`;

export const importJobs: { sqlite: Migration<DatabaseSync>; postgres: Migration<pg.PoolClient> } = {
  sqlite: { name: NAME, up: (db) => db.exec(SQLITE) },
  postgres: { name: NAME, up: async (client) => void (await client.query(POSTGRES)) },
};
