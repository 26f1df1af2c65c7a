import { colorHex } from '../products/model.ts';
import { Random, mixSeed } from '../seed/random.ts';
import { drawing } from './drawings.ts';
import type { ProductImageKey } from './paths.ts';
import { mix, paintFor } from './svg.ts';

const BACKDROPS = ['#f4efe6', '#eef2f6', '#eff4ee', '#f6eeef', '#f0eef6', '#f5f1e8'];

// Each variant is a different "shot" of the same object: studio front, mirrored three-quarter
// turn, close-up, and a styled shot on a coloured disc.
function scene(variant: number, backdrop: string, tint: string, random: Random): { background: string; transform: string; floor: boolean } {
  switch (variant) {
    case 2:
      return {
        background: `<rect width="400" height="290" fill="${backdrop}"/><rect y="290" width="400" height="110" fill="${mix(backdrop, tint, 0.6)}"/>`,
        transform: 'translate(378 30) scale(-0.88 0.88) rotate(-6 200 330)',
        floor: true,
      };
    case 3:
      return {
        background: `<rect width="400" height="400" fill="url(#wash)"/>`,
        transform: 'translate(-100 -85) scale(1.5)',
        floor: false,
      };
    case 4: {
      const cx = random.int(180, 220);
      return {
        background: `<rect width="400" height="400" fill="${backdrop}"/><circle cx="${cx}" cy="196" r="150" fill="${tint}"/>
          <circle cx="${cx + 120}" cy="74" r="14" fill="${mix(tint, '#ffffff', 0.5)}"/><circle cx="${cx - 130}" cy="320" r="9" fill="${tint}"/>`,
        transform: 'translate(62 66) scale(0.69)',
        floor: true,
      };
    }
    default:
      return { background: `<rect width="400" height="400" fill="url(#glow)"/>`, transform: 'translate(20 16) scale(0.9)', floor: true };
  }
}

export function productImageSvg(key: ProductImageKey): string {
  const random = new Random(mixSeed(key.id, 0x1a6e));
  const color = colorHex(key.color);
  const backdrop = random.pick(BACKDROPS);
  const tint = mix(backdrop, color, 0.22);
  const { defs, paint } = paintFor(color, 'p');
  const shot = scene(key.variant, backdrop, tint, random);
  const floor = shot.floor ? `<ellipse cx="200" cy="314" rx="140" ry="14" fill="#1b1f27" opacity="0.12"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800"><defs>${defs}
<radialGradient id="glow" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></radialGradient>
<linearGradient id="wash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop}"/><stop offset="1" stop-color="${tint}"/></linearGradient>
</defs>${shot.background}${floor}<g transform="${shot.transform}">${drawing(key.drawing, paint)}</g></svg>`;
}
