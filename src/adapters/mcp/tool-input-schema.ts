import { z } from 'zod';
import { isZod3Schema, zod3InputJsonSchema, type Zod3Schema } from '../../compat/zod3-json-schema.js';
import type { ParamSchema } from '../../lifecycle/drivable-tool.js';
import { describeValue, invalidArgument } from '../../errors/index.js';

/** A JSON Schema object, as MCP and LangChain describe tool inputs. */
export type JsonSchemaObject = { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };

/**
 * The JSON Schema of a tool's zod input schema, as a client sees it before calling: the input side
 * of transforms, defaults optional, no `$schema` keyword. Parts JSON Schema cannot express (custom
 * checks) become "any" here; the kit still enforces them when the call runs.
 *
 * Takes zod 4 schemas (this package's tools) and zod 3 ones (the Hedera Agent Kit's tools), told
 * apart by shape. `tool` names the tool in the error for anything else.
 *
 * @example
 * toolInputJsonSchema(z.object({ to: z.string() })) // { type: 'object', properties: { to: { type: 'string' } }, required: ['to'], ... }
 */
export function toolInputJsonSchema(schema: z.ZodType | Zod3Schema | ParamSchema, tool?: string): JsonSchemaObject {
  const converted = convert(schema, tool);
  // MCP requires an object schema at the top; a tool taking anything else is described as an open object.
  if (converted.type !== 'object') return { type: 'object', additionalProperties: true };
  return converted as JsonSchemaObject;
}

function convert(schema: unknown, tool: string | undefined): Record<string, unknown> {
  if (isZod4Schema(schema)) {
    const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete converted.$schema;
    return converted;
  }
  if (isZod3Schema(schema)) return zod3InputJsonSchema(schema);
  throw invalidArgument(
    `${tool ? `Tool "${tool}": ` : ''}parameters must be a zod schema (zod 4, or zod 3 as the Hedera Agent Kit's tools use) to be described as JSON Schema; got ${describeValue(schema)}.`,
  );
}

/** Every zod 4 schema, classic or mini, keeps its internals under `_zod`. */
function isZod4Schema(value: unknown): value is z.ZodType {
  if (value === null || typeof value !== 'object') return false;
  const internals = (value as { _zod?: { def?: unknown } })._zod;
  return internals !== null && typeof internals === 'object' && internals.def !== null && typeof internals.def === 'object';
}
