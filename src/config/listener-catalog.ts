import type { z } from 'zod';
import { isAbstractHook } from '../listeners/abstract-hook.js';
import * as builtInHooks from '../hooks/index.js';
import { AgentHooksError, ErrorCode, argPathOf, invalidArgument, isAgentHooksError, messageOf } from '../errors/index.js';
import { isAbstractPolicy } from '../listeners/abstract-policy.js';
import { CompositePolicy } from '../policies/composition.js';
import { KillSwitchPolicy } from '../policies/kill-switch-policy.js';
import { isPlainObject } from './config-schema.js';
import * as builtInPolicies from '../policies/index.js';

/** A hook or policy class a config can name. */
export interface CatalogEntry {
  kind: 'hook' | 'policy';
  name: string;
  create(args: readonly unknown[]): object;
  /** The class's constructor arguments as a zod tuple, when it declares them (`static configArgs`). */
  configArgs?: z.ZodType;
}

type Constructor = new (...args: unknown[]) => object;

/** Completes a class's arguments before it is built (a configuration's default policy store). */
export type ArgumentAnchor = (name: string, args: readonly unknown[]) => unknown[];

/** The compositions a config names in lower case, as in code: their arguments are policy entries. */
const COMPOSITIONS = ['allOf', 'anyOf', 'not'] as const;

/**
 * The built-in hooks and policies by class name, read from the `hooks` and `policies` entry points,
 * so a built-in added there is nameable in a config without touching this file. `allOf`, `anyOf`
 * and `not` take policy entries as arguments: `{ "policy": "anyOf", "args": [{ "policy": …, "args": … }, …] }`.
 * `anchor` completes the arguments of every class built, nested ones included.
 *
 * @example
 * const catalog = listenerCatalog();
 * const policy = catalog.get('MaxRecipientsPolicy')!.create([5]);
 */
export function listenerCatalog(extra: Record<string, unknown> = {}, anchor: ArgumentAnchor = (_name, args) => [...args]): Map<string, CatalogEntry> {
  const catalog = new Map<string, CatalogEntry>();
  for (const [name, value] of Object.entries({ ...builtInHooks, ...builtInPolicies, ...extra })) {
    // Base classes (AbstractHook, AuditTrailBase, …) are exported for authors, not for configs;
    // CompositePolicy is reached through allOf / anyOf / not; KillSwitchPolicy is what the kit installs
    // for the configuration's `killSwitch` key (it takes the kit's switch, which a file cannot name).
    if (typeof value !== 'function' || /^Abstract|Base$/.test(name) || value === CompositePolicy || value === KillSwitchPolicy) continue;
    const prototype = (value as { prototype?: unknown }).prototype;
    if (!isAbstractHook(prototype)) continue;
    const kind = isAbstractPolicy(prototype) ? 'policy' : 'hook';
    const ctor = value as Constructor;
    // JSON has no `undefined`: a null argument means "left out" (e.g. the optional loggingClient).
    const configArgs = configArgsOf(value);
    catalog.set(name, { kind, name, create: (args) => new ctor(...anchor(name, args).map((arg) => (arg === null ? undefined : arg))), ...(configArgs ? { configArgs } : {}) });
  }
  for (const mode of COMPOSITIONS) {
    catalog.set(mode, { kind: 'policy', name: mode, create: (args) => new CompositePolicy(mode, args.map((arg, at) => nestedPolicy(catalog, mode, arg, at))) });
  }
  return catalog;
}

/**
 * One argument of a composition: a policy entry, built through the catalog, or (in a JS config) a
 * policy instance. Errors say where: `args[1].args[0].expression: …`.
 */
function nestedPolicy(catalog: Map<string, CatalogEntry>, mode: string, arg: unknown, at: number): unknown {
  // A parsed configuration file's objects have a null prototype; a JS config's are plain literals.
  if (!isPlainObject(arg)) return arg;
  const entry = arg as { policy?: unknown; hook?: unknown; args?: unknown };
  // A combination judges as one policy, so only the top-level entry has a mode (see report-mode.ts).
  if ('mode' in entry) {
    throw invalidArgument(`${mode}: a combined policy has no "mode" of its own: the combination judges, so give "mode" on the ${mode} entry itself, or list that policy on its own.`, [at, 'mode']);
  }
  const unknownKeys = Object.keys(entry).filter((key) => key !== 'policy' && key !== 'args');
  if (typeof entry.policy !== 'string' || unknownKeys.length) {
    const problem = entry.hook !== undefined ? 'a composition combines policies, not hooks' : unknownKeys.length ? `unknown field ${unknownKeys.map((key) => `"${key}"`).join(', ')}` : 'no "policy" name';
    throw invalidArgument(`${mode}: expected { "policy": "<class name>", "args": [...] } (${problem}).`, [at]);
  }
  const known = catalog.get(entry.policy);
  if (!known || known.kind !== 'policy') {
    const names = [...catalog.values()].filter((each) => each.kind === 'policy').map((each) => each.name).join(', ');
    throw invalidArgument(`unknown policy "${entry.policy}"; known: ${names}.`, [at, 'policy']);
  }
  const args = entry.args ?? [];
  if (!Array.isArray(args)) throw invalidArgument(`expected a list of arguments, got ${JSON.stringify(args)}.`, [at, 'args']);
  try {
    return known.create(args);
  } catch (error) {
    const inner = argPathOf(error) ?? [];
    const wrapped = new AgentHooksError(isAgentHooksError(error) ? error.code : ErrorCode.INVALID_ARGUMENT, messageOf(error), { cause: error });
    Object.defineProperty(wrapped, 'argPath', { value: Object.freeze([at, 'args', ...inner]), enumerable: false });
    throw wrapped;
  }
}


/** A class's `static configArgs`, when it is a zod schema (recognised by its parse method, not by class). */
function configArgsOf(value: unknown): z.ZodType | undefined {
  const args = (value as { configArgs?: unknown }).configArgs;
  return args !== null && typeof args === 'object' && typeof (args as { safeParse?: unknown }).safeParse === 'function' && '_zod' in args ? (args as z.ZodType) : undefined;
}
