/**
 * The HTTP plumbing of the local Auth service's front door (authProxy.ts): JSON answers in the shape
 * the Firebase SDK reads, bounded body reads, and a request's fields as the proxy vets them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** An error in the shape the Firebase SDK reads (`error.message`), so the page shows a clear reason. */
export const refusal = (status: number, message: string) => ({ error: { code: status, message, errors: [{ message, reason: 'forbidden' }] } });

/** A request the proxy will not read: too large, compressed, or not what the call takes. */
export class BadRequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The whole of a body up to `limit` bytes; beyond it the rest is left unread (a request's is discarded). */
export function readBody(stream: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new BadRequestError(413, `INVALID_ARGUMENT : The request is larger than ${limit} bytes`);
  return new Promise((resolve, reject) => {
    if (Number(stream.headers['content-length'] ?? 0) > limit) {
      stream.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.off('data', onData);
        stream.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** A request's fields: a JSON body, or (`formToo`: the SDK's token refresh) a form; anything else is refused unread. */
export async function fieldsOf(request: IncomingMessage, limit: number, formToo: boolean): Promise<unknown> {
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding !== 'identity') throw new BadRequestError(415, 'INVALID_ARGUMENT : Send the body uncompressed');
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== 'application/json' && !(formToo && type === 'application/x-www-form-urlencoded')) {
    throw new BadRequestError(415, 'INVALID_ARGUMENT : Send the body as application/json');
  }
  const text = (await readBody(request, limit)).toString('utf8');
  if (type !== 'application/json') return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestError(400, 'INVALID_ARGUMENT : The body is not JSON');
  }
}
