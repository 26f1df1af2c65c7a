import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { routeConsoleToLogger } from './logging/console.ts';
import { createLogger } from './logging/logger.ts';
import { otlpTracesUrl, TRACING_OFF, type Tracing } from './tracing/state.ts';

export interface ServiceTelemetry {
  logger: Logger;
  tracing: Tracing;
}

/**
 * The OpenTelemetry SDK, loaded only when tracing is on (it takes about a second to load on a busy
 * machine) and synchronously, so that it patches http and pg before the service's other modules load
 * them: required from the service's entry script, whose package depends on service-kit.
 */
function loadTracingSdk(): typeof import('./tracing/setup.ts') {
  const require = createRequire(process.argv[1] ?? join(process.cwd(), 'main.js'));
  return require('service-kit/tracing-sdk') as typeof import('./tracing/setup.ts');
}

/**
 * A service's process, first thing: tracing started when an OTLP endpoint is set (before http, pg and
 * fastify load, so they are patched), the JSON logger made, and the console sent through it. Import
 * the module that calls this before any other in main.ts: ES modules run their imports first.
 */
export function startServiceTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): ServiceTelemetry {
  const tracing = otlpTracesUrl(env) ? loadTracingSdk().startTracing({ service, env }) : TRACING_OFF;
  const logger = createLogger({ service, env });
  routeConsoleToLogger(logger);
  return { logger, tracing };
}
