import { z } from 'zod';
import type { BaseTool } from '../lifecycle/base-tool.js';
import type { Context } from '../lifecycle/context.js';

/**
 * What a plugin exports: a name, its tools (built per kit from the kit's context), and optionally
 * hooks and policies it brings along (seed-style instances or decorated classes).
 *
 * @example
 * const plugin: Plugin = {
 *   name: 'echo-plugin',
 *   tools: () => [new EchoTool()],
 *   policies: [new RejectToolPolicy(['delete_account_tool'])],
 * };
 * export default plugin;
 */
export interface Plugin {
  name: string;
  version?: string;
  description?: string;
  tools: (context: Context) => BaseTool[];
  hooks?: unknown[];
  policies?: unknown[];
}

/** The plugin contract as a schema: the loader refuses anything that does not match it. */
export const pluginSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9@][a-z0-9._/@-]*$/i, 'a name of letters, digits, ".", "_", "-", "/" or "@"'),
    version: z.string().min(1).optional(),
    description: z.string().optional(),
    tools: z.custom<(context: Context) => BaseTool[]>((value) => typeof value === 'function', 'a function (context) => tools[]'),
    hooks: z.array(z.unknown()).optional(),
    policies: z.array(z.unknown()).optional(),
  })
  .passthrough();

/** Tool shape checked for every tool a plugin returns. */
export const toolShapeSchema = z
  .object({
    method: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case letters and digits, starting with a letter'),
    name: z.string().min(1),
    description: z.string().min(1),
    parameters: z.custom((value) => typeof (value as { safeParse?: unknown })?.safeParse === 'function', 'a zod schema'),
    normalizeParams: z.custom((value) => typeof value === 'function', 'a method'),
    coreAction: z.custom((value) => typeof value === 'function', 'a method'),
    shouldSecondaryAction: z.custom((value) => typeof value === 'function', 'a method'),
    secondaryAction: z.custom((value) => typeof value === 'function', 'a method'),
    formatResult: z.custom((value) => typeof value === 'function', 'a method'),
  })
  .passthrough();
