import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProduct {
  id: number;
  title: string;
  priceCents: number;
  stock: number;
}

interface Reservation {
  status: 'reserved' | 'committed' | 'released';
  lines: { productId: number; quantity: number; title: string; thumbnail: string; priceCents: number }[];
  /** Returns of a committed reservation by return id: what each put back. */
  returns?: Map<string, { productId: number; quantity: number }[]>;
}

export interface FakeCatalog {
  url: string;
  token: string;
  reservations: Map<string, Reservation>;
  /** Every request received, e.g. "POST /stock/reservations". */
  calls: string[];
  /** Makes the next n requests to a path matching `pattern` answer 503. */
  failNext(pattern: RegExp, n?: number): void;
  /** Holds the next request to a path matching `pattern` (only that one) until `resume` is called. */
  holdNext(pattern: RegExp): HeldRequest;
  stock(id: number): number;
  close(): Promise<void>;
}

export interface HeldRequest {
  /** Resolves when the request has arrived and is being held. */
  arrived: Promise<void>;
  /** Lets the request through: it is then answered as usual. */
  resume(): void;
}

/**
 * The catalogue's internal stock API (docs/architecture.md; answers shaped like mf-catalog/server's)
 * with real semantics in memory, so these tests need no catalogue: a reservation takes every line
 * or none in one synchronous step (concurrent requests cannot oversell), a repeat by order id
 * answers the existing reservation, commit and release are idempotent and release never undoes a
 * commit, and a committed one takes returns once per return id. Also GET /products/{id} and GET /products?ids=1,2 with DummyJSON's dollar price.
 */
