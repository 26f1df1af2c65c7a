import { parseSearchFigures, parseVitalsFigures, rate } from './shopFiguresParse.ts';

const since = '2026-11-27T05:00:00.000Z';

test('the answers are checked', () => {
  expect(parseSearchFigures({ since, searches: 3, empty: 1, byMatch: {} })).toEqual({ since, searches: 3, empty: 1 });
  expect(() => parseSearchFigures({ since, searches: -1, empty: 0 })).toThrow();
  expect(() => parseSearchFigures({ since: 'yesterday', searches: 1, empty: 0 })).toThrow();
  const row = { route: '/', views: 2, lcpP75: 1200, inpP75: null, interactions: 0 };
  const interaction = { role: 'button', interaction: 'add-to-cart', count: 4, inpP75: 96 };
  expect(parseVitalsFigures({ since, routes: [row], interactions: [interaction] })).toEqual({
    since,
    routes: [{ route: '/', views: 2, lcpP75: 1200, inpP75: null }],
    interactions: [interaction],
  });
  // An older gateway's answer has no interactions: none measured.
  expect(parseVitalsFigures({ since, routes: [row] }).interactions).toEqual([]);
  expect(() => parseVitalsFigures({ since, routes: [{ ...row, lcpP75: 'fast' }] })).toThrow();
  expect(() => parseVitalsFigures({ since, routes: [], interactions: [{ ...interaction, count: -1 }] })).toThrow();
  expect(() => parseVitalsFigures({ since, routes: [], interactions: {} })).toThrow();
  expect(() => parseVitalsFigures({ since })).toThrow();
});

test("Google's thresholds: good up to the first, poor past the second", () => {
  expect([2500, 2501, 4000, 4001].map((ms) => rate('lcp', ms))).toEqual(['good', 'improve', 'improve', 'poor']);
  expect([200, 201, 500, 501].map((ms) => rate('inp', ms))).toEqual(['good', 'improve', 'improve', 'poor']);
});
