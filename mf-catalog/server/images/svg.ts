// Colour arithmetic and the shared gradient set every drawing paints with.

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Linear mix of two #rrggbb colours; t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (color: string, t: number): string => mix(color, '#ffffff', t);
export const darken = (color: string, t: number): string => mix(color, '#000000', t);

/** Gradient references a drawing uses, plus raw tones for flat details. */
export interface Paint {
  main: string;
  light: string;
  dark: string;
  /** url(#...) fills */
  body: string;
  side: string;
  metal: string;
  wood: string;
  rubber: string;
  glass: string;
  screen: string;
}

const linear = (id: string, stops: string[], x2 = 0, y2 = 1): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((color, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(2)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

/**
 * Gradient definitions for one product colour. The prefix keeps ids unique when several
 * drawings share one SVG document (the banners).
 */
export function paintFor(color: string, prefix: string): { defs: string; paint: Paint } {
  const light = lighten(color, 0.35);
  const dark = darken(color, 0.3);
  const id = (name: string) => `${prefix}${name}`;
  const defs = [
    linear(id('body'), [lighten(color, 0.2), color, darken(color, 0.18)]),
    linear(id('side'), [lighten(color, 0.12), darken(color, 0.25)], 1, 0),
    linear(id('metal'), ['#f4f5f7', '#c3c8cf', '#8e959f'], 1, 1),
    linear(id('wood'), ['#c99a68', '#a0703f', '#7b5230'], 1, 0),
    linear(id('rubber'), ['#4a4f58', '#24272d']),
    linear(id('glass'), ['rgba(220,236,248,0.75)', 'rgba(170,200,225,0.45)'], 1, 1),
    linear(id('screen'), [mix('#1b2330', color, 0.45), '#10151d'], 1, 1),
  ].join('');
  const url = (name: string) => `url(#${id(name)})`;
  return {
    defs,
    paint: {
      main: color,
      light,
      dark,
      body: url('body'),
      side: url('side'),
      metal: url('metal'),
      wood: url('wood'),
      rubber: url('rubber'),
      glass: url('glass'),
      screen: url('screen'),
    },
  };
}
