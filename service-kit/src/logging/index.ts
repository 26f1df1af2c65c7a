export { createLogger, logOptions, REDACT_PATHS, type LoggerSettings, type LogLevel } from './logger.ts';
export { fastifyLogging, passRequestId } from './fastify.ts';
export { REQUEST_ID_HEADER, requestIdFrom } from './requestId.ts';
export { scrubText } from './scrub.ts';
export { routeConsoleToLogger } from './console.ts';
export type { Logger } from 'pino';
