import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentHooksError, ErrorCode, messageOf } from '../errors/index.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { CORE_PLUGINS_DIR } from './core-plugins-dir.cjs';
import { pluginSchema, type Plugin } from './plugin-contract.js';

/** A plugin and where it came from, so errors can name it. */
export interface LoadedPlugin {
  plugin: Plugin;
  source: string;
}

const MODULE_EXTENSIONS = ['.js', '.cjs', '.mjs'];

export { CORE_PLUGINS_DIR };

/**
 * Imports every plugin in `dir`: each subfolder whose `index.js|cjs|mjs` exports a plugin, and each
 * single `.js|.cjs|.mjs` file (names starting with `_` or `.` are skipped). See exportedPlugins for the
 * export forms read; a module may export several plugins.
 * A plugin that fails to import or does not match the contract stops start-up with an error naming
 * the plugin's file and the problem. Entries are read in name order, so start-up is deterministic.
 */
export async function loadPlugins(dir: string = CORE_PLUGINS_DIR): Promise<LoadedPlugin[]> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, `Plugins folder "${dir}" does not exist or is not a folder.`);
  }
  const loaded: LoadedPlugin[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    // Names starting with "_" or "." are private helpers shared by plugins, not plugins.
    if (entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const file = entry.isDirectory() ? indexModuleOf(path.join(dir, entry.name)) : moduleFile(dir, entry.name);
    if (file) for (const plugin of await importPlugins(file)) loaded.push({ plugin, source: file });
  }
  return loaded;
}

/**
 * Checks an in-memory plugin against the contract; `source` names it in errors. Returns a snapshot
 * of its fields, read once: a plugin whose getters throw is refused naming it, and one whose getters
 * change their answers cannot pass validation with one value and run with another.
 */
export function validatePlugin(candidate: unknown, source: string): Plugin {
  let snapshot: Record<string, unknown>;
  let parsed: ReturnType<typeof pluginSchema.safeParse>;
  try {
    snapshot = snapshotOf(candidate);
    // Parsed once per plugin: zod's compiled fast path would cost more to build than it saves (jitless).
    parsed = pluginSchema.safeParse(snapshot, { jitless: true });
  } catch (error) {
    throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Plugin ${source} could not be read: ${messageOf(error)}.`, { cause: error });
  }
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; ');
    throw new AgentHooksError(ErrorCode.PLUGIN_INVALID, `Plugin ${source} does not match the plugin contract: ${problems}.`);
  }
  return snapshot as unknown as Plugin;
}

/** The contract's fields of a plugin as they read now (other fields are kept too, for plugins' own use). */
function snapshotOf(candidate: unknown): Record<string, unknown> {
  if (candidate === null || typeof candidate !== 'object') return candidate as Record<string, unknown>;
  const snapshot: Record<string, unknown> = {};
  for (const key of Object.keys(candidate)) snapshot[key] = (candidate as Record<string, unknown>)[key];
  for (const key of ['name', 'version', 'description', 'tools', 'hooks', 'policies']) {
    if (!(key in snapshot) && key in candidate) snapshot[key] = (candidate as Record<string, unknown>)[key];
  }
  const tools = snapshot.tools;
  // Bound, so a class-based plugin's tools() keeps its `this`.
  if (typeof tools === 'function') snapshot.tools = (context: unknown) => (tools as (context: unknown) => unknown).call(candidate, context);
  return snapshot;
}

/** A plugin's name for messages, or nothing when reading it is not safe. */
export function pluginLabel(candidate: unknown): string {
  try {
    const name = (candidate as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? ` ("${name}")` : '';
  } catch {
    return '';
  }
}

async function importPlugins(file: string): Promise<Plugin[]> {
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    // Node appends a multi-line require stack to resolution errors; the first line says it all.
    const reason = messageOf(error).split('\n')[0];
    throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, `Plugin ${file} failed to load: ${reason}`, { cause: error });
  }
  const found = exportedPlugins(namespace);
  // Nothing plugin-shaped: the contract's own error says what the module should export.
  if (!found.length) return [validatePlugin(unwrapDefault(namespace), file)];
  return found.map((plugin, at) => validatePlugin(plugin, found.length > 1 ? `${file} (export ${at + 1} of ${found.length})` : file));
}

/**
 * The plugins a module exports, in the forms plugin authors use (this project's and the Hedera Agent
 * Kit's): a default export that is a plugin, `{ plugin, toolNames }` (its plugin template) or an array
 * of plugins; `module.exports = plugin`; or, with no such default, every named export that is a plugin
 * (`export const myPlugin = …`, or a module re-exporting several). Named arrays such as
 * `allCorePlugins` are skipped there, as they repeat plugins exported one by one.
 */
function exportedPlugins(namespace: Record<string, unknown>): unknown[] {
  const exported = unwrapDefault(namespace);
  if (isPluginShaped(exported)) return [exported];
  if (isPluginShaped((exported as { plugin?: unknown } | undefined)?.plugin)) return [(exported as { plugin: unknown }).plugin];
  if (Array.isArray(exported)) return exported.some(isPluginShaped) ? exported : [];
  const named = new Set<unknown>();
  for (const scope of [namespace, exported]) {
    if (!scope || typeof scope !== 'object' || Array.isArray(scope)) continue;
    for (const [key, value] of Object.entries(scope)) if (key !== 'default' && isPluginShaped(value)) named.add(value);
  }
  return [...named];
}

function isPluginShaped(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string' && typeof (value as { tools?: unknown }).tools === 'function';
}

/** Default export, unwrapping the `exports.default` that compiled TypeScript leaves in CommonJS. */
function unwrapDefault(namespace: Record<string, unknown>): unknown {
  let exported: unknown = namespace.default ?? namespace;
  if (exported && typeof exported === 'object' && (exported as { __esModule?: unknown }).__esModule && 'default' in exported) {
    exported = (exported as { default: unknown }).default;
  }
  return exported;
}

function indexModuleOf(folder: string): string {
  const index = MODULE_EXTENSIONS.map((ext) => path.join(folder, `index${ext}`)).find((file) => existsSync(file));
  if (!index) {
    throw new AgentHooksError(
      ErrorCode.PLUGIN_LOAD,
      `Plugin folder ${folder} has no index.js, index.cjs or index.mjs. Each subfolder of a plugins folder is a plugin; prefix helper folders with "_".`,
    );
  }
  return index;
}

function moduleFile(dir: string, name: string): string | undefined {
  if (name.endsWith('.d.ts') || name.endsWith('.map')) return undefined;
  return MODULE_EXTENSIONS.includes(path.extname(name)) ? path.join(dir, name) : undefined;
}
