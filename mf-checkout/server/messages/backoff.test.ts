import { retryDelayMs } from './backoff.ts';

const options = { baseMs: 5_000, maxMs: 300_000 };

test('doubles from the base up to the cap', () => {
  const highest = (attempts: number) => retryDelayMs(attempts, options, () => 1);
  expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(highest)).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
});

test('jitter: between half and all of the step, never zero', () => {
  expect(retryDelayMs(1, options, () => 0)).toBe(2_500);
  expect(retryDelayMs(7, options, () => 0)).toBe(150_000);
  for (let i = 0; i < 1000; i++) {
    const delay = retryDelayMs(3, options);
    expect(delay).toBeGreaterThanOrEqual(10_000);
    expect(delay).toBeLessThanOrEqual(20_000);
  }
});
