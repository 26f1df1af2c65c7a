/**
 * The geometry of a bar chart, apart from drawing it so that it can be tested: the scale rounds the
 * largest value up to a "nice" top (1, 2, 2.5 or 5 times a power of ten per tick), so the axis reads
 * 0 / 5 / 10 / 15 / 20 rather than 0 / 4.75 / 9.5.
 */

export interface Scale {
  top: number;
  ticks: number[];
}

const STEPS = [1, 2, 2.5, 5, 10];

/** A scale from 0 with about `count` steps whose top is at least `max`; whole steps when `whole` (counts). */
export function niceScale(max: number, count = 4, whole = true): Scale {
  if (!(max > 0)) return { top: 1, ticks: [0, 1] };
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = (STEPS.find((candidate) => candidate * power >= rough) ?? 10) * power;
  if (whole) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => Number((index * step).toPrecision(12)));
  return { top, ticks };
}

export interface Box {
  width: number;
  height: number;
  /** Room for the axis labels: left of the bars and below them. */
  left: number;
  bottom: number;
  top: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number;
}

/** One bar per value, evenly spaced across the plot with a gap of a fifth of a slot between bars. */
export function barLayout(values: readonly number[], scale: Scale, box: Box): Bar[] {
  const plotWidth = box.width - box.left;
  const plotHeight = box.height - box.top - box.bottom;
  const slot = values.length > 0 ? plotWidth / values.length : 0;
  const baseline = box.height - box.bottom;
  return values.map((value, index) => {
    const height = (Math.max(0, value) / scale.top) * plotHeight;
    // A value above zero is never drawn thinner than one unit, so a single order still shows.
    const drawn = value > 0 ? Math.max(height, 1) : 0;
    return { x: box.left + index * slot + slot * 0.1, y: baseline - drawn, width: slot * 0.8, height: drawn, value };
  });
}

/** Where a tick's line and label go. */
export function tickY(tick: number, scale: Scale, box: Box): number {
  const plotHeight = box.height - box.top - box.bottom;
  return box.height - box.bottom - (tick / scale.top) * plotHeight;
}
