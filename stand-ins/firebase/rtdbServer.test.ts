/** Pure parts of the database server's protocol handler. */
import { normalizePath } from './rtdbServer.ts';

describe('normalizePath', () => {
  it.each([
    ['/users/a', 'users/a'],
    ['users/a/', 'users/a'],
    ['//users//a', 'users/a'],
    ['/', ''],
    ['', ''],
    [undefined, ''],
  ])('%s -> %s', (input, expected) => expect(normalizePath(input)).toBe(expected));
});
