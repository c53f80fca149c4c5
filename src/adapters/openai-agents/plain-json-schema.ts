import type { JsonSchemaObject } from '../mcp/tool-input-schema.js';

/**
 * The tool's input JSON Schema as plain data for `tool({ parameters, strict: false })`. zod 4's
 * `z.toJSONSchema` leaves a `~standard` property on what it returns, and the Agents SDK takes any
 * object carrying one for a Standard Schema, which it only accepts in strict mode: the copy keeps
 * every JSON Schema keyword and drops that one, at every level. The SDK's non-strict form also wants
 * `properties` and `required` at the top, so they are filled in when absent. `additionalProperties`
 * stays as the tool says (the SDK's type asks for `true`; the model is better told the truth, and the
 * kit refuses unknown fields either way).
 */
export function plainJsonSchema(schema: JsonSchemaObject): { type: 'object'; properties: Record<string, any>; required: string[]; additionalProperties: true } {
  const copy = plainCopy(schema) as JsonSchemaObject;
  return { ...copy, properties: copy.properties ?? {}, required: copy.required ?? [], additionalProperties: (copy.additionalProperties ?? true) as true };
}

function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key !== '~standard') copy[key] = plainCopy(entry);
  }
  return copy;
}
