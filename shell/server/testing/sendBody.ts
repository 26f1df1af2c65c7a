// A client that sends a body of an exact size the two ways HTTP allows (a Content-Length, or
// streamed in chunks) and notes how much of it had gone out when the answer came, for tests of
// body limits over real HTTP.
import http from 'node:http';

export type Framing = 'content-length' | 'chunked';

export interface BodyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { message?: string } & Record<string, unknown>;
  /** Body bytes written when the answer's head arrived. */
  sentBefore: number;
}

export interface BodyRequest {
  method: string;
  /** Bytes of the body: a JSON string ("xxx…") of exactly this length, or text for other types. */
  size: number;
  framing: Framing;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Over a limit: the body is sent up to `size` and then held open, neither finished nor closed, so
   * an answer proves the server did not wait for the rest. With a Content-Length, nothing of the body
   * is sent at all until the server has had `waitMs` to answer the head alone.
   */
  holdOpen?: boolean;
  waitMs?: number;
}

const CHUNK = 64 * 1024;

export function bodyOfSize(size: number, contentType: string): Buffer {
  return contentType.startsWith('application/json') ? Buffer.from(JSON.stringify('x'.repeat(size - 2))) : Buffer.alloc(size, 'x');
}

/** Sends the request and resolves with the answer; stops writing once the answer is there, as browsers and proxies do. */
export function sendBody(url: string, request: BodyRequest): Promise<BodyAnswer> {
  const contentType = request.contentType ?? 'application/json';
  const body = bodyOfSize(request.size, contentType);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: request.method,
      agent: false,
      headers: {
        'content-type': contentType,
        ...(request.framing === 'content-length' ? { 'content-length': body.length } : { 'transfer-encoding': 'chunked' }),
        ...request.headers,
      },
    });
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error(`no answer to ${request.method} ${url} (${request.size} bytes, ${request.framing}) within 20 s; ${sent} bytes sent`));
    }, 20_000);
    outgoing.on('response', (response) => {
      answered = true;
      const sentBefore = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        outgoing.destroy();
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode!, headers: response.headers, body: text ? JSON.parse(text) : {}, sentBefore });
      });
    });
    outgoing.on('error', (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(new Error(`${error.message} on ${request.method} ${url} (${request.size} bytes, ${request.framing}) after ${sent} bytes`));
    });
    const next = () => {
      if (answered) return;
      if (sent >= body.length) {
        if (!request.holdOpen) outgoing.end();
        return;
      }
      const chunk = body.subarray(sent, sent + CHUNK);
      sent += chunk.length;
      if (outgoing.write(chunk)) setImmediate(next);
      else outgoing.once('drain', next);
    };
    outgoing.flushHeaders();
    setTimeout(next, request.framing === 'content-length' && request.holdOpen ? (request.waitMs ?? 1_000) : 0);
  });
}
