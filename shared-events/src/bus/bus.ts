import { Subject, filter, map, type Observable } from 'rxjs';
import * as v from 'valibot';
import { envelopeSchema, eventSchemas, eventVersions, isKnownType, type Envelope, type EventOf, type EventType, type PublishableEvent } from './contract.ts';

/**
 * The part of the bus that must exist once per page: the stream itself. It is what the
 * `globalThis` registry shares, so that even a stray second copy of this module, validating with
 * its own copy of the contract, talks over the same wire.
 */
export interface BusChannel {
  /** Random per channel: tests compare it across shell and remotes to prove they share one bus. */
  readonly instanceId: string;
  readonly wire: Subject<Envelope>;
}

export interface EventBus {
  readonly instanceId: string;
  /** Every event, known or not: for logging and debugging tools, not for features. */
  readonly events$: Observable<Envelope>;
  /** Throws InvalidEventError when a known event breaks its schema: the publisher has a bug. */
  publish(event: PublishableEvent): void;
  /** The events of one type at the contract version this copy knows; malformed ones are dropped. */
  on<T extends EventType>(type: T): Observable<EventOf<T>>;
}

export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

export function createBusChannel(): BusChannel {
  const instanceId = `bus-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return { instanceId, wire: new Subject<Envelope>() };
}

export function createEventBus(channel: BusChannel = createBusChannel()): EventBus {
  const { instanceId, wire } = channel;
  return {
    instanceId,
    events$: wire.asObservable(),
    publish(event) {
      wire.next(validateForPublish(event));
    },
    on<T extends EventType>(type: T): Observable<EventOf<T>> {
      const schema: v.GenericSchema = eventSchemas[type];
      return wire.pipe(
        // Other versions of this type are another contract: a publisher in transition sends
        // both versions, and each listener takes the one it understands.
        filter((event) => event.type === type && event.v === eventVersions[type]),
        map((event) => {
          const parsed = v.safeParse(schema, event);
          if (parsed.success) return parsed.output as EventOf<T>;
          const problems = v.summarize(parsed.issues);
          console.warn(`[shared-events] dropped a malformed "${type}" v${event.v} event:\n${problems}`, event);
          return undefined;
        }),
        filter((event) => event !== undefined),
      );
    },
  };
}

/**
 * Known type at the known version: must match the schema. Anything else only needs an envelope,
 * so a remote built against a newer contract can still publish through an older bus.
 */
function validateForPublish(event: unknown): Envelope {
  const envelope = v.safeParse(envelopeSchema, event);
  if (!envelope.success) {
    const problems = v.summarize(envelope.issues);
    throw new InvalidEventError(`not a bus event (needs a string "type" and an integer "v" >= 1):\n${problems}`);
  }
  const { type, v: version } = envelope.output;
  if (!isKnownType(type) || version !== eventVersions[type]) return envelope.output;
  const parsed = v.safeParse(eventSchemas[type], event);
  if (!parsed.success) {
    throw new InvalidEventError(`invalid "${type}" v${version} event:\n${v.summarize(parsed.issues)}`);
  }
  return parsed.output;
}
