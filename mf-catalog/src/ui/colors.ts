// The swatches the screens draw: the catalogue contract's palette (the names the `color` filter accepts).
import { PALETTE } from 'catalog-api/vocabulary';

export { PALETTE } from 'catalog-api/vocabulary';

export type Swatch = { readonly name: string; readonly hex: string };

export function isKnownColor(name: string): boolean {
  return PALETTE.some((color) => color.name === name);
}

export function colorHex(name: string): string {
  return PALETTE.find((color) => color.name === name)?.hex ?? '#8d939c';
}
