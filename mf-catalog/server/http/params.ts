// Query-string validators whose messages tell a client exactly which value was wrong and why.
import { z } from 'zod';
import { isCategorySlug, MAX_CATEGORY_SLUG } from '../products/model.ts';

const shown = (raw: string): string => (raw.length > 40 ? `${raw.slice(0, 40)}...` : raw);

type Check<T> = (raw: string) => { ok: true; value: T } | { ok: false; message: string };

/** A single string parameter (repeated parameters arrive as arrays and are refused), checked by `check`. */
export function param<T>(name: string, check: Check<T>) {
  return z.string({ error: `'${name}' must be given once` }).transform((raw, ctx) => {
    const result = check(raw.trim());
    if (result.ok) return result.value;
    ctx.issues.push({ code: 'custom', input: raw, message: result.message });
    return z.NEVER;
  });
}

export const integer = (name: string, min: number, max: number) =>
  param(name, (raw) => {
    const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(value) && value >= min && value <= max
      ? { ok: true, value }
      : { ok: false, message: `'${name}' must be a whole number from ${min} to ${max} (got '${shown(raw)}')` };
  });

export const oneOf = <T extends string>(name: string, values: readonly T[]) =>
  param(name, (raw) =>
    (values as readonly string[]).includes(raw)
      ? { ok: true, value: raw as T }
      : { ok: false, message: `'${name}' must be one of ${values.join(', ')} (got '${shown(raw)}')` },
  );

/** A category slug (categories are data: any well-formed slug, known or not, is a valid filter). */
export const categorySlug = (name: string) =>
  param(name, (raw) =>
    isCategorySlug(raw)
      ? { ok: true, value: raw }
      : {
          ok: false,
          message: `'${name}' must be a category slug: lower-case letters and digits in words joined by hyphens, at most ${MAX_CATEGORY_SLUG} characters (got '${shown(raw)}')`,
        },
  );

// A NUL byte is never part of a real search or brand; SQLite's FTS cuts the term at it and
// PostgreSQL refuses it in text, so it is refused here with a clear 400 rather than failing there.
export const text = (name: string, maxLength: number) =>
  param(name, (raw) => {
    if (raw.length > maxLength) return { ok: false, message: `'${name}' must be at most ${maxLength} characters` };
    if (raw.includes('\u0000')) return { ok: false, message: `'${name}' must not contain a NUL character (%00)` };
    return { ok: true, value: raw };
  });

/** Dollars with up to two decimals, e.g. 9.99. */
export const dollars = (name: string) =>
  param(name, (raw) => {
    const value = /^\d{1,7}(\.\d{1,2})?$/.test(raw) ? Number(raw) : NaN;
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: `'${name}' must be an amount in dollars such as 9.99 (got '${shown(raw)}')` };
  });

export const flag = (name: string) =>
  param(name, (raw) =>
    ['1', 'true', '0', 'false'].includes(raw)
      ? { ok: true, value: raw === '1' || raw === 'true' }
      : { ok: false, message: `'${name}' must be 1, true, 0 or false (got '${shown(raw)}')` },
  );

/** A comma-separated list whose items must all be in `allowed`. */
export const list = <T extends string>(name: string, allowed: readonly T[]) =>
  param(name, (raw) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
    return unknown.length === 0
      ? { ok: true, value: items as T[] }
      : {
          ok: false,
          message: `'${name}' has unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map(shown).join(', ')}; known fields: ${allowed.join(', ')}`,
        };
  });

/** Product ids, comma-separated: each a positive whole number, at most `max` of them, duplicates once. */
export const idList = (name: string, max: number) =>
  param(name, (raw) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length === 0) return { ok: false, message: `'${name}' must list product ids, e.g. ${name}=3,8,21` };
    if (items.length > max) return { ok: false, message: `'${name}' may list at most ${max} product ids` };
    const bad = items.find((item) => !/^[1-9]\d{0,9}$/.test(item) || Number(item) > 2_147_483_647);
    if (bad !== undefined) return { ok: false, message: `'${name}' must list positive whole numbers (got '${bad.slice(0, 40)}')` };
    return { ok: true, value: [...new Set(items.map(Number))] };
  });

/** Empty parameters (`brand=`) mean "not given", which is how forms send an unset filter. */
export function withoutEmpty(query: unknown): Record<string, unknown> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** Our own (custom) messages already name the value; zod's built-in ones get the path in front. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.code === 'custom' || issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`))
    .join('; ');
}
