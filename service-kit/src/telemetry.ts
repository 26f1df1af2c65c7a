import type { Logger } from 'pino';
import { routeConsoleToLogger } from './logging/console.ts';
import { createLogger } from './logging/logger.ts';
import { startTracing, type Tracing } from './tracing/setup.ts';

export interface ServiceTelemetry {
  logger: Logger;
  tracing: Tracing;
}

/**
 * A service's process, first thing: tracing started (before http, pg and fastify load, so they are
 * patched), the JSON logger made, and the console sent through it. Import the module that calls this
 * before any other in main.ts: ES modules run their imports first.
 */
export function startServiceTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): ServiceTelemetry {
  const tracing = startTracing({ service, env });
  const logger = createLogger({ service, env });
  routeConsoleToLogger(logger);
  return { logger, tracing };
}