export async function startFakeCatalog(products: FakeProduct[], token = 'test-internal-token-123'): Promise<FakeCatalog> {
  const state = new Map(products.map((product) => [product.id, { ...product }]));
  const reservations = new Map<string, Reservation>();
  const calls: string[] = [];
  const faults: { pattern: RegExp; remaining: number }[] = [];
  const holds: { pattern: RegExp; arrive: () => void; resumed: Promise<void> }[] = [];

  function send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function reservationBody(orderId: string, reservation: Reservation) {
    return { orderId, status: reservation.status, lines: reservation.lines };
  }

  function reserve(body: { orderId?: unknown; lines?: unknown }, res: ServerResponse): void {
    const orderId = typeof body.orderId === 'string' ? body.orderId : '';
    const lines = Array.isArray(body.lines) ? (body.lines as { productId: unknown; quantity: unknown }[]) : [];
    const wellFormed = lines.every((l) => Number.isInteger(l.productId) && Number.isInteger(l.quantity));
    const distinct = new Set(lines.map((l) => l.productId)).size === lines.length;
    if (!orderId || lines.length === 0 || !wellFormed || !distinct) {
      return send(res, 400, { message: 'the body must be a JSON object {orderId, lines:[{productId, quantity}]}' });
    }
    const existing = reservations.get(orderId);
    if (existing) return send(res, 200, reservationBody(orderId, existing));
    for (const line of lines) {
      const product = state.get(Number(line.productId));
      if (!product) return send(res, 404, { message: `Product with id '${String(line.productId)}' not found` });
      const requested = Number(line.quantity);
      if (product.stock < requested) {
        return send(res, 409, {
          message: `Not enough stock for '${product.title}' (product ${product.id}): ${requested} requested, ${product.stock} available`,
          productId: product.id,
          requested,
          available: product.stock,
        });
      }
    }
    const reservation: Reservation = {
      status: 'reserved',
      lines: lines.map((line) => {
        const product = state.get(Number(line.productId))!;
        product.stock -= Number(line.quantity);
        return {
          productId: product.id,
          quantity: Number(line.quantity),
          title: product.title,
          thumbnail: `/images/${product.id}.webp`,
          priceCents: product.priceCents,
        };
      }),
    };
    reservations.set(orderId, reservation);
    send(res, 201, reservationBody(orderId, reservation));
  }

  function settle(orderId: string, action: string, res: ServerResponse): void {
    const reservation = reservations.get(orderId);
    if (!reservation) return send(res, 404, { message: `Reservation '${orderId}' not found` });
    if (action === 'commit') {
      if (reservation.status === 'released') {
        return send(res, 409, { message: `Reservation '${orderId}' is released and cannot be committed` });
      }
      reservation.status = 'committed';
    } else if (reservation.status === 'reserved') {
      for (const line of reservation.lines) state.get(line.productId)!.stock += line.quantity;
      reservation.status = 'released';
    }
    send(res, 200, reservationBody(orderId, reservation));
  }

  /** Returned units of a committed reservation go back to stock, once per returnId, never more than were sold. */
  function takeBack(orderId: string, body: { returnId?: unknown; lines?: unknown }, res: ServerResponse): void {
    const reservation = reservations.get(orderId);
    if (!reservation) return send(res, 404, { message: `Reservation '${orderId}' not found` });
    const returnId = typeof body.returnId === 'string' ? body.returnId : '';
    const lines = Array.isArray(body.lines) ? (body.lines as { productId: number; quantity: number }[]) : [];
    if (!returnId || lines.length === 0) return send(res, 400, { message: 'the body must be {returnId, lines:[{productId, quantity}]}' });
    if (reservation.status !== 'committed')
      return send(res, 409, { message: `Reservation '${orderId}' is ${reservation.status}: only a committed one takes returns` });
    reservation.returns ??= new Map();
    if (reservation.returns.has(returnId)) return send(res, 200, { orderId, returnId, lines: reservation.returns.get(returnId) });
    for (const line of lines) {
      const sold = reservation.lines.find((taken) => taken.productId === line.productId)?.quantity ?? 0;
      const back = [...reservation.returns.values()]
        .flat()
        .filter((earlier) => earlier.productId === line.productId)
        .reduce((sum, earlier) => sum + earlier.quantity, 0);
      if (line.quantity > sold - back) return send(res, 409, { message: `Only ${sold - back} of product ${line.productId} can be returned` });
    }
    for (const line of lines) state.get(line.productId)!.stock += line.quantity;
    reservation.returns.set(returnId, lines);
    send(res, 201, { orderId, returnId, lines });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const fault = faults.find((f) => f.remaining > 0 && f.pattern.test(url.pathname));
    if (fault) {
      fault.remaining--;
      return send(res, 503, { message: 'injected fault' });
    }
    const held = holds.findIndex((h) => h.pattern.test(url.pathname));
    if (held >= 0) {
      const [hold] = holds.splice(held, 1);
      hold!.arrive();
      await hold!.resumed;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const product = /^\/products\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && product) {
      const found = state.get(Number(product[1]));
      if (!found) return send(res, 404, { message: `Product with id '${product[1]}' not found` });
      return send(res, 200, { id: found.id, title: found.title, price: found.priceCents / 100 });
    }
    if (req.method === 'GET' && url.pathname === '/products' && url.searchParams.has('ids')) {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      const products = ids.flatMap((id) => {
        const found = state.get(id);
        return found ? [{ id: found.id, title: found.title, price: found.priceCents / 100 }] : [];
      });
      return send(res, 200, { products, total: products.length, skip: 0, limit: products.length });
    }
    if (req.headers['x-internal-token'] !== token) return send(res, 401, { message: 'internal token required' });
    if (req.method === 'POST' && url.pathname === '/stock/reservations') {
      return reserve(JSON.parse(Buffer.concat(chunks).toString() || '{}'), res);
    }
    const returnMatch = /^\/stock\/reservations\/([^/]+)\/returns$/.exec(url.pathname);
    if (req.method === 'POST' && returnMatch) return takeBack(decodeURIComponent(returnMatch[1]!), JSON.parse(Buffer.concat(chunks).toString() || '{}'), res);
    const settleMatch = /^\/stock\/reservations\/([^/]+)\/(commit|release)$/.exec(url.pathname);
    if (req.method === 'POST' && settleMatch) return settle(decodeURIComponent(settleMatch[1]!), settleMatch[2]!, res);
    send(res, 404, { message: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { message: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    reservations,
    calls,
    failNext(pattern, n = 1) {
      faults.push({ pattern, remaining: n });
    },
    holdNext(pattern) {
      let arrive!: () => void;
      let resume!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      holds.push({ pattern, arrive, resumed });
      return { arrived, resume };
    },
    stock: (id) => state.get(id)?.stock ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
