import { zodToJsonSchema } from 'zod-to-json-schema';
import type { ParamsSchema } from '../lifecycle/parse-params.js';

/**
 * A zod 3 schema, as the Hedera Agent Kit writes its tools' `parameters` with (from its own copy
 * of zod 3, so never an instance of anything this package imports).
 */
export interface Zod3Schema<T = unknown> extends ParamsSchema<T> {
  readonly _def: object;
}

/**
 * Recognises a zod 3 schema by shape: it has a `_def` and a `safeParse`, and no `_zod`, which
 * every zod 4 schema has (zod 4 also keeps a `_def`, as an alias, so `_def` alone says nothing).
 */
export function isZod3Schema(value: unknown): value is Zod3Schema {
  if (value === null || typeof value !== 'object') return false;
  const probe = value as { _def?: unknown; _zod?: unknown; safeParse?: unknown };
  return probe._zod === undefined && probe._def !== null && typeof probe._def === 'object' && typeof probe.safeParse === 'function';
}

/**
 * The JSON Schema of a zod 3 schema, with the conventions of the zod 4 path: the input side of
 * transforms and pipes, defaults optional, no `$schema`, no `$ref`s (repeated parts are written
 * out), and no `additionalProperties` on objects that strip unknown keys, since such input is
 * accepted.
 */
export function zod3InputJsonSchema(schema: Zod3Schema): Record<string, unknown> {
  // zod-to-json-schema reads `_def.typeName` strings, not classes, so a schema from another copy
  // of zod 3 converts as well as one from the `zod/v3` it is typed against.
  const converted = zodToJsonSchema(schema as unknown as Parameters<typeof zodToJsonSchema>[0], {
    $refStrategy: 'none',
    effectStrategy: 'input',
    pipeStrategy: 'input',
    removeAdditionalStrategy: 'strict',
    allowedAdditionalProperties: undefined,
  }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
}
