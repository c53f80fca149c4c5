import { z } from 'zod';
import type { CallOutcome } from '../lifecycle/call-outcome.js';
import { isSeedShapedListener, listenersFromSeedShaped } from '../listeners/kit-listeners.js';
import { listenersFromSeedInstance } from '../listeners/seed-listeners.js';
import { invalidArgument, messageOf } from '../errors/index.js';
import { isPolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { isThenable, readVerdict } from '../lifecycle/policy-judge.js';
import type { PreToolExecutionParams, ToolErrorParams } from '../lifecycle/stage-events.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { HOOK_STAGES, type HookStage } from '../lifecycle/stages.js';
import { isKitAware, type KitScope } from '../di/kit-scope.js';
import { AbstractPolicy, POLICY_METHODS, isAbstractPolicy } from '../listeners/abstract-policy.js';
import { isReportOnly } from '../listeners/report-mode.js';
import { holdsOutsideTheCall } from './composition-approvals.js';
import { valueMovingCoverageOf, type ValueMovingCoverage } from './value-moving-tools.js';

type Mode = 'allOf' | 'anyOf' | 'not';

/** One child's answer for a call: it allows, refuses (with a reason), or could not judge (threw, timed out). */
type Outcome = { allow: true } | { allow: false; reason: string; failed: boolean };

interface Child {
  readonly policy: object;
  readonly name: string;
  readonly checks: readonly StageListener[];
  readonly tools: readonly string[];
  /** It covers every tool its kit counts as moving value (`valueMovingCoverage: 'kit'`), not only those it lists. */
  readonly everyValueTool: boolean;
}

/**
 * A combined policy, as a configuration's JSON schema shows an argument of allOf, anyOf and not (in a
 * file, a nested `{ "policy", "args" }` entry the loader builds first). Whether it checks anything is
 * judged when combined, naming the argument.
 */
const policyArgument = z.custom<AbstractPolicy>((value) => value !== null && typeof value === 'object', { error: 'a policy' });

/** The arguments of allOf and anyOf (one policy or more) and of not (exactly one). */
export const compositionArgs = {
  allOf: z.tuple([policyArgument], policyArgument),
  anyOf: z.tuple([policyArgument], policyArgument),
  not: z.tuple([policyArgument]),
} as const;

/** The kit's default time budget for a policy; a composite's budget sums its children's. */
const DEFAULT_CHILD_BUDGET_MS = 5_000;

/**
 * Policies combined in terms of what they allow: `allOf` allows a call when every policy allows it,
 * `anyOf` when one does, `not` when its policy refuses it. Children are asked lazily, left to right:
 * `anyOf` stops at the first that allows, `allOf` at the first that refuses, so `anyOf(allowlist,
 * approval)` asks for approval only for recipients off the list.
 *
 * The combination judges once, at the latest stage any child checks (a child's earlier checks run
 * there too, on the same call), so a child that checks only normalised params and one that checks
 * raw input are weighed together. A child that does not cover the tool takes no part; a child that
 * throws or runs out of time refuses (in `not` too: a failure never turns into an allow).
 */
export class CompositePolicy extends AbstractPolicy {
  override name: string;
  override description: string;
  override relevantTools: string[];
  override readonly readsMovements: boolean;
  /** The stage the combination judges at. */
  readonly stage: HookStage;
  /** The combined policies, in order. */
  readonly policies: readonly object[];
  /**
   * `'kit'` when a combined policy covers every tool its kit counts as moving value (a SpendLimitPolicy
   * without `tools`): the kit then widens the combination as it would that policy, so a plugin's
   * transfer tool, or the policy signer's `sign_transaction`, is judged by it inside the combination too.
   */
  readonly valueMovingCoverage: ValueMovingCoverage | undefined;
  private readonly children: readonly Child[];
  /** Every tool a combined policy lists: a call of another tool reached the combination only through the kit's widening. */
  private readonly listed: ReadonlySet<string>;

  constructor(
    readonly mode: Mode,
    policies: readonly unknown[],
  ) {
    super();
    if (mode === 'not' ? policies.length !== 1 : policies.length === 0) {
      throw invalidArgument(mode === 'not' ? `not(...) takes exactly one policy, got ${policies.length}.` : `${mode}(...) needs at least one policy.`);
    }
    this.children = policies.map((policy, at) => childOf(mode, policy, at));
    this.policies = Object.freeze([...policies]) as readonly object[];
    this.name = `${mode}(${this.children.map((child) => child.name).join(', ')})`;
    this.description = describe(mode, this.children);
    const tools = this.children.flatMap((child) => child.tools);
    this.relevantTools = tools.includes('*') ? ['*'] : [...new Set(tools)];
    this.listed = new Set(tools);
    this.valueMovingCoverage = this.children.some((child) => child.everyValueTool) ? 'kit' : undefined;
    this.readsMovements = this.children.some((child) => child.checks.some((check) => check.readsMovements === true));
    this.stage = HOOK_STAGES[Math.max(...this.children.flatMap((child) => child.checks.map((check) => HOOK_STAGES.indexOf(check.stage as HookStage))))]!;
    const budgets = this.children.map((child) => Math.max(0, ...child.checks.map((check) => check.timeoutMs ?? 0)));
    if (budgets.some((budget) => budget > 0)) this.timeoutMs = budgets.reduce((sum, budget) => sum + (budget || DEFAULT_CHILD_BUDGET_MS), 0);
    // Only the stage it judges becomes a listener; the others cost nothing.
    // The Hedera Agent Kit passes the method beside params that do not carry it.
    Object.defineProperty(this, POLICY_METHODS[this.stage], { value: (params: PreToolExecutionParams, method?: string) => this.judge(params, method ?? params.method), enumerable: false });
    // Children that hear about blocked and failed calls (e.g. to give back what they reserved) still do.
    const hearing = this.children.filter((child) => overridesToolError(child.policy));
    if (hearing.length) {
      Object.defineProperty(this, 'toolErrorHook', {
        value: async (params: ToolErrorParams, method?: string) => {
          const tool = method ?? params.method;
          for (const child of hearing) {
            if (child.tools.includes('*') || child.tools.includes(tool) || this.widenedFor(child, tool, params)) await (child.policy as { toolErrorHook(p: ToolErrorParams, m: string): unknown }).toolErrorHook(params, tool);
          }
        },
        enumerable: false,
      });
    }
  }

  /** Hands the kit to children that need it. */
  attachToKit(scope: KitScope): void {
    for (const policy of this.policies) if (isKitAware(policy)) policy.attachToKit(scope);
  }

  /** Closes children that hold resources. */
  async close(): Promise<void> {
    for (const policy of this.policies) {
      const close = (policy as { close?: unknown }).close;
      if (typeof close === 'function') await close.call(policy);
    }
  }

  private judge(params: PreToolExecutionParams, method: string): unknown {
    const children = this.children.filter((child) => child.checks.some((check) => covers(check, method)) || this.widenedFor(child, method, params));
    // Children's checks read the method from the event, as the kit's events carry it.
    const event = params.method === method ? params : { ...params, method };
    return combine(this.mode, children, event, method, (child) => this.widenedFor(child, method, params));
  }

  /**
   * Whether `child`, which covers every tool its kit counts as moving value, takes part in a call of
   * `method` that no combined policy lists (it then judges with all its checks). Without a combined
   * policy for every tool (`'*'`), the kit called the combination for it only because it moves value
   * in that kit (it widened the combination's tools, see valueMovingCoverage). With one, the
   * combination is called for every call: the child takes part when the call moves value (movesValue).
   */
  private widenedFor(child: Child, method: string, event?: PreToolExecutionParams): boolean {
    if (!child.everyValueTool || this.listed.has(method)) return false;
    return this.listed.has('*') ? event !== undefined && movesValue(event) : true;
  }

  /**
   * Passes the outcome on to every combined policy that keeps state (e.g. a spend budget that
   * reserved when asked, an in-call approval that closes the request its call ran under); each
   * ignores calls it did not judge. One failing does not stop the others; the first failure is
   * reported (the kit turns it into a warning).
   */
  override async settle(outcome: CallOutcome): Promise<void> {
    let failure: unknown;
    for (const policy of this.policies) {
      const settle = (policy as { settle?: (outcome: CallOutcome) => unknown }).settle;
      if (typeof settle !== 'function') continue;
      try {
        await settle.call(policy, outcome);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }
}

/**
 * Allows a call only when every policy allows it, asking them left to right and stopping at the
 * first refusal.
 *
 * @example
 * allOf(new RecipientAllowlistPolicy(['0.0.1001']), new MaxTransferPolicy({ hbar: 100 }))
 */
export function allOf(...policies: AbstractPolicy[]): CompositePolicy {
  return new CompositePolicy('allOf', policies);
}

/**
 * Allows a call when any policy allows it, asking them left to right and stopping at the first
 * that allows.
 *
 * @example
 * anyOf(new RecipientAllowlistPolicy(['0.0.1001']), new MaxTransferPolicy({ hbar: 10 }))
 */
export function anyOf(...policies: AbstractPolicy[]): CompositePolicy {
  return new CompositePolicy('anyOf', policies);
}

/**
 * Allows a call exactly when the policy refuses it. A policy that fails (throws, times out) still
 * refuses: a failure never becomes an allow.
 *
 * @example
 * not(new RecipientAllowlistPolicy(['0.0.666']))   // the same as RecipientDenylistPolicy(['0.0.666'])
 */
export function not(policy: AbstractPolicy, ...extra: never[]): CompositePolicy {
  // Called from JavaScript with more, it refuses rather than silently judging by the first.
  return new CompositePolicy('not', [policy, ...extra]);
}

function combine(mode: Mode, children: readonly Child[], params: PreToolExecutionParams, method: string, widened: (child: Child) => boolean): unknown {
  const refusals: string[] = [];
  const step = (at: number): unknown => {
    for (; at < children.length; at++) {
      const child = children[at]!;
      const outcome = childOutcome(child, params, method, widened(child));
      if (isThenable(outcome)) return Promise.resolve(outcome).then((answer) => decide(child, answer) ?? step(at + 1));
      const decided = decide(child, outcome);
      if (decided !== undefined) return decided;
    }
    return finish();
  };
  const decide = (child: Child, outcome: Outcome): unknown => {
    if (mode === 'allOf') return outcome.allow ? undefined : { block: true, reason: `${child.name}: ${outcome.reason}` };
    if (mode === 'anyOf') {
      if (outcome.allow) return false;
      refusals.push(`${child.name}: ${outcome.reason}`);
      return undefined;
    }
    if (outcome.allow) return { block: true, reason: `${child.name} allows this call, and not(…) refuses what it allows` };
    if (outcome.failed) return { block: true, reason: `${child.name} could not judge the call (${outcome.reason}), so not(…) refuses it` };
    return false;
  };
  const finish = (): unknown => {
    if (mode !== 'anyOf' || children.length === 0) return false;
    return { block: true, reason: `none of the alternatives allows the call: ${refusals.join('; ')}` };
  };
  return step(0);
}

/** A child allows when each of its checks that covers the tool (every check, where the kit widened it) allows, in stage order. */
function childOutcome(child: Child, params: PreToolExecutionParams, method: string, widened: boolean): Outcome | Promise<Outcome> {
  const checks = widened ? child.checks : child.checks.filter((check) => covers(check, method));
  const run = (at: number): Outcome | Promise<Outcome> => {
    for (; at < checks.length; at++) {
      const check = checks[at]!;
      let verdict: unknown;
      try {
        verdict = check.invoke(params);
      } catch (error) {
        return failed(error);
      }
      if (isThenable(verdict)) {
        return withBudget(Promise.resolve(verdict), check.timeoutMs).then(
          (answer) => refusal(answer) ?? run(at + 1),
          (error: unknown) => failed(error),
        );
      }
      const refused = refusal(verdict);
      if (refused) return refused;
    }
    return { allow: true };
  };
  return run(0);
}

function refusal(verdict: unknown): Outcome | undefined {
  const read = readVerdict(verdict);
  return read.block ? { allow: false, reason: read.reason ?? 'refused', failed: false } : undefined;
}

function failed(error: unknown): Outcome {
  // A child that throws the kit's block error refused on purpose, with its reason.
  if (isPolicyBlockedError(error)) return { allow: false, reason: error.blockedBy.reason ?? 'refused', failed: false };
  return { allow: false, reason: messageOf(error), failed: true };
}

function withBudget<T>(answer: Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return answer;
  let timer: NodeJS.Timeout | undefined;
  const overtime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no verdict within its ${timeoutMs} ms time budget`)), timeoutMs);
  });
  return Promise.race([answer, overtime]).finally(() => clearTimeout(timer));
}

/**
 * Whether a call moves value as this kit's events say: movements that show value, a value tool the
 * kit cannot see into (`undefined`: not a query, not marked movesNoValue, no view), or movements that
 * cannot be read (the child's own read then refuses). An event without `movements` (an earlier
 * stage, or the Hedera Agent Kit's events) says nothing, and the child keeps to the tools it lists.
 */
function movesValue(event: PreToolExecutionParams): boolean {
  if (!('movements' in event)) return false;
  try {
    const movements = (event as { movements?: readonly unknown[] }).movements;
    return movements === undefined || movements.length > 0;
  } catch {
    return true;
  }
}

function covers(check: StageListener, method: string): boolean {
  return check.tools.includes('*') || check.tools.includes(method);
}

function childOf(mode: Mode, policy: unknown, at: number): Child {
  let listeners: StageListener[];
  if (isAbstractPolicy(policy)) listeners = listenersFromSeedInstance(policy);
  else if (isSeedShapedListener(policy)) listeners = listenersFromSeedShaped(policy);
  else throw invalidArgument(`${mode}(...): argument ${at + 1} is ${describeValue(policy)}, not a policy.`, [at]);
  const checks = listeners.filter((listener) => listener.kind === 'policy');
  const name = checks[0]?.name ?? (policy as { name?: unknown }).name;
  // The combination judges, so its mode is the one that counts: a child's own would be silently overruled.
  if (isReportOnly(policy as object, String(name))) {
    throw invalidArgument(`${mode}(...): argument ${at + 1} (${String(name)}) is in report mode, but report mode applies to the policy the kit registers, here the combination; mark the whole combination (reportOnly(${mode}(…))) or register ${String(name)} on its own.`, [at]);
  }
  if (!checks.length) throw invalidArgument(`${mode}(...): argument ${at + 1} (${String(name ?? 'a hook')}) checks nothing: it is not a policy, or implements no shouldBlock… method.`, [at]);
  // A combination judges once, after its children's latest stage; a ledger approval must act before
  // the transaction is built (it has the kit schedule it), so inside one the call would go out unscheduled.
  if ((policy as { via?: unknown }).via === 'schedule') {
    throw invalidArgument(`${mode}(...): argument ${at + 1} (${String(name)}) is approved by the ledger (via: 'schedule'), which must act before the transaction is built; a combination judges later, so the call would go out unscheduled. Register it on its own.`, [at]);
  }
  const held = holdsOutsideTheCall(policy as object);
  if (held) throw invalidArgument(`${mode}(...): argument ${at + 1} (${String(name)}) ${held}`, [at]);
  return { policy: policy as object, name: checks[0]!.name, checks, tools: [...new Set(checks.flatMap((check) => check.tools))], everyValueTool: valueMovingCoverageOf(policy) === 'kit' };
}

function overridesToolError(policy: object): boolean {
  if (typeof (policy as { toolErrorHook?: unknown }).toolErrorHook !== 'function') return false;
  return listenersFromAny(policy).some((listener) => listener.kind === 'hook' && listener.stage === 'toolError');
}

function listenersFromAny(policy: object): StageListener[] {
  return isAbstractPolicy(policy) ? listenersFromSeedInstance(policy) : listenersFromSeedShaped(policy);
}

function describe(mode: Mode, children: readonly Child[]): string {
  const names = children.map((child) => child.name).join(', ');
  if (mode === 'allOf') return `Allows a call only when all of these allow it: ${names}`;
  if (mode === 'anyOf') return `Allows a call when any of these allows it: ${names}`;
  return `Allows a call only when ${names} refuses it`;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object' ? `an object (${(value as object).constructor?.name ?? 'Object'})` : `${typeof value} ${JSON.stringify(value)}`;
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(CompositePolicy.prototype);
