/**
 * The catalogue's colour palette, the one list the service (products/model.ts COLORS) and the screens use: the names the
 * `color` filter accepts, with the hex values the swatches are drawn in.
 */
export const PALETTE = [
  { name: 'black', hex: '#2b2d33' },
  { name: 'white', hex: '#f1efe9' },
  { name: 'grey', hex: '#8d939c' },
  { name: 'red', hex: '#c8463d' },
  { name: 'blue', hex: '#3a6fb0' },
  { name: 'green', hex: '#4a8b5c' },
  { name: 'yellow', hex: '#e2b53e' },
  { name: 'brown', hex: '#8b5e3c' },
  { name: 'beige', hex: '#d9c4a3' },
  { name: 'pink', hex: '#e193ad' },
] as const;

export type Swatch = { readonly name: string; readonly hex: string };

export function isKnownColor(name: string): boolean {
  return PALETTE.some((color) => color.name === name);
}

export function colorHex(name: string): string {
  return PALETTE.find((color) => color.name === name)?.hex ?? '#8d939c';
}
