import type pg from 'pg';
import type { Migration } from 'service-kit/migrations';

/**
 * release_registry as the gateways before versioned migrations created it: one row, id 1, holding
 * the whole registry, made empty (version 0, no remotes, no history) when missing. IF NOT EXISTS and
 * ON CONFLICT DO NOTHING, so a database made by them keeps its row and is then recorded.
 */
export const postgres: Migration<pg.PoolClient> = {
  name: '0001-initial',
  up: async (client) => {
    await client.query(
      `CREATE TABLE IF NOT EXISTS release_registry (id integer PRIMARY KEY CHECK (id = 1), state jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query(`INSERT INTO release_registry (id, state) VALUES (1, '{"version":0,"remotes":{},"history":[]}') ON CONFLICT (id) DO NOTHING`);
  },
};
