import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deprecatedExports, exportedNames } from './moduleExports.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'module-exports-'));
  const files: Record<string, string> = {
    'index.ts': [
      "export { bus, cart as basket, type Bus } from './bus.ts';",
      "export type { Envelope } from './bus.ts';",
      "export * from './rules';",
      "export * as money from './money.ts';",
      'export const LIMIT = 3, { a, b: [c] } = { a: 1, b: [2] };',
      'export function helper() {}',
      'export class Store {}',
      'export enum Kind { A }',
      'export declare const ambient: number;',
      'export interface Shape { x: number }',
      'export type Alias = string;',
      'type Local = number;',
      'const local = 1;',
      'export { local as renamed, type Local };',
      'export default helper;',
    ].join('\n'),
    'bus.ts': 'export const bus = {}; export const cart = {}; export type Bus = typeof bus; export interface Envelope {}',
    'rules.ts': 'export const addItem = () => 0; export type Rule = number;',
    'money.ts': 'export const toCents = 1;',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the names a module exports at run time', () => {
  it('lists values (declared, re-exported, renamed, through export *, default) and leaves every type out', () => {
    expect(exportedNames(path.join(dir, 'index.ts'))).toEqual([
      'Kind',
      'LIMIT',
      'Store',
      'a',
      'addItem',
      'basket',
      'bus',
      'c',
      'default',
      'helper',
      'money',
      'renamed',
    ]);
  });

  it('names the deprecated ones with their note: on the declaration, in an export list, through a re-export', () => {
    const files: Record<string, string> = {
      'entry.ts': [
        "export { oldAdd, newAdd, kept } from './impl.ts';",
        "export * from './more.ts';",
        "export {\n  /** @deprecated use newAdd; removed in 2.0.0 */\n  legacy,\n} from './impl.ts';",
        '/**\n * The old limit.\n * @deprecated use LIMITS.cart\n */\nexport const LIMIT = 3;',
        'const local = 1;',
        '/** @deprecated */\nfunction bare() {}',
        'export { local, bare as bareRenamed };',
      ].join('\n'),
      'impl.ts': [
        '/** @deprecated use newAdd instead */',
        'export function oldAdd() {}',
        'export function newAdd() {}',
        '/** Not deprecated. */',
        'export const kept = 1, legacy = 2;',
      ].join('\n'),
      'more.ts': '/** @deprecated use kept */\nexport const alsoOld = 1;\nexport default 1;',
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    expect(exportedNames(path.join(dir, 'entry.ts'))).toEqual(['LIMIT', 'alsoOld', 'bareRenamed', 'kept', 'legacy', 'local', 'newAdd', 'oldAdd']);
    expect(deprecatedExports(path.join(dir, 'entry.ts'))).toEqual({
      LIMIT: 'use LIMITS.cart',
      alsoOld: 'use kept',
      bareRenamed: '',
      legacy: 'use newAdd; removed in 2.0.0',
      oldAdd: 'use newAdd instead',
    });
  });

  it('refuses export * of another package, whose names it cannot see', () => {
    writeFileSync(path.join(dir, 'star.ts'), "export * from 'react-router';");
    expect(() => exportedNames(path.join(dir, 'star.ts'))).toThrow("cannot list the names of export * from 'react-router'");
  });
});
