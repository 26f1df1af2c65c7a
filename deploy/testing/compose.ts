import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * A compose file as compose itself reads it, for the checks only: variables interpolated
 * (`${NAME}`, `${NAME:-default}`, `${NAME:?message}`), YAML merge keys resolved, and later files
 * overriding earlier ones (environment maps merged key by key, other settings replaced).
 */
export type ComposeService = { image?: string; build?: { target: string }; environment: Record<string, string>; [key: string]: unknown };
export type Compose = { services: Record<string, ComposeService> };

export function readCompose(files: string[], variables: Record<string, string>): Compose {
  const services: Record<string, ComposeService> = {};
  for (const file of files) {
    const document = interpolate(parse(readFileSync(file, 'utf8'), { merge: true }), variables) as { services?: Record<string, Record<string, unknown>> };
    for (const [name, definition] of Object.entries(document.services ?? {})) {
      const earlier = services[name] ?? { environment: {} };
      services[name] = { ...earlier, ...definition, environment: { ...earlier.environment, ...environmentOf(definition.environment) } };
    }
  }
  return { services };
}

/** KEY=value lines, as `--env-file` reads them; # starts a comment line. */
export function readEnvFile(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  return Object.fromEntries(
    lines.filter((line) => line && !line.startsWith('#')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function environmentOf(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (Array.isArray(value)) return Object.fromEntries(value.map((entry: string) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key, entry === null ? '' : String(entry)]));
}

function interpolate(value: unknown, variables: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (_match, name: string, colon: string, operator: string, argument: string) => {
      const set = colon ? Boolean(variables[name]) : variables[name] !== undefined;
      if (set) return variables[name]!;
      if (operator === '?') throw new Error(`required variable ${name} is missing: ${argument}`);
      return operator === '-' ? argument : '';
    });
  }
  if (Array.isArray(value)) return value.map((entry) => interpolate(entry, variables));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, interpolate(entry, variables)]));
  return value;
}
