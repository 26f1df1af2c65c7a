import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MetricsSettings {
  /** Unset: no listener (tests, unless they ask). 0 picks a free port. */
  port: number | undefined;
  /** Loopback by default: only the machine's own scraper (or a sidecar) reaches it. */
  host: string;
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics in the Prometheus text format on a listener of its own, apart from the port shoppers
 * reach (decision 0032); everything else there is 404. `collect` gives the text and its content type.
 */
export async function startMetricsServer(
  settings: MetricsSettings,
  collect: () => Promise<{ contentType: string; text: string }>,
): Promise<MetricsListener | undefined> {
  if (settings.port === undefined) return undefined;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: only GET /metrics is served here\n');
      return;
    }
    collect().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
