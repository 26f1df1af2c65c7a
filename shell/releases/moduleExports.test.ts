import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportedNames } from './moduleExports.ts';

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

  it('refuses export * of another package, whose names it cannot see', () => {
    writeFileSync(path.join(dir, 'star.ts'), "export * from 'react-router';");
    expect(() => exportedNames(path.join(dir, 'star.ts'))).toThrow("cannot list the names of export * from 'react-router'");
  });
});
