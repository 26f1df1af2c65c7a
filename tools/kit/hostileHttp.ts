// The shared kit of the hostile-input tests (mf-catalog, mf-checkout and the gateway): fast-check
// runs of concurrent hostile requests, the hostile values every service is fed, and a raw HTTP
// client that sends requests exactly as written. Each test adds the values and request shapes of
// its own service.
import net from 'node:net';
import zlib from 'node:zlib';
import fc from 'fast-check';

/**
 * Draws for a request generator, taken from fast-check's `fc.gen()`: fc.assert seeds them, and when
 * a round fails it shrinks the draws to a smallest failing round and prints the seed and path that
 * replay it.
 */
export function drawsFrom(g: fc.GeneratorValue) {
  const int = (n: number) => (n <= 1 ? 0 : g(fc.nat, n - 1));
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  // Per mille, so a shrunk draw reads as a plain number.
  const chance = (p: number) => g(fc.nat, 999) < p * 1000;
  const uuid = () => g(fc.uuid, { version: 4 });
  return { int, pick, chance, uuid };
}
export type Rng = ReturnType<typeof drawsFrom>;

/** Draws outside a fuzz run (a test's fixed example), the same for the same seed. */
export function drawsForSeed(seed: number): Rng {
  const [g] = fc.sample(fc.gen(), { seed, numRuns: 1 });
  return drawsFrom(g!);
}

export interface FuzzRun<P> {
  /** Replays a run exactly (fast-check's seed). */
  seed: number;
  /** Requests in all; sent `inFlight` at a time. */
  requests: number;
  inFlight: number;
  /** The n-th request, drawn. */
  plan(draw: Rng, n: number): P;
  /** Sends it and judges the answer: a problem in words, or null when the answer is acceptable. */
  send(planned: P, n: number): Promise<string | null>;
}

/**
 * Sends `requests` hostile requests in rounds of `inFlight` at once and fails with fast-check's
 * report (the shrunk round, its problems, the seed and path) on the first round with a problem.
 */
export async function fuzzInRounds<P>(run: FuzzRun<P>): Promise<void> {
  let counter = 0;
  await fc.assert(
    // One generator per round, drawn from in turn: generators in an fc.array are clones that draw alike.
    fc.asyncProperty(fc.gen(), async (g) => {
      const draw = drawsFrom(g);
      const round = Array.from({ length: run.inFlight }, () => {
        const n = counter++;
        return { n, planned: run.plan(draw, n) };
      });
      const problems = await Promise.all(round.map(({ n, planned }) => run.send(planned, n)));
      const found = problems.filter((problem): problem is string => problem !== null);
      if (found.length) throw new Error(found.join('\n'));
    }),
    { seed: run.seed, numRuns: Math.ceil(run.requests / run.inFlight), endOnFailure: false },
  );
}

/** Text a hostile client sends: numbers out of range, wrong types, SQL, script, traversal, unicode. */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '1_000',
  '١٢',
  '+1',
  ' 1',
  '1 ',
  '01',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '" OR ""="',
  '1 UNION SELECT * FROM sqlite_master',
  "%' AND '%'='",
  "') OR ('a'='a",
  '\\',
  '\\x00',
  '*',
  '%',
  '_',
  '%%',
  '..',
  "1'; SELECT pg_sleep(5); --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//etc/passwd',
  '/etc/passwd\u0000.svg',
  'C:\\Windows\\win.ini',
  '%zz',
  '%E0%A4%A',
  '😀',
  '😀'.repeat(60),
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'Ω≈ç√∫˜µ',
  'ǅǈǋ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u200B',
  'a\r\nSet-Cookie: x=1',
  '\uD800',
  'Zalgơ̵̡̲͎',
  'x'.repeat(101),
  'x'.repeat(300),
  'x'.repeat(5000),
  'é'.repeat(300),
];

export const HOSTILE_NUMBERS: readonly number[] = [0, -1, 1.5, -0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 100, 101, 10_001, 1e-9, 1, 3];

/** A value of any JSON type for bodies, drawn from `text` (the service's hostile strings). */
export function hostileJson(rng: Rng, text: readonly string[] = HOSTILE_TEXT, depth = 0): unknown {
  switch (rng.int(depth > 1 ? 4 : 6)) {
    case 0:
      return rng.pick(text);
    case 1:
      return rng.pick(HOSTILE_NUMBERS);
    case 2:
      return rng.pick([true, false, null]);
    case 3:
      return rng.pick([[], {}, [null], [[1]], { a: 1 }]);
    case 4:
      return Array.from({ length: rng.int(4) }, () => hostileJson(rng, text, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: rng.int(4) }, () => [rng.pick(text).slice(0, 20), hostileJson(rng, text, depth + 1)]));
  }
}

