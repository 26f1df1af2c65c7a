// POST /products/imports (a file or {url}) -> 202 {id}; GET /products/imports/{id} -> the job's
// progress and refused records. Staff or the catalogue-admin token only, like every other write.
import { importFromUrl, importId, importJob, importStarted } from 'catalog-api/imports';
import { problem } from 'catalog-api/products';
import type { FastifyInstance } from 'fastify';
import createError from 'http-errors';
import { answerCheck } from 'service-kit/answer-check';
import { parseOr400 } from '../http/errors.ts';
import type { ImportJob } from '../storage/repository.ts';
import { authorizeWrite, writerName, type WriteAccessOptions } from '../staff/writeAccess.ts';
import type { ImportJobs } from './jobs.ts';
import { IMPORT_MARKER, importUrl, recordsOfFile, type FileKind, type ImportLimits } from './jobSources.ts';
import { SourcePolicy } from './sourceAddresses.ts';

export interface ImportRoutesOptions extends WriteAccessOptions {
  jobs: ImportJobs;
  limits: ImportLimits;
  /** This shop's own addresses (SITE_URL, the public API base when absolute): never an import source. */
  ownOrigins: readonly string[];
  /** IMPORT_ALLOWED_ORIGINS: internal sources an import may name although they are not public. */
  allowedOrigins: readonly string[];
}

const KINDS: Record<string, FileKind> = {
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'text/csv': 'csv',
};

/** The job as the API answers it: what the page shows, without the internals. */
export function presentJob(job: ImportJob) {
  const { id, state, source, createdBy, total, processed, accepted, refusedCount, refused, error, createdAt, updatedAt } = job;
  return { id, state, source, createdBy, total, processed, accepted, refusedCount, refused, error, createdAt, updatedAt };
}

export function registerImportRoutes(app: FastifyInstance, options: ImportRoutesOptions): void {
  const { jobs, limits } = options;
  const sources = new SourcePolicy(options.allowedOrigins);

  // An import reading this catalogue (directly, through the gateway or a redirect) would read what it
  // writes: every request an import makes is marked, and this catalogue answers none of them.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers[IMPORT_MARKER] !== undefined) {
      await reply.code(508).send({ message: 'This catalogue does not import from itself' });
    }
  });

  app.register(async (scope) => {
    // Fastify's own words for a body over the limit do not say which limit or what to do.
    scope.setErrorHandler((error: { code?: string }, _request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      void reply.code(413).send({ message: `The file is larger than ${limits.maxBytes} bytes (IMPORT_MAX_BYTES): split it` });
    });
    scope.addContentTypeParser(['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'text/csv'], { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    scope.post('/products/imports', { bodyLimit: limits.maxBytes, preSerialization: answerCheck(importStarted, problem) }, async (request, reply) => {
      const writer = await authorizeWrite(request, reply, options);
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const kind = KINDS[type];
      if (!kind) throw createError(415, `Send a file as application/json, application/x-ndjson or text/csv, or {"url": "…"} as application/json`);
      const body = request.body;
      const isUrl = kind === 'json' && typeof body === 'object' && body !== null && !Array.isArray(body) && 'url' in body;
      const source = isUrl
        ? { kind: 'url' as const, url: importUrl(parseOr400(importFromUrl, body).url, options.ownOrigins, sources) }
        : { kind: 'file' as const, description: `${kind.toUpperCase()} file`, records: recordsOfFile(body, kind, limits) };
      const id = await jobs.start(source, writerName(writer));
      reply.code(202).header('cache-control', 'no-store').header('location', `imports/${id}`);
      return { id, state: 'running' };
    });

    scope.get<{ Params: { id: string } }>('/products/imports/:id', { preSerialization: answerCheck(importJob, problem) }, async (request, reply) => {
      await authorizeWrite(request, reply, options);
      const { id } = parseOr400(importId, request.params);
      const job = await jobs.get(id);
      if (!job) throw createError(404, `Import '${id}' not found`);
      reply.header('cache-control', 'no-store');
      return presentJob(job);
    });
  });
}
