import * as v from 'valibot';
import { item } from '../testing/fixtures.ts';
import { toJsonSchema } from '../testing/jsonSchema.ts';
import { eventSchemas, eventVersions, type EventType, type PublishableEvent } from './contract.ts';

/**
 * Pins the published contract. If this test fails, a change would break remotes that are already
 * deployed: follow README.md ("Evolving the contract") instead of updating the expectations.
 */

const MAX_INT = Number.MAX_SAFE_INTEGER;
const envelope = (type: EventType) => ({
  type: { type: 'string', const: type },
  v: { type: 'number', const: 1 },
});
const cartItem = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 0, maximum: MAX_INT },
    title: { type: 'string', minLength: 1 },
    price: { type: 'number', minimum: 0 },
    thumbnail: { type: 'string' },
    stock: { type: 'integer', minimum: 0, maximum: MAX_INT },
    brand: { type: 'string' },
    discountPercentage: { type: 'number' },
    qun: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_INT },
  },
  required: ['id', 'title', 'price', 'thumbnail', 'stock', 'brand', 'discountPercentage', 'qun'],
  additionalProperties: {},
};
const loose = (type: EventType, properties: object, required: string[]) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { ...envelope(type), ...properties },
  required: ['type', 'v', ...required],
  additionalProperties: {},
});

const pinned: Record<EventType, object> = {
  'cart:item-added': loose('cart:item-added', { item: cartItem, source: { type: 'string' } }, ['item', 'source']),
  'auth:changed': loose(
    'auth:changed',
    {
      user: {
        anyOf: [
          {
            type: 'object',
            properties: {
              uid: { type: 'string', minLength: 1 },
              email: { type: ['string', 'null'] },
              displayName: { type: ['string', 'null'] },
            },
            required: ['uid', 'email', 'displayName'],
            additionalProperties: {},
          },
          { type: 'null' },
        ],
      },
    },
    ['user'],
  ),
  'toast:requested': loose(
    'toast:requested',
    {
      message: { type: 'string', minLength: 1 },
      kind: { type: 'string', enum: ['success', 'error', 'info'] },
      position: { type: 'string', enum: ['top-left', 'top-right', 'bottom-left', 'bottom-right'] },
      durationMs: { type: 'integer', exclusiveMinimum: 0, maximum: MAX_INT, default: 2500 },
    },
    ['message', 'kind'],
  ),
  'language:changed': loose('language:changed', { language: { type: 'string', enum: ['en', 'ru'] } }, ['language']),
  'breadcrumb:navigated': loose('breadcrumb:navigated', { currentname: { type: 'string' }, previousname: { type: 'string' } }, ['currentname', 'previousname']),
  'account:profile': loose(
    'account:profile',
    {
      uid: { type: 'string', minLength: 1 },
      profile: {
        anyOf: [
          {
            type: 'object',
            properties: Object.fromEntries(
              ['username', 'email', 'lastName', 'telephone', 'address1', 'address2', 'city', 'postCode', 'country', 'region'].map((field) => [
                field,
                { type: 'string' },
              ]),
            ),
            additionalProperties: {},
          },
          { type: 'null' },
        ],
      },
    },
    ['uid', 'profile'],
  ),
};

const samples: Record<EventType, PublishableEvent> = {
  'cart:item-added': { type: 'cart:item-added', v: 1, item: item(), source: 'catalog/shop' },
  'auth:changed': { type: 'auth:changed', v: 1, user: { uid: 'u1', email: 'a@b.c', displayName: 'Ann' } },
  'toast:requested': {
    type: 'toast:requested',
    v: 1,
    message: 'Added to Cart Successfully!',
    kind: 'success',
    position: 'top-left',
    durationMs: 2500,
  },
  'language:changed': { type: 'language:changed', v: 1, language: 'ru' },
  'breadcrumb:navigated': { type: 'breadcrumb:navigated', v: 1, currentname: 'shop', previousname: 'home' },
  'account:profile': { type: 'account:profile', v: 1, uid: 'u1', profile: { username: 'Ann', city: 'Springfield' } },
};

const types = Object.keys(eventVersions) as EventType[];

it('lists exactly these event types, each at version 1', () => {
  expect(eventVersions).toEqual({
    'cart:item-added': 1,
    'auth:changed': 1,
    'toast:requested': 1,
    'language:changed': 1,
    'breadcrumb:navigated': 1,
    'account:profile': 1,
  });
  expect(Object.keys(eventSchemas).sort()).toEqual([...types].sort());
});

describe.each(types)('%s', (type) => {
  it('has the pinned schema', () => {
    expect(toJsonSchema(eventSchemas[type])).toEqual(pinned[type]);
  });

  it('accepts the sample event, and with unknown fields added', () => {
    expect(v.safeParse(eventSchemas[type], samples[type]).success).toBe(true);
    expect(v.safeParse(eventSchemas[type], { ...samples[type], addedLater: { any: 'thing' } }).success).toBe(true);
  });

  it('rejects the sample without each required field', () => {
    const required = (pinned[type] as { required: string[] }).required;
    for (const field of required) {
      const { [field]: _dropped, ...rest } = samples[type] as Record<string, unknown>;
      expect(v.safeParse(eventSchemas[type], rest).success).toBe(false);
    }
  });
});
