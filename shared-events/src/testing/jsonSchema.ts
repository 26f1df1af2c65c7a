import type * as v from 'valibot';

/**
 * The JSON Schema (draft 2020-12, input side) of the valibot schemas the bus contract is built from,
 * written the way the contract was first pinned (by zod 4's `toJSONSchema`), so the pin in
 * contract.test.ts still says what a deployed remote may send. Only the kinds the contract uses.
 */
type Node = v.GenericSchema & {
  readonly type: string;
  readonly pipe?: readonly { readonly type: string; readonly requirement?: unknown }[];
  readonly entries?: Readonly<Record<string, Node>>;
  readonly wrapped?: Node;
  readonly default?: unknown;
  readonly literal?: string | number;
  readonly options?: readonly string[];
};

const MAX_INT = Number.MAX_SAFE_INTEGER;

function convert(schema: Node): Record<string, unknown> {
  const [base, ...actions] = schema.type === 'schema_with_pipe' || schema.pipe ? (schema.pipe as readonly Node[]) : [schema];
  const out = node(base!);
  for (const action of actions as readonly { type: string; requirement?: unknown }[]) {
    if (action.type === 'min_length') out['minLength'] = action.requirement;
    else if (action.type === 'safe_integer') Object.assign(out, { type: 'integer', minimum: -MAX_INT, maximum: MAX_INT });
    else if (action.type === 'min_value') out['minimum'] = action.requirement;
    else if (action.type === 'gt_value') {
      delete out['minimum'];
      out['exclusiveMinimum'] = action.requirement;
    } else throw new Error(`no JSON Schema for the action ${action.type}`);
  }
  return out;
}

function node(schema: Node): Record<string, unknown> {
  switch (schema.type) {
    case 'string':
    case 'number':
      return { type: schema.type };
    case 'literal':
      return { type: typeof schema.literal, const: schema.literal };
    case 'picklist':
      return { type: 'string', enum: schema.options };
    case 'nullable': {
      const inner = convert(schema.wrapped!);
      return inner['type'] === 'object' ? { anyOf: [inner, { type: 'null' }] } : { ...inner, type: [inner['type'], 'null'] };
    }
    case 'optional':
      return schema.default === undefined ? convert(schema.wrapped!) : { ...convert(schema.wrapped!), default: schema.default };
    case 'loose_object': {
      const entries = Object.entries(schema.entries!);
      const required = entries.filter(([, entry]) => entry.type !== 'optional').map(([key]) => key);
      return {
        type: 'object',
        properties: Object.fromEntries(entries.map(([key, entry]) => [key, convert(entry)])),
        ...(required.length ? { required } : {}),
        additionalProperties: {},
      };
    }
    default:
      throw new Error(`no JSON Schema for a ${schema.type} schema`);
  }
}

export function toJsonSchema(schema: v.GenericSchema): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...convert(schema as Node) };
}
