import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lilconfig, type Loader } from 'lilconfig';
import { messageOf } from '../errors/index.js';
import { ConfigError } from './config-error.js';
import { CONFIG_FILE_NAMES } from './config-schema.js';
import { JsonSyntaxError, readJsonText } from './json-text.js';

/** A config file's contents, with a way to point at a place in it when it is JSON. */
export interface ConfigFileContents {
  value: unknown;
  locate?(path: readonly (string | number)[]): string | undefined;
}

const MODULE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.mts', '.cts'];

const loadJson: Loader = (file, content) => {
  try {
    return readJsonText(content) satisfies ConfigFileContents;
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ConfigError(file, [`not valid JSON at ${error.message}`]);
    throw error;
  }
};

const loadModule: Loader = async (file) => {
  try {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return { value: module.default ?? module } satisfies ConfigFileContents;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (/\.[cm]?ts$/.test(file) && code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new ConfigError(file, [
        `Node.js ${process.version} cannot load TypeScript: run Node.js 22.18 or later (it strips types itself), or write the config as agent-hooks.config.mjs (defineConfig gives it the same types)`,
      ]);
    }
    throw new ConfigError(file, [`could not be loaded: ${messageOf(error)}`]);
  }
};

/**
 * Finds and reads config files through lilconfig, with loaders of our own: JSON through
 * jsonc-parser (errors with line and column), JS and TS through `import()`. The search looks in
 * the working folder only (`stopDir`), not in its parents as lilconfig would by default: a config
 * file may load code (plugins, a JS config), and a command started in the wrong folder must not pick
 * up one found further up. An empty file is reported instead of skipped.
 */
function explorer(stopDir: string) {
  return lilconfig('agent-hooks', {
    searchPlaces: [...CONFIG_FILE_NAMES],
    loaders: { '.json': loadJson, ...Object.fromEntries(MODULE_EXTENSIONS.map((extension) => [extension, loadModule])) },
    stopDir,
    ignoreEmptySearchPlaces: false,
    // Files change between runs in one process (tests, a watcher); reading one is cheap.
    cache: false,
  });
}

/** The config file in `cwd` by the documented names, in their order, read; undefined when there is none. */
export async function searchConfigFile(cwd: string): Promise<{ file: string; contents: ConfigFileContents } | undefined> {
  const dir = path.resolve(cwd);
  const found = await explorer(dir).search(dir);
  if (!found) return undefined;
  return { file: found.filepath, contents: contentsOf(found.filepath, found) };
}

/** Reads the config file at `file`: its value, and for JSON where each part of it is. */
export async function readConfigFile(file: string): Promise<ConfigFileContents> {
  if (!existsSync(file)) throw new ConfigError(file, [`config file not found; expected a JSON, JS or TS file such as ${CONFIG_FILE_NAMES[0]}`]);
  const extension = path.extname(file);
  if (extension !== '.json' && !MODULE_EXTENSIONS.includes(extension)) {
    throw new ConfigError(file, [`unsupported file type "${extension || '(none)'}"; use ${['.json', ...MODULE_EXTENSIONS].join(', ')}`]);
  }
  return contentsOf(file, await explorer(path.dirname(file)).load(file));
}

function contentsOf(file: string, result: { config: unknown; isEmpty?: boolean } | null): ConfigFileContents {
  if (!result || result.isEmpty) throw new ConfigError(file, ['the file is empty; write {} for the defaults']);
  return result.config as ConfigFileContents;
}
