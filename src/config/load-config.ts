import path from 'node:path';
import type { z } from 'zod';
import { argPathOf, invalidArgument, messageOf } from '../errors/index.js';
import { formatPath } from '../lifecycle/parse-params.js';
import { refuseUnknownOptions } from '../kit/option-keys.js';
import { ConfigError } from './config-error.js';
import { readConfigFile, searchConfigFile, type ConfigFileContents } from './config-file.js';
import { reportOnly } from '../listeners/report-mode.js';
import { agentHooksConfigSchema, namedListener, type AgentHooksConfig, type NamedListener } from './config-schema.js';
import { anchorJournalDir } from './journal-dir.js';
import { listenerCatalog, type ArgumentAnchor, type CatalogEntry } from './listener-catalog.js';
import { anchorKillSwitch, configuredStateFile, policyStoreAnchor } from './default-policy-store.js';
import { useStateFile } from '../kit/default-state-file.js';
import { ApprovalStoreLender } from '../policies/approvals/approval-store-lender.js';
import { approvalStoreAnchor, approvalStoreAt, approvalStorePlace } from './configured-approval-store.js';

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

/** One problem, with where it is in the configuration, so a JSON file can add its line and column. */
export interface Problem {
  path: readonly (string | number)[];
  text: string;
}

const SKIP = Symbol('skip');
const SECRET_KEYS = /^(operator.*|.*private.*key.*|.*secret.*)$/i;

/** Where loadConfig looks. */
export interface LoadConfigOptions {
  /** The config file, relative to `cwd`; without it, the first of CONFIG_FILE_NAMES found in `cwd`. */
  path?: string;
  /** The working folder (default `process.cwd()`). */
  cwd?: string;
}

const OPTION_KEYS = Object.keys({ path: true, cwd: true } satisfies Record<keyof LoadConfigOptions, true>);

/**
 * Reads `agent-hooks.config.{json,js,cjs,mjs,ts,mts,cts}` from `cwd` (or the file given), validates
 * it and builds the hooks and policies it names. With no file and no path, the defaults apply (the
 * network chosen by HEDERA_NETWORK or the embedded devnet, core plugins, no policies). Every
 * problem is reported at once, each naming its field, and in a JSON file its line and column.
 * Relative paths in the file are resolved from the file's folder.
 *
 * @example
 * const { config, listeners } = await loadConfig({ path: 'agent-hooks.config.json' });
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  if (options === null || typeof options !== 'object') throw invalidArgument('loadConfig: options must be an object like { path, cwd }.');
  refuseUnknownOptions('loadConfig', options, OPTION_KEYS);
  const cwd = options.cwd ?? process.cwd();
  if (options.path) {
    const file = path.resolve(cwd, options.path);
    return parseContents(await readConfigFile(file), file, path.dirname(file));
  }
  const found = await searchConfigFile(cwd);
  if (!found) return parseConfig({}, '(defaults)', cwd);
  return parseContents(found.contents, found.file, path.dirname(found.file));
}

/** Validates an already-read config object; `source` names it in errors. */
export function parseConfig(input: unknown, source: string, baseDir: string): LoadedConfig {
  return parseContents({ value: input }, source, baseDir);
}

function parseContents(contents: ConfigFileContents, source: string, baseDir: string): LoadedConfig {
  const input = contents.value;
  const problems = secretProblems(input);
  const fail = (): never => {
    throw new ConfigError(source, problems.map(({ path: at, text }) => withPlace(text, contents.locate?.(at))));
  };
  const parsed = agentHooksConfigSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue));
    // Name and argument problems are listed too, so one run reports everything wrong.
    const raw = input as { hooks?: unknown; policies?: unknown } | null;
    buildListeners(namedEntries(raw?.hooks), 'hooks', problems, baseDir);
    buildListeners(namedEntries(raw?.policies), 'policies', problems, baseDir);
    return fail();
  }
  if (problems.length) return fail();
  const config = parsed.data;
  // Stateful policies and the kill switch without a store of their own share the file beside the journal.
  const stateFile = configuredStateFile(config, baseDir);
  config.killSwitch = anchorKillSwitch(config.killSwitch, stateFile, baseDir);
  const anchorStore = policyStoreAnchor(baseDir);
  // ApprovalPolicies listed without a store share the configuration's approval store, lent per kit.
  const lendApprovalStore = approvalStoreAnchor(new ApprovalStoreLender(() => approvalStoreAt(approvalStorePlace(config, baseDir))));
  const listeners = [
    ...buildListeners(config.hooks, 'hooks', problems, baseDir, anchorStore),
    ...buildListeners(config.policies, 'policies', problems, baseDir, anchorStore, lendApprovalStore),
  ];
  if (problems.length) return fail();
  // Named as a code kit with a journal names them (SpendLimitPolicy-1/spend-limit), so both agree on one file.
  useStateFile(listeners, undefined, stateFile);
  return { config, source, baseDir, listeners };
}

