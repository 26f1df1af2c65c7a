// Tables for the terminal (aligned columns) and for docs/performance.md (Markdown).

export type Cell = string | number | null | undefined;

export interface Table {
  title: string;
  columns: string[];
  /** Columns aligned to the right (numbers). */
  numeric?: boolean[];
  rows: Cell[][];
  notes?: string[];
}

const show = (cell: Cell): string => (cell === null || cell === undefined || cell === '' ? '-' : String(cell));

export function renderText(table: Table): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(show))];
  const widths = table.columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (table.numeric?.[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [`\n${table.title}`, line(table.columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)];
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

export function renderMarkdown(table: Table): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const out = [
    `\n#### ${table.title}\n`,
    `| ${table.columns.map(escape).join(' | ')} |`,
    `|${table.columns.map((_, i) => (table.numeric?.[i] ? '---:' : '---')).join('|')}|`,
    ...table.rows.map((row) => `| ${row.map((cell) => escape(show(cell))).join(' | ')} |`),
  ];
  if (table.notes?.length) out.push('', ...table.notes.map((note) => `${note}  `));
  return out.join('\n');
}

/** A number with a fixed count of decimals, or '-' when absent. */
export function fixed(value: number | null | undefined, decimals = 0): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(decimals);
}

/** Whole number with thousands separators. */
export function grouped(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : Math.round(value).toLocaleString('en-US');
}

export function kib(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '-' : (bytes / 1024).toFixed(1);
}

export function mib(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0);
}

/** '✓' when the value meets the target, otherwise how far off it is. */
export function verdict(value: number | null | undefined, target: number, better: 'higher' | 'lower', unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  const ok = better === 'higher' ? value >= target : value <= target;
  if (ok) return 'met';
  const gap = Math.abs(value - target);
  // Scores (0..1) in hundredths, whole numbers whole, anything else to one decimal.
  const digits = target <= 1 ? 2 : Number.isInteger(value) && Number.isInteger(target) ? 0 : 1;
  return `missed by ${gap.toFixed(digits)}${unit}`;
}
