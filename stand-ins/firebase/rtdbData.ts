/** The database's data as the wire protocol sees it: paths, export format, server values. */
import type { TargaryenDataNode } from './firebaseServerLoader.ts';

export function normalizePath(p: unknown): string {
  return String(p ?? '')
    .split('/')
    .filter(Boolean)
    .join('/');
}

/** Whether a change at one path can change what is at the other (one holds the other). */
export function related(a: string, b: string): boolean {
  return a === '' || b === '' || a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** JSON with sorted keys: equal data gives equal text. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`)
    .join(',')}}`;
}

/** A targaryen node in Firebase export format (priorities kept), as the protocol transmits data. */
export function exportNode(node: TargaryenDataNode): unknown {
  if (node.$isNull()) return null;
  const priority = node.$priority();
  if (node.$isPrimitive()) {
    const value = node.$value();
    return priority == null ? value : { '.value': value, '.priority': priority };
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) out[key] = exportNode(node[key] as TargaryenDataNode);
  if (priority != null) out['.priority'] = priority;
  return out;
}

function isServerValue(v: unknown): v is { '.sv': unknown } {
  return !!v && typeof v === 'object' && !Array.isArray(v) && '.sv' in (v as object);
}

/** Replaces `{".sv": {"increment": n}}` in a value to write at `path` (targaryen knows only "timestamp"). */
export function resolveIncrements(root: TargaryenDataNode, value: unknown, path: string): unknown {
  if (isServerValue(value)) {
    const sv = value['.sv'];
    if (sv && typeof sv === 'object' && typeof (sv as { increment?: unknown }).increment === 'number') {
      const current = path ? root.$child(`/${path}`).$value() : root.$value();
      const delta = (sv as { increment: number }).increment;
      return typeof current === 'number' ? current + delta : delta;
    }
    return value;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolveIncrements(root, v, path ? `${path}/${k}` : k);
    return out;
  }
  return value;
}