/** `policies[0].args: …` becomes `policies[0].args (line 4, column 7): …`. */
function withPlace(text: string, place: string | undefined): string {
  if (!place) return text;
  const colon = text.indexOf(': ');
  return colon < 0 ? `${text} (${place})` : `${text.slice(0, colon)} (${place})${text.slice(colon)}`;
}

/**
 * Builds `{ hook | policy, args, mode? }` entries from the catalog (others kept as given), adding each
 * problem to `problems` named to its field. `lendStore` completes the arguments of the entries
 * themselves, not of the policies a combination holds (a combination refuses an ApprovalPolicy
 * whose requests others can decide: see composition-approvals.ts).
 */
export function buildListeners(entries: readonly unknown[], field: string, problems: Problem[], baseDir: string, anchorStore?: ArgumentAnchor, lendStore?: (name: string, args: readonly unknown[]) => unknown[] | undefined): unknown[] {
  const catalog = listenerCatalog({}, anchorStore);
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
    const path = [field, at, kind];
    if (!known) {
      problems.push({ path, text: `${where}: unknown ${kind} "${name}"; known: ${namesOf(catalog, kind)}` });
      return;
    }
    if (known.kind !== kind) {
      problems.push({ path, text: `${where}: "${name}" is a ${known.kind}, not a ${kind}; write { "${known.kind}": "${name}" }` });
      return;
    }
    let instance: object;
    try {
      const args = anchorJournalDir(name, entry.args, baseDir);
      instance = known.create(lendStore?.(name, args) ?? args);
    } catch (error) {
      // A policy that says which argument is wrong is named down to the field, e.g. args[0].expression.
      const argPath = argPathOf(error) ?? [];
      problems.push({ path: [field, at, 'args', ...argPath], text: `${field}[${at}].args${argPathText(argPath)}: ${messageOf(error)}` });
      return;
    }
    if (entry.mode !== 'report') {
      built.push(instance);
      return;
    }
    try {
      built.push(reportOnly(instance));
    } catch (error) {
      problems.push({ path: [field, at, 'mode'], text: `${field}[${at}].mode: ${messageOf(error).replace(/^reportOnly\(policy\): /, '')}` });
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
function secretProblems(input: unknown): Problem[] {
  if (input === null || typeof input !== 'object') return [];
  return Object.keys(input)
    .filter((key) => SECRET_KEYS.test(key))
    .map((key) => ({ path: [key], text: `${key}: keys and operator settings are never read from the config file; set HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY in the environment instead` }));
}

/** One line per problem; an unknown key is named with the keys accepted at that place. */
function describeIssue(issue: z.core.$ZodIssue): Problem[] {
  const at = issue.path as (string | number)[];
  // formatPath names the root "parameters" (tool input); here the root is the configuration itself.
  if (issue.code !== 'unrecognized_keys') return [{ path: at, text: `${at.length ? formatPath(at) : 'configuration'}: ${issue.message}` }];
  const atRoot = at.length === 0;
  const accepted = atRoot ? Object.keys(agentHooksConfigSchema.shape) : fieldsOfKey(at);
  return issue.keys
    .filter((key) => !(atRoot && SECRET_KEYS.test(key)))
    .map((key) => ({ path: [...at, key], text: `${formatPath([...at, key])}: unknown field${accepted ? `; accepted fields: ${accepted.join(', ')}` : ''}` }));
}

/**
 * The fields an object at `at` takes (`telemetry`: traces, metrics, recordParams; `mcp.principal`:
 * userId, tenantId, sessionId), when the schema says: object fields are followed down by name.
 */
function fieldsOfKey(at: readonly (string | number)[]): string[] | undefined {
  let shape: Record<string, unknown> | undefined = agentHooksConfigSchema.shape;
  for (const key of at) {
    if (typeof key !== 'string' || !shape) return undefined;
    shape = objectOf((shape[key] as { def: Def } | undefined)?.def)?.shape;
  }
  return shape && Object.keys(shape);
}

/** The object schema under optional, default or pipe, or a union's first object option (a refine is a check on the object itself). */
function objectOf(def: Def | undefined): Def | undefined {
  while (def && (def.type === 'optional' || def.type === 'default' || def.type === 'pipe')) def = def.innerType?.def ?? def.in?.def;
  const candidates = def?.type === 'union' ? (def.options ?? []).map((option) => option.def) : def ? [def] : [];
  return candidates.find((option) => option.type === 'object');
}

/** What fieldsOfKey reads of a zod schema's definition. */
interface Def {
  type: string;
  innerType?: { def: Def };
  in?: { def: Def };
  options?: readonly { def: Def }[];
  shape?: Record<string, unknown>;
}
