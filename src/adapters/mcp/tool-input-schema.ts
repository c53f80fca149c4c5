import { z } from 'zod';
import type { ParamSchema } from '../../lifecycle/drivable-tool.js';

/** A JSON Schema object, as MCP and LangChain describe tool inputs. */
export type JsonSchemaObject = { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [keyword: string]: unknown };

/**
 * The JSON Schema of a tool's zod input schema, as a client sees it before calling: the input side
 * of transforms, defaults optional, no `$schema` keyword. Parts JSON Schema cannot express (custom
 * checks) become "any" here; the kit still enforces them when the call runs.
 *
 * @example
 * toolInputJsonSchema(z.object({ to: z.string() })) // { type: 'object', properties: { to: { type: 'string' } }, required: ['to'], ... }
 */
export function toolInputJsonSchema(schema: ParamSchema): JsonSchemaObject {
  const converted = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete converted.$schema;
  // MCP requires an object schema at the top; a tool taking anything else is described as an open object.
  if (converted.type !== 'object') return { type: 'object', additionalProperties: true };
  return converted as JsonSchemaObject;
}
