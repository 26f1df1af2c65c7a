import { histogramQuantile } from './histogramQuantile.ts';

const buckets = (pairs: [number, number][]) => pairs.map(([le, count]) => ({ le, count }));

describe('histogramQuantile', () => {
  it('is null without observations', () => {
    expect(histogramQuantile(0.75, [])).toBeNull();
    expect(
      histogramQuantile(
        0.75,
        buckets([
          [1, 0],
          [Infinity, 0],
        ]),
      ),
    ).toBeNull();
  });

  it('interpolates linearly inside the bucket the rank falls in', () => {
    // 4 observations: 2 up to 1 s, 2 more up to 2 s; the 3rd of 4 (p75) is half-way through (1, 2].
    expect(
      histogramQuantile(
        0.75,
        buckets([
          [1, 2],
          [2, 4],
          [Infinity, 4],
        ]),
      ),
    ).toBeCloseTo(1.5);
    // The first bucket starts at 0.
    expect(
      histogramQuantile(
        0.5,
        buckets([
          [2, 4],
          [Infinity, 4],
        ]),
      ),
    ).toBeCloseTo(1);
  });

  it('skips empty buckets and takes them in any order', () => {
    expect(
      histogramQuantile(
        0.75,
        buckets([
          [Infinity, 4],
          [4, 4],
          [2.5, 0],
          [3, 0],
        ]),
      ),
    ).toBeCloseTo(3.75);
  });

  it('answers the last finite bound when the rank is past it', () => {
    expect(
      histogramQuantile(
        0.75,
        buckets([
          [1, 1],
          [2, 1],
          [Infinity, 4],
        ]),
      ),
    ).toBe(2);
  });
});
