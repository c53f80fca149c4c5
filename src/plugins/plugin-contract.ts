import { z } from 'zod';
import type { BaseTool } from '../lifecycle/base-tool.js';
import type { Context } from '../lifecycle/context.js';
import type { ParamSchema } from '../lifecycle/drivable-tool.js';

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
  /**
   * The plugin's tools, built for the kit's context: this project's BaseTool subclasses, or tools
   * written for the Hedera Agent Kit (its BaseTool subclasses and plain Tool objects). The context is
   * typed loosely so that the Hedera Agent Kit's plugins, typed with its own Context, fit unchanged.
   */
  tools: (context: Context | any) => readonly (BaseTool | PluginToolLike)[];
  hooks?: unknown[];
  policies?: unknown[];
}

/** What any tool has, whichever of the accepted shapes it is. */
export interface PluginToolLike {
  method: string;
  name: string;
  description: string;
  parameters: ParamSchema;
}

/** The plugin contract as a schema: the loader refuses anything that does not match it. */
export const pluginSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9@][a-z0-9._/@-]*$/i, 'a name of letters, digits, ".", "_", "-", "/" or "@"'),
    version: z.string().min(1).optional(),
    description: z.string().optional(),
    tools: z.custom<Plugin['tools']>((value) => typeof value === 'function', 'a function (context) => tools[]'),
    hooks: z.array(z.unknown()).optional(),
    policies: z.array(z.unknown()).optional(),
  })
  .passthrough();

/**
 * The fields every tool has, checked for every tool a plugin returns. What it does then is one of
 * three shapes (see src/compat/kit-tools.ts): this project's BaseTool, the Hedera Agent Kit's BaseTool
 * (normalizeParams and coreAction), or its plain Tool (execute(client, context, params)).
 */
export const toolShapeSchema = z
  .object({
    method: z.string().regex(/^[a-z][a-z0-9_]*$/, 'snake_case letters and digits, starting with a letter'),
    name: z.string().min(1),
    description: z.string().min(1),
    parameters: z.custom((value) => typeof (value as { safeParse?: unknown })?.safeParse === 'function', 'a zod schema (zod 3 or 4)'),
  })
  .passthrough();
