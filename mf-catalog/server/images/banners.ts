// Home page banners: wide compositions of our product drawings on soft gradients. No text is
// baked in; the left part is kept calm so the front end can lay its own copy over it.
import { colorHex, type ColorName } from '../products/model.ts';
import { drawing, type DrawingName } from './drawings.ts';
import { paintFor } from './svg.ts';

interface Placement {
  drawing: DrawingName;
  color: ColorName;
  x: number;
  y: number;
  scale: number;
}

interface Banner {
  width: number;
  height: number;
  from: string;
  to: string;
  accent: string;
  items: Placement[];
}

// 1-3 are hero slides (16:6), 4-6 ad-grid tiles (16:9).
const BANNERS: Banner[] = [
  {
    width: 1600,
    height: 600,
    from: '#f6efe4',
    to: '#e8d9c4',
    accent: '#d9b98f',
    items: [
      { drawing: 'lamp', color: 'yellow', x: 640, y: 70, scale: 1.25 },
      { drawing: 'sofa', color: 'green', x: 900, y: 130, scale: 1.2 },
      { drawing: 'table', color: 'brown', x: 1250, y: 250, scale: 0.85 },
    ],
  },
  {
    width: 1600,
    height: 600,
    from: '#e9f0f8',
    to: '#cddcee',
    accent: '#9db9dd',
    items: [
      { drawing: 'laptop', color: 'grey', x: 760, y: 130, scale: 1.15 },
      { drawing: 'headphones', color: 'blue', x: 1060, y: 60, scale: 1 },
      { drawing: 'phone', color: 'black', x: 1290, y: 200, scale: 0.85 },
    ],
  },
  {
    width: 1600,
    height: 600,
    from: '#f8ecef',
    to: '#eed3da',
    accent: '#e3a9b9',
    items: [
      { drawing: 'jacket', color: 'red', x: 740, y: 90, scale: 1.15 },
      { drawing: 'backpack', color: 'beige', x: 1020, y: 110, scale: 1.05 },
      { drawing: 'sneaker', color: 'white', x: 1230, y: 270, scale: 0.85 },
    ],
  },
  {
    width: 800,
    height: 450,
    from: '#eef5ef',
    to: '#d3e6d6',
    accent: '#a7cdb0',
    items: [
      { drawing: 'kettle', color: 'green', x: 330, y: 70, scale: 0.9 },
      { drawing: 'toaster', color: 'white', x: 520, y: 150, scale: 0.72 },
    ],
  },
  {
    width: 800,
    height: 450,
    from: '#f7f1e3',
    to: '#ecdcb8',
    accent: '#dfc288',
    items: [
      { drawing: 'watch', color: 'brown', x: 340, y: 60, scale: 0.85 },
      { drawing: 'sunglasses', color: 'black', x: 520, y: 170, scale: 0.7 },
    ],
  },
  {
    width: 800,
    height: 450,
    from: '#f0eef7',
    to: '#d9d4ec',
    accent: '#b8afdc',
    items: [
      { drawing: 'handbag', color: 'pink', x: 320, y: 80, scale: 0.85 },
      { drawing: 'tote', color: 'beige', x: 530, y: 130, scale: 0.72 },
    ],
  },
];

export function bannerSvg(n: number): string | null {
  const banner = BANNERS[n - 1];
  if (!banner) return null;
  const { width: w, height: h } = banner;
  const parts = banner.items.map((item, i) => {
    const { defs, paint } = paintFor(colorHex(item.color), `b${i}`);
    const size = 400 * item.scale;
    return {
      defs,
      body: `<ellipse cx="${item.x + size / 2}" cy="${item.y + size * 0.83}" rx="${size * 0.36}" ry="${size * 0.04}" fill="#1b1f27" opacity="0.13"/>
        <g transform="translate(${item.x} ${item.y}) scale(${item.scale})">${drawing(item.drawing, paint)}</g>`,
    };
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs>${parts.map((p) => p.defs).join('')}
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${banner.from}"/><stop offset="1" stop-color="${banner.to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<circle cx="${w * 0.72}" cy="${h * 0.5}" r="${h * 0.46}" fill="${banner.accent}" opacity="0.45"/>
<circle cx="${w * 0.93}" cy="${h * 0.12}" r="${h * 0.16}" fill="#ffffff" opacity="0.35"/>
<path d="M0 ${h * 0.82} Q${w * 0.3} ${h * 0.7} ${w * 0.55} ${h * 0.86} T${w} ${h * 0.8} L${w} ${h} L0 ${h} Z" fill="#ffffff" opacity="0.3"/>
<circle cx="${w * 0.08}" cy="${h * 0.2}" r="${h * 0.05}" fill="${banner.accent}" opacity="0.5"/>
${parts.map((p) => p.body).join('')}</svg>`;
}
