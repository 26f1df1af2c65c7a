import { figuresByHourSql, toHourFigures, type FigureRow } from './figuresSql.ts';
import type { PostgresQueries } from './queriesPostgres.ts';
import type { OrderFigures } from './repository.ts';

const sql = figuresByHourSql(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24')`, '$1', '$2');

/** The back office's figures on PostgreSQL. */
export function postgresOrderFigures(q: PostgresQueries): OrderFigures {
  return {
    async figuresByHour(from, to) {
      const result = await q.query<FigureRow>(sql, [from, to]);
      return result.rows.map(toHourFigures);
    },
  };
}
