import { figuresByHourSql, toHourFigures, type FigureRow } from './figuresSql.ts';
import type { SqliteQueries } from './queriesSqlite.ts';
import type { OrderFigures } from './repository.ts';

// created_at is stored as an ISO string in UTC, so its first 13 characters are the hour.
const sql = figuresByHourSql('substr(created_at, 1, 13)', '?', '?');

/** The back office's figures on SQLite. */
export function sqliteOrderFigures(q: SqliteQueries): OrderFigures {
  return {
    async figuresByHour(from, to) {
      const rows = q.db.prepare(sql).all(from, to) as unknown as FigureRow[];
      return rows.map(toHourFigures);
    },
  };
}
