import { barLayout, niceScale, tickY } from './chart.ts';

test.each([
  [0, { top: 1, ticks: [0, 1] }],
  [1, { top: 1, ticks: [0, 1] }],
  [3, { top: 3, ticks: [0, 1, 2, 3] }],
  [7, { top: 8, ticks: [0, 2, 4, 6, 8] }],
  [19, { top: 20, ticks: [0, 5, 10, 15, 20] }],
  [120, { top: 150, ticks: [0, 50, 100, 150] }],
  [999, { top: 1000, ticks: [0, 250, 500, 750, 1000] }],
])('counts up to %d: a scale of whole, round steps', (max, scale) => {
  expect(niceScale(max)).toEqual(scale);
});

test('money in cents keeps round steps too', () => {
  expect(niceScale(123_456)).toEqual({ top: 150_000, ticks: [0, 50_000, 100_000, 150_000] });
});

test('fractions when asked for', () => {
  expect(niceScale(0.9, 4, false)).toEqual({ top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
});

const box = { width: 240, height: 120, left: 40, bottom: 20, top: 0 };

test('bars share the plot evenly, stand on the baseline and reach their value', () => {
  const scale = niceScale(4);
  const bars = barLayout([0, 2, 4, 1], scale, box);
  expect(bars.map((bar) => bar.x)).toEqual([45, 95, 145, 195]);
  expect(bars.every((bar) => bar.width === 40)).toBe(true);
  expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100, 25]);
  expect(bars.map((bar) => bar.y + bar.height)).toEqual([100, 100, 100, 100]);
});

test('a value far below the top still shows as a sliver; none and negatives draw nothing', () => {
  const bars = barLayout([1, 0, -3], { top: 1000, ticks: [0, 1000] }, box);
  expect(bars.map((bar) => bar.height)).toEqual([1, 0, 0]);
});

test('ticks run from the baseline to the top of the plot', () => {
  const scale = niceScale(4);
  expect(scale.ticks.map((tick) => tickY(tick, scale, box))).toEqual([100, 75, 50, 25, 0]);
});

test('no values, no bars', () => {
  expect(barLayout([], niceScale(0), box)).toEqual([]);
});