/** Percent-encodes only what HTTP cannot carry raw, so broken escapes (%zz, %E0%A4) reach the server as sent. */
export function rawUrlPart(text: string, keepSlash = false): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0x20 && code < 0x7f && char !== '#' && char !== '?' && char !== '&' && (keepSlash || char !== '/')) out += char;
    else if (code >= 0xd800 && code <= 0xdfff)
      out += '%ED%A0%80'; // a lone surrogate: invalid UTF-8
    else out += [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Header values must stay printable ASCII on the wire; everything else is escaped the way a proxy would. */
export const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, (c) => `=${c.charCodeAt(0).toString(16)}`);

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawAnswer {
  status: number;
  /** Lower-case names. */
  headers: Map<string, string>;
  /** The content type, '' when there is none. */
  type: string;
  /** The body, decompressed when the server compressed it. */
  text: string;
}

/**
 * One request on its own connection, written in one piece and read until the server closes it.
 * Raw rather than fetch or node:http: those normalise the path (../, %2e), refuse some methods, and
 * report a server that answers early (before reading a body it does not want) and then closes as a
 * failure, although the answer arrived complete. Only the first answer on the connection counts.
 * `localAddress` sends it from another address of this machine (another client, for rate limits).
 */
export function sendRaw(base: URL, request: RawRequest, timeoutMs = 15_000, localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    let head = `${request.method} ${request.path} HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n`;
    for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (body) head += `Content-Length: ${body.length}\r\n`;
    const socket = net.connect({ port: Number(base.port), host: base.hostname, localAddress });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(chunks), request.method === 'HEAD', true);
      if (answer) resolve(answer);
      else reject(error ?? new Error(`no complete answer (${chunks.length ? Buffer.concat(chunks).toString('latin1').slice(0, 80) : 'nothing received'})`));
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer within ${timeoutMs / 1000} s`)));
    // Not end(): a half-closed connection may be closed by the server before it answers.
    socket.on('connect', () => socket.write(body ? Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), body]) : `${head}\r\n`));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseAnswer(Buffer.concat(chunks), request.method === 'HEAD')) finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
  });
}

function decode(bytes: Buffer, encoding: string | undefined): Buffer {
  if (!bytes.length) return bytes;
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes);
  if (encoding === 'gzip') return zlib.gunzipSync(bytes);
  if (encoding === 'deflate') return zlib.inflateSync(bytes);
  return bytes;
}

/** The first complete HTTP answer in `data` (content-length, chunked or until close), or null while incomplete. */
export function parseAnswer(data: Buffer, head: boolean, closed = false): RawAnswer | null {
  const split = data.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const lines = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
  const headers = new Map(lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const rest = data.subarray(split + 4);
  const answer = (bytes: Buffer): RawAnswer => ({
    status,
    headers,
    type: headers.get('content-type') ?? '',
    text: decode(bytes, headers.get('content-encoding')).toString('utf8'),
  });
  if (head || status === 204 || status === 304) return answer(Buffer.alloc(0));
  if (headers.has('content-length')) {
    const length = Number(headers.get('content-length'));
    return rest.length >= length ? answer(rest.subarray(0, length)) : null;
  }
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const end = rest.indexOf('\r\n', at);
      if (end < 0) return null;
      const size = parseInt(rest.subarray(at, end).toString('latin1'), 16);
      if (size === 0) return answer(Buffer.concat(parts));
      if (rest.length < end + 2 + size + 2) return null;
      parts.push(rest.subarray(end + 2, end + 2 + size));
      at = end + 2 + size + 2;
    }
  }
  return closed ? answer(rest) : null; // delimited by the end of the connection
}

/**
 * A fuzz run's seed and size: FUZZ_SEED replays a run, FUZZ_REQUESTS widens it. `timeoutMs` is its
 * test's guard against a hang, grown with the run (the soak's 20,000 requests took over 120 s on a
 * busy shared machine, failing a run that had found nothing).
 */
export function fuzzRun(defaultRequests: number): { seed: number; requests: number; inFlight: number; timeoutMs: number } {
  const requests = Number(process.env.FUZZ_REQUESTS ?? defaultRequests);
  return { seed: Number(process.env.FUZZ_SEED ?? 20261121), requests, inFlight: 8, timeoutMs: Math.max(120_000, requests * 40) };
}
