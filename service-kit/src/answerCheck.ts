// What a service answers, checked against its API's contract (contracts/*, decision 0046) wherever
// the service does not run in production: in every test and in development, an answer that breaks
// what callers rely on fails at the service that sent it, before any caller meets it. Production
// skips the parse of every answer; the contract's own tests and the callers' tests hold it there.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Issue = { readonly message: string; readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined };
type Result = { readonly value: unknown; readonly issues?: undefined } | { readonly issues: readonly Issue[] };

/** A Standard Schema (zod 4, valibot 1, ...): what a contract's schemas are. */
export interface ContractSchema {
  readonly '~standard': { readonly validate: (value: unknown) => Result | Promise<Result> };
}

const pathOf = (path: Issue['path']) =>
  (path ?? [])
    .map((part) => (typeof part === 'object' ? part.key : part))
    .reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`), '') || '(the answer)';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where what was sent and what the contract makes of it first differ: a field the contract does not name, or a value it changes. */
function firstDifference(sent: unknown, read: unknown, at: string): string | null {
  if (isDeepStrictEqual(sent, read)) return null;
  if (Array.isArray(sent) && Array.isArray(read) && sent.length === read.length) {
    for (const [index, item] of sent.entries()) {
      const found = firstDifference(item, read[index], `${at}[${index}]`);
      if (found) return found;
    }
  }
  if (isRecord(sent) && isRecord(read)) {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in read)) return `${at}.${key} is not in the contract`;
      const found = firstDifference(value, read[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at || '(the answer)'} is not as the contract reads it`;
}

/** Why `answer` (as it goes out in JSON) is not what `schema` describes, or null when it is exactly that. */
export function contractProblem(schema: ContractSchema, answer: unknown): string | null {
  const sent: unknown = JSON.parse(JSON.stringify(answer) ?? 'null');
  const result = schema['~standard'].validate(sent);
  if (result instanceof Promise) throw new TypeError('An answer schema must validate synchronously');
  if (result.issues) return result.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`).join('; ');
  return firstDifference(sent, result.value, '');
}

/** An answer its route's contract does not describe: a 500 whose message says what is wrong (never in production). */
export class AnswerBreaksContractError extends Error {
  readonly status = 500;
  readonly statusCode = 500;
  readonly expose = true;
}

/**
 * A route's preSerialization hook checking its answers: each 2xx against `success` (one schema for
 * every 2xx, or one per status), each 4xx against `failure` when given. 5xx answers are the service's
 * own failures and go out unchecked. `enabled` is false in production.
 */
export function answerCheck(
  success: ContractSchema | Readonly<Record<number, ContractSchema>>,
  failure?: ContractSchema,
  enabled = process.env.NODE_ENV !== 'production',
) {
  const schemaFor = (status: number): ContractSchema | undefined => {
    if (status >= 400 && status < 500) return failure;
    if (status < 200 || status >= 300) return undefined;
    return '~standard' in success ? (success as ContractSchema) : (success as Record<number, ContractSchema>)[status];
  };
  return async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (!enabled) return payload;
    const status = reply.statusCode;
    const schema = schemaFor(status);
    const problem = schema ? contractProblem(schema, payload) : status >= 200 && status < 300 ? `its contract has no ${status} answer` : null;
    if (problem)
      throw new AnswerBreaksContractError(`${request.method} ${request.routeOptions.url ?? request.url} answered ${status} against its contract: ${problem}`);
    return payload;
  };
}
