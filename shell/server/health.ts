import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.ts';

type UpstreamState = { status: 'ready' } | { status: 'unavailable'; reason: string } | { status: 'external' };

const PROBE_TIMEOUT_MS = 1500;

async function probe(url: string): Promise<UpstreamState> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    if (response.ok) return { status: 'ready' };
    const body = (await response.json().catch(() => ({}))) as { reason?: unknown };
    return { status: 'unavailable', reason: typeof body.reason === 'string' ? body.reason : `answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { status: 'unavailable', reason: timedOut ? `no answer within ${PROBE_TIMEOUT_MS} ms` : 'not reachable' };
  }
}

/**
 * `/healthz` (liveness): the gateway process answers. `/readyz` (readiness): whether this gateway
 * should get shoppers: 503 while it stops or cannot serve pages (no shell build). It also reports
 * each upstream by name. A missing upstream does not make the gateway unready: the pages, the cart
 * and every other service still work through it, while a load balancer that took every gateway out
 * because the catalogue blinked would take the whole shop down with it. Firebase in production is
 * Google's ("external", not probed from here).
 */
export function registerHealthRoutes(app: FastifyInstance, config: GatewayConfig, stopping: () => boolean): void {
  const authEmulatorUrl = config.client.firebase.authEmulatorUrl && (config.emulatorProbes.authUrl ?? config.client.firebase.authEmulatorUrl);
  const databaseEmulatorHost =
    config.client.firebase.databaseEmulatorHost && (config.emulatorProbes.databaseHost ?? config.client.firebase.databaseEmulatorHost);
  const external = async (): Promise<UpstreamState> => ({ status: 'external' });
  const upstreams: Record<string, () => Promise<UpstreamState>> = {
    catalog: () => probe(`${config.catalogUrl}/readyz`),
    checkout: () => probe(`${config.checkoutUrl}/readyz`),
    auth: authEmulatorUrl ? () => probe(`${new URL(authEmulatorUrl).origin}/readyz`) : external,
    database: databaseEmulatorHost ? () => probe(`http://${databaseEmulatorHost}/readyz`) : external,
  };

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const names = Object.keys(upstreams);
    const states = await Promise.all(names.map((name) => upstreams[name]!()));
    const report = Object.fromEntries(names.map((name, index) => [name, states[index]]));
    const reason = stopping() ? 'the gateway is stopping' : existsSync(path.join(config.shellDist, 'index.html')) ? undefined : 'the shell is not built';
    if (reason) return reply.code(503).send({ status: 'unavailable', reason, upstreams: report });
    const degraded = states.some((state) => state.status === 'unavailable');
    return { status: degraded ? 'degraded' : 'ready', upstreams: report };
  });
}
