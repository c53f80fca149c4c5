import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentHooksError, ErrorCode, isAgentHooksError, messageOf } from '../errors/index.js';
import { isToolType, type ToolType } from '../lifecycle/tool-intent.js';
import { CORE_MANIFEST_FILE, type CoreManifest, type ManifestTool } from './core-manifest.js';
import { CORE_PLUGINS_DIR, MODULE_COPY_PROBE_FILE } from './core-plugins-dir.cjs';
import { MODULE_COPY } from './module-copy-probe.js';
import { requireModule } from './require-module.cjs';

/**
 * A tool the kit registers by name at start and builds on its first use. `toolType` and
 * `movesNoValue` are what the manifest says the tool will have; the registry checks them when it
 * builds the tool.
 */
export interface DeferredTool {
  readonly method: string;
  readonly plugin: string;
  readonly toolType: ToolType;
  readonly movesNoValue: boolean;
  /** The manifest says the tool has its own movements view. */
  readonly ownMovementsView?: boolean;
  /** The tool's module file, for messages. */
  readonly source: string;
  /** A new instance of the tool, its module imported the first time; E_PLUGIN_LOAD or E_PLUGIN_INVALID naming plugin and file. */
  build(): unknown;
}

type LoadModule = (file: string) => Record<string, unknown>;

/**
 * The core plugins' tools, read from the manifest in `dir` (see plugins/_core-manifest.ts), ready to
 * register without importing any tool. A missing folder has no tools, as the folder loader found
 * none there. Modules are loaded with `requireSync` (Node caches them, so later kits read nothing
 * from disk) when it shares this module graph. Where it does not, every module is imported here
 * instead, so tools still build synchronously on first use: where require(esm) is switched off, and
 * where `require()` would load a second copy of the package's modules (tsx's loader compiles what
 * `require()` reaches as CommonJS, beside the ES modules the app imported), which would run the core
 * tools on copies of the lifecycle and its state that the kit never sees.
 *
 * @example
 * const tools = await coreTools();
 * tools.find((tool) => tool.method === 'transfer_hbar_tool')?.build();
 */
export async function coreTools(dir: string = CORE_PLUGINS_DIR, requireSync: (file: string) => unknown = requireModule): Promise<DeferredTool[]> {
  if (!existsSync(dir)) return [];
  const manifestFile = path.join(dir, CORE_MANIFEST_FILE);
  const required = requireSharesModules(requireSync) ? requiredManifest(manifestFile, requireSync) : undefined;
  const { manifest, load } = required ?? importedManifest(await importEvery(manifestFile, dir));
  return manifest.flatMap((plugin) => plugin.tools.map((entry) => deferredTool(plugin.name, entry, path.join(dir, entry.module), load)));
}

interface LoadedManifest {
  manifest: CoreManifest;
  load: LoadModule;
}

/**
 * Whether `requireSync` hands back this very copy of the package's modules: it requires this build's
 * probe, which this file imported too. An error (require(esm) off, a loader that refuses) counts as
 * no: importing is always right, only slower to start.
 */
function requireSharesModules(requireSync: (file: string) => unknown): boolean {
  try {
    return (requireSync(MODULE_COPY_PROBE_FILE) as { MODULE_COPY?: unknown } | null)?.MODULE_COPY === MODULE_COPY;
  } catch {
    return false;
  }
}

/** The manifest through `requireSync`, tools to be required on first use; undefined when require() refuses an ES module there. */
function requiredManifest(manifestFile: string, requireSync: (file: string) => unknown): LoadedManifest | undefined {
  const load: LoadModule = (file) => requireSync(file) as Record<string, unknown>;
  try {
    return { manifest: manifestIn(load(manifestFile), manifestFile), load };
  } catch (error) {
    if (needsImport(error)) return undefined;
    throw manifestError(manifestFile, error);
  }
}

function importedManifest(imported: { manifest: CoreManifest; modules: Map<string, Imported> }): LoadedManifest {
  const load: LoadModule = (file) => {
    const outcome = imported.modules.get(file);
    // Every module the manifest names was imported; a file it does not name is no core tool.
    if (!outcome) throw new Error(`${file} is not a module of the core plugins manifest`);
    if ('failure' in outcome) throw outcome.failure;
    return outcome.namespace;
  };
  return { manifest: imported.manifest, load };
}

