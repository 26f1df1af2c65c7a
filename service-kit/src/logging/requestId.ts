import { randomUUID } from 'node:crypto';

/** The header a request id travels in: from the gateway to the services, and back to the caller. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: short, no spaces, nothing a log reader could mistake for markup. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's id when it is sane (the gateway's hop, a load balancer's), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_ID.test(value) ? value : randomUUID();
}
