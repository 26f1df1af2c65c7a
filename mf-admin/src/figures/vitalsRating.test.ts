import { rate } from './vitalsRating.ts';

test("Google's thresholds: good up to the first, poor past the second", () => {
  expect([2500, 2501, 4000, 4001].map((ms) => rate('lcp', ms))).toEqual(['good', 'improve', 'improve', 'poor']);
  expect([200, 201, 500, 501].map((ms) => rate('inp', ms))).toEqual(['good', 'improve', 'improve', 'poor']);
});
