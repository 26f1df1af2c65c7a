import { vitalsFigures } from './figures.ts';
import { vitalsFiguresExample } from './testing/examples.ts';

describe("the gateway's API contract", () => {
  it('reads its vitals example as it is, field for field', () => {
    expect(vitalsFigures.parse(vitalsFiguresExample)).toEqual(vitalsFiguresExample);
  });

  it("reads an older gateway's answer without interactions as none measured", () => {
    const { interactions: _none, ...older } = vitalsFiguresExample;
    expect(vitalsFigures.parse(older).interactions).toEqual([]);
  });

  it('refuses a negative count, a timing that is not a number, and a route list that is not one', () => {
    const [route] = vitalsFiguresExample.routes;
    expect(vitalsFigures.safeParse({ ...vitalsFiguresExample, routes: [{ ...route, views: -1 }] }).success).toBe(false);
    expect(vitalsFigures.safeParse({ ...vitalsFiguresExample, routes: [{ ...route, lcpP75: 'fast' }] }).success).toBe(false);
    expect(vitalsFigures.safeParse({ ...vitalsFiguresExample, routes: {} }).success).toBe(false);
    expect(vitalsFigures.safeParse({ ...vitalsFiguresExample, since: 'yesterday' }).success).toBe(false);
  });
});
