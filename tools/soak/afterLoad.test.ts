import { latencyRows, loadChecks } from './afterLoad.ts';

describe('soak load figures', () => {
  it('gives each kind of request its percentiles and a last row for all of them', () => {
    const rows = latencyRows({
      samples: new Map([
        ['page', [30, 10, 20]],
        ['api', [5]],
      ]),
      errors: new Map([['api', 2]]),
    });
    expect(rows.map((row) => [row.kind, row.count, row.errors, row.max])).toEqual([
      ['page', 3, 0, 30],
      ['api', 1, 2, 5],
      ['all requests', 4, 2, 30],
    ]);
  });

  it('passes only when every answered payment is a paid order and the stock moved by what was bought', () => {
    const stores = { byStatus: { paid: 2 }, stockAfter: new Map([[1, 8]]), reservations: { committed: 2 } };
    const result = { checkoutsPaid: 2, bought: new Map([[1, 2]]) };
    expect(loadChecks(result, 0, true, new Map([[1, 10]]), stores).every(([, ok]) => ok)).toBe(true);
    const wrong = loadChecks({ ...result, bought: new Map([[1, 1]]) }, 0, true, new Map([[1, 10]]), stores);
    expect(wrong.filter(([, ok]) => !ok).map(([what]) => what)).toEqual(['stock moved by exactly what was bought']);
  });
});
