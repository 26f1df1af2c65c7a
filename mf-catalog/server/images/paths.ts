// Product image paths carry everything needed to draw the picture, so serving one needs no
// database lookup and the URL can be cached forever.
import { COLOR_NAMES, type ColorName } from '../products/model.ts';
import { DRAWING_NAMES, type DrawingName } from './drawings.ts';

export const MAX_IMAGE_VARIANT = 4;

/** Relative to the public image base, e.g. "images/products/12/chair-blue-1.svg". */
export function productImagePath(id: number, drawing: DrawingName, color: ColorName, variant: number): string {
  return `images/products/${id}/${drawing}-${color}-${variant}.svg`;
}

export interface ProductImageKey {
  id: number;
  drawing: DrawingName;
  color: ColorName;
  variant: number;
}

/** Parses the file part ("chair-blue-1.svg") of a product image path; null when it names nothing we draw. */
export function parseProductImage(id: string, file: string): ProductImageKey | null {
  const match = /^([a-z]+)-([a-z]+)-(\d)\.svg$/.exec(file);
  if (!match || !/^[1-9]\d{0,9}$/.test(id)) return null;
  const [, drawing, color, variant] = match as unknown as [string, string, string, string];
  const n = Number(variant);
  if (!(DRAWING_NAMES as readonly string[]).includes(drawing) || !(COLOR_NAMES as readonly string[]).includes(color)) return null;
  if (n < 1 || n > MAX_IMAGE_VARIANT) return null;
  return { id: Number(id), drawing: drawing as DrawingName, color: color as ColorName, variant: n };
}
