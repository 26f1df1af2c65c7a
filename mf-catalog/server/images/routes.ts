import type { FastifyInstance } from 'fastify';
import createError from 'http-errors';
import { LRUCache } from 'lru-cache';
import { bannerSvg } from './banners.ts';
import { parseProductImage } from './paths.ts';
import { productImageSvg } from './productImage.ts';

// An image URL fully determines its picture, so browsers and the gateway may keep it for a year.
const IMAGE_HEADERS = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

export function registerImageRoutes(app: FastifyInstance): void {
  // Drawing is cheap but not free; a listing page asks for the same few dozen images repeatedly.
  const cache = new LRUCache<string, string>({ max: 5000 });

  function serve(key: string, draw: () => string | null): string {
    let svg = cache.get(key);
    if (svg === undefined) {
      const drawn = draw();
      if (drawn === null) throw createError(404, `Image '${key.slice(0, 80)}' not found`);
      svg = drawn;
      cache.set(key, svg);
    }
    return svg;
  }

  app.get<{ Params: { id: string; file: string } }>('/images/products/:id/:file', async (request, reply) => {
    const { id, file } = request.params;
    const svg = serve(`products/${id}/${file}`, () => {
      const image = parseProductImage(id, file);
      return image && productImageSvg(image);
    });
    return reply.headers(IMAGE_HEADERS).send(svg);
  });

  app.get<{ Params: { file: string } }>('/images/banners/:file', async (request, reply) => {
    const { file } = request.params;
    const svg = serve(`banners/${file}`, () => {
      const match = /^(\d)\.svg$/.exec(file);
      return match ? bannerSvg(Number(match[1])) : null;
    });
    return reply.headers(IMAGE_HEADERS).send(svg);
  });
}