function deferredTool(plugin: string, entry: ManifestTool, file: string, load: LoadModule): DeferredTool {
  return {
    method: entry.method,
    plugin,
    toolType: entry.toolType,
    movesNoValue: entry.movesNoValue === true,
    ownMovementsView: entry.ownMovementsView === true,
    source: file,
    build() {
      let exported: unknown;
      try {
        exported = load(file)[entry.exportName];
      } catch (error) {
        // Node appends a multi-line require stack to resolution errors; the first line says it all.
        throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, `Core plugin "${plugin}" could not load tool "${entry.method}" from ${file}: ${messageOf(error).split('\n')[0]}`, { cause: error });
      }
      if (typeof exported !== 'function') {
        throw new AgentHooksError(
          ErrorCode.PLUGIN_INVALID,
          `Core plugin "${plugin}": ${file} exports no class "${entry.exportName}" for tool "${entry.method}", as the core plugins manifest (${CORE_MANIFEST_FILE}) says it does.`,
        );
      }
      try {
        return new (exported as new () => unknown)();
      } catch (error) {
        throw new AgentHooksError(ErrorCode.PLUGIN_LOAD, `Core plugin "${plugin}" failed to build tool "${entry.method}" (${file}): ${messageOf(error)}`, { cause: error });
      }
    },
  };
}

/** require() refused an ES module: require(esm) is off (`--no-experimental-require-module`) or the module awaits at top level. */
function needsImport(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE';
}

type Imported = { namespace: Record<string, unknown> } | { failure: unknown };

async function importEvery(manifestFile: string, dir: string): Promise<{ manifest: CoreManifest; modules: Map<string, Imported> }> {
  const importFile = async (file: string) => (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  let manifest: CoreManifest;
  try {
    manifest = manifestIn(await importFile(manifestFile), manifestFile);
  } catch (error) {
    throw manifestError(manifestFile, error);
  }
  const files = [...new Set(manifest.flatMap((plugin) => plugin.tools.map((entry) => path.join(dir, entry.module))))];
  const modules = new Map<string, Imported>();
  // A module that fails to import fails its tools' build(), at first use, as with require.
  await Promise.all(
    files.map((file) =>
      importFile(file).then(
        (namespace) => void modules.set(file, { namespace }),
        (failure: unknown) => void modules.set(file, { failure }),
      ),
    ),
  );
  return { manifest, modules };
}

function manifestError(file: string, error: unknown): AgentHooksError {
  if (isAgentHooksError(error)) return error;
  return new AgentHooksError(ErrorCode.PLUGIN_LOAD, `The core plugins manifest ${file} failed to load: ${messageOf(error).split('\n')[0]}`, { cause: error });
}

/** The manifest a module exports, checked enough that a damaged install fails here, naming the file. */
function manifestIn(namespace: Record<string, unknown>, file: string): CoreManifest {
  const manifest = namespace.CORE_MANIFEST;
  const invalid = (problem: string) => new AgentHooksError(ErrorCode.PLUGIN_INVALID, `The core plugins manifest ${file} is invalid: ${problem}.`);
  if (!Array.isArray(manifest)) throw invalid('it exports no CORE_MANIFEST array');
  manifest.forEach((plugin: Partial<{ name: unknown; tools: unknown }>, at) => {
    if (typeof plugin?.name !== 'string' || !Array.isArray(plugin.tools)) throw invalid(`[${at}] needs a name and a tools array`);
    plugin.tools.forEach((entry: Partial<Record<keyof ManifestTool, unknown>>, toolAt) => {
      const complete = ['method', 'module', 'exportName'].every((key) => typeof entry?.[key as keyof ManifestTool] === 'string') && isToolType(entry.toolType);
      if (!complete) throw invalid(`[${at}].tools[${toolAt}] needs method, module, exportName and a toolType`);
    });
  });
  return manifest as CoreManifest;
}
