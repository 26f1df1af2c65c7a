import { format } from 'node:util';
import type { Logger } from 'pino';

/**
 * Sends console.log/info/warn/error/debug through the logger, so that what a module deep in a
 * service (or a library) prints is a JSON line of the same shape, scrubbed and with the request's
 * trace ids, and never a bare line in the middle of the JSON. For a service's process only: a CLI's
 * output stays plain.
 */
export function routeConsoleToLogger(logger: Logger): void {
  const line = (level: 'info' | 'warn' | 'error' | 'debug') => {
    return (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const text = format(...args.map((arg) => (arg === error ? (error?.message ?? '') : arg)));
      if (error) logger[level]({ err: error }, text);
      else logger[level](text);
    };
  };
  console.log = line('info');
  console.info = line('info');
  console.warn = line('warn');
  console.error = line('error');
  console.debug = line('debug');
}
