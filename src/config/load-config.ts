import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { argPathOf, messageOf } from '../lifecycle/errors.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { ConfigError } from './config-error.js';
import { agentHooksConfigSchema, CONFIG_FILE_NAMES, namedListener, type AgentHooksConfig, type NamedListener } from './config-schema.js';
import { anchorJournalDir } from './journal-dir.js';
import { listenerCatalog, type CatalogEntry } from './listener-catalog.js';

/** A validated configuration with its hooks and policies built. */
export interface LoadedConfig {
  config: AgentHooksConfig;
  /** The file it came from, or `(defaults)`. */
  source: string;
  /** Folder that relative paths in the config are resolved against. */
  baseDir: string;
  /** Hook and policy instances (or decorated classes), hooks first, in config order. */
  listeners: unknown[];
}

const SKIP = Symbol('skip');
const SECRET_KEYS = /^(operator.*|.*private.*key.*|.*secret.*)$/i;

/**
 * Reads `agent-hooks.config.{json,js,cjs,mjs}` from `cwd` (or the file given), validates it and builds
 * the hooks and policies it names. With no file and no path, the defaults apply (embedded devnet,
 * core plugins, no policies). Every problem is reported at once, each naming its field.
 *
 * @example
 * const { config, listeners } = await loadConfig({ path: 'agent-hooks.config.json' });
 */
export async function loadConfig(options: { path?: string; cwd?: string } = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = options.path ? path.resolve(cwd, options.path) : CONFIG_FILE_NAMES.map((name) => path.join(cwd, name)).find((candidate) => existsSync(candidate));
  if (!file) return parseConfig({}, '(defaults)', cwd);
  if (!existsSync(file)) throw new ConfigError(file, [`config file not found; expected a JSON or JS file such as ${CONFIG_FILE_NAMES[0]}`]);
  return parseConfig(await readConfigFile(file), file, path.dirname(file));
}

/** Validates an already-read config object; `source` names it in errors. */
export function parseConfig(input: unknown, source: string, baseDir: string): LoadedConfig {
  const problems = secretProblems(input);
  const parsed = agentHooksConfigSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue));
  }
  if (!parsed.success) {
    // Name and argument problems are listed too, so one run reports everything wrong.
    const raw = input as { hooks?: unknown; policies?: unknown } | null;
    buildListeners(namedEntries(raw?.hooks), 'hooks', problems, baseDir);
    buildListeners(namedEntries(raw?.policies), 'policies', problems, baseDir);
    throw new ConfigError(source, problems);
  }
  if (problems.length) throw new ConfigError(source, problems);
  const config = parsed.data;
  const listeners = [
    ...buildListeners(config.hooks, 'hooks', problems, baseDir),
    ...buildListeners(config.policies, 'policies', problems, baseDir),
  ];
  if (problems.length) throw new ConfigError(source, problems);
  return { config, source, baseDir, listeners };
}

async function readConfigFile(file: string): Promise<unknown> {
  if (file.endsWith('.json')) {
    const text = readFileSync(file, 'utf8');
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ConfigError(file, [`not valid JSON: ${messageOf(error)}`]);
    }
  }
  if (!/\.(c|m)?js$/.test(file)) throw new ConfigError(file, ['unsupported file type; use .json, .js, .cjs or .mjs']);
  try {
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    return module.default ?? module;
  } catch (error) {
    throw new ConfigError(file, [`could not be loaded: ${messageOf(error)}`]);
  }
}

function buildListeners(entries: readonly unknown[], field: string, problems: string[], baseDir: string): unknown[] {
  const catalog = listenerCatalog();
  const built: unknown[] = [];
  entries.forEach((entry, at) => {
    if (entry === SKIP) return;
    if (!isNamed(entry)) {
      built.push(entry);
      return;
    }
    const kind = entry.policy !== undefined ? 'policy' : 'hook';
    const name = (entry.policy ?? entry.hook)!;
    const known = catalog.get(name);
    const where = `${field}[${at}].${kind}`;
    if (!known) {
      problems.push(`${where}: unknown ${kind} "${name}"; known: ${namesOf(catalog, kind)}`);
      return;
    }
    if (known.kind !== kind) {
      problems.push(`${where}: "${name}" is a ${known.kind}, not a ${kind}; write { "${known.kind}": "${name}" }`);
      return;
    }
    try {
      built.push(known.create(anchorJournalDir(name, entry.args, baseDir)));
    } catch (error) {
      // A policy that says which argument is wrong is named down to the field, e.g. args[0].expression.
      problems.push(`${field}[${at}].args${argPathText(argPathOf(error))}: ${messageOf(error)}`);
    }
  });
  return built;
}

/** The entries that are well-formed names (others already have their own problem), positions kept. */
function namedEntries(entries: unknown): unknown[] {
  if (!Array.isArray(entries)) return [];
  return entries.map((entry) => {
    const named = namedListener.safeParse(entry);
    return named.success ? named.data : SKIP;
  });
}

function isNamed(entry: unknown): entry is NamedListener {
  return entry !== null && typeof entry === 'object' && Object.getPrototypeOf(entry) === Object.prototype && Array.isArray((entry as NamedListener).args);
}

function argPathText(path: readonly (string | number)[] | undefined): string {
  return (path ?? []).map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
}

function namesOf(catalog: Map<string, CatalogEntry>, kind: CatalogEntry['kind']): string {
  const names = [...catalog.values()].filter((entry) => entry.kind === kind).map((entry) => entry.name);
  return names.length ? names.join(', ') : '(none)';
}

/** Keys that look like secrets get their own message: the operator comes from the environment only. */
function secretProblems(input: unknown): string[] {
  if (input === null || typeof input !== 'object') return [];
  return Object.keys(input)
    .filter((key) => SECRET_KEYS.test(key))
    .map((key) => `${key}: keys and operator settings are never read from the config file; set HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY in the environment instead`);
}

/** One line per problem; an unknown key is named with the keys accepted at that place. */
function describeIssue(issue: z.core.$ZodIssue): string[] {
  // formatPath names the root "parameters" (tool input); here the root is the configuration itself.
  if (issue.code !== 'unrecognized_keys') return [`${issue.path.length ? formatPath(issue.path) : 'configuration'}: ${issue.message}`];
  const atRoot = issue.path.length === 0;
  return issue.keys
    .filter((key) => !(atRoot && SECRET_KEYS.test(key)))
    .map((key) => `${formatPath([...issue.path, key])}: unknown field${atRoot ? `; accepted fields: ${Object.keys(agentHooksConfigSchema.shape).join(', ')}` : ''}`);
}
