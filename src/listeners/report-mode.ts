import { listenerMetadataOf } from '../di/decorators.js';
import { AgentHooksError, ErrorCode, invalidArgument } from '../errors/index.js';
import type { StageListener } from '../lifecycle/stage-listener.js';
import { HOOK_STAGES } from '../lifecycle/stages.js';
import { POLICY_METHODS, isAbstractPolicy } from './abstract-policy.js';
import { policiesWithin } from './composed-policies.js';

/**
 * Report mode: a policy that judges as usual, but whose "block" is logged, audited (`wouldBlock` on
 * the call's entry) and counted (`kit.wouldBlockCounts()`) while the call goes on. It is how a new
 * rule is rolled out: run it in report mode, read what it would have blocked, then enforce it.
 *
 * A policy is in report mode when its `reportOnly` property is `true`, whichever class it is (this
 * package's, a subclass, a composition, the Hedera Agent Kit's, a decorated one). The property is read
 * when the kit registers the policy. Only the kit honours it: the Hedera Agent Kit enforces every policy.
 */
export const REPORT_ONLY = 'reportOnly';

/**
 * Marks `policy` for report mode and returns the same object, with its name, tools, stages, state
 * and prototype untouched: `reportOnly(p) === p`. Registered in a kit, the policy is judged exactly
 * as before (same stages, same time budget; a throw or an overrun is a would-block too), but when it
 * would block, the call goes on and the would-block is logged as a warning, put on the call's audit
 * entry and counted. The mark stays on the object: to enforce the same rule elsewhere, make another instance.
 *
 * Refused: anything that is not a policy (hooks only observe), a frozen object, and policies that
 * hold calls for people's approval (an approval asked for and then ignored would be a decision
 * nobody honoured, and a held request would run the call a second time once approved).
 *
 * @example
 * createAgentKit({ client, context: { hooks: [reportOnly(new MaxTransferPolicy({ hbar: 10 }))] } });
 * createAgentKit({ client, context: { hooks: [reportOnly(allOf(new RecipientAllowlistPolicy(['0.0.1001']), new MaxTransferPolicy({ hbar: 100 })))] } });
 */
export function reportOnly<P extends object>(policy: P): P & { readonly reportOnly: true } {
  if (policy === null || typeof policy !== 'object') {
    throw invalidArgument(`reportOnly(policy): expected a policy instance, got ${typeof policy === 'function' ? 'a class or function (pass an instance: reportOnly(new MyPolicy(…)))' : String(policy)}.`, [0]);
  }
  const name = nameOf(policy);
  if (!judges(policy)) throw invalidArgument(`reportOnly(policy): "${name}" is not a policy (it has no shouldBlock… method or @Policy method); only policies judge, so only they have a report mode.`, [0]);
  refuseApprovals(policy, name, 'reportOnly(policy)');
  const marked = policy as P & { readonly reportOnly: true };
  if (isReportOnly(policy, name)) return marked;
  if (!Object.isExtensible(policy)) {
    throw invalidArgument(`reportOnly(policy): "${name}" is frozen or sealed, so it cannot be marked; give its class \`reportOnly = true\` instead.`, [0]);
  }
  // Not enumerable, so a policy's JSON, spread or own option checks see what they saw before.
  Object.defineProperty(policy, REPORT_ONLY, { value: true, enumerable: false, writable: false, configurable: false });
  return marked;
}

/** Whether `policy` asks for report mode: `reportOnly` true; false or left out is enforce; anything else is refused. */
export function isReportOnly(policy: object, name: string = nameOf(policy)): boolean {
  const mode = (policy as { reportOnly?: unknown }).reportOnly;
  if (mode === undefined || mode === false) return false;
  if (mode === true) return true;
  throw new AgentHooksError(
    ErrorCode.INVALID_LISTENER,
    `"${name}" has reportOnly ${describe(mode)}; it takes true (report mode: judge and report what it would block, the call goes on) or false / left out (enforce).`,
  );
}

/**
 * The listeners of a registered source in its mode: in report mode its policy listeners are marked
 * (hooks it also has, e.g. a toolError hook, stay as they are). A source in report mode with no
 * policy listener, or one that holds calls for approval, is refused.
 */
export function inMode(listeners: StageListener[], instance: object): StageListener[] {
  const name = listeners[0]?.name ?? nameOf(instance);
  if (!isReportOnly(instance, name)) return listeners;
  if (!listeners.some((listener) => listener.kind === 'policy')) {
    throw new AgentHooksError(ErrorCode.INVALID_LISTENER, `"${name}" is in report mode (reportOnly: true) but judges nothing: only policies have a report mode; hooks only observe.`);
  }
  refuseApprovals(instance, name, `"${name}" in report mode`);
  return listeners.map((listener) => (listener.kind === 'policy' ? Object.freeze({ ...listener, reportOnly: true as const }) : listener));
}

/** An ApprovalPolicy, of either build, or a composition holding one (by shape: no instanceof). */
function holdsForApproval(policy: object): boolean {
  return policiesWithin([policy]).some((candidate) => {
    const shape = candidate as { approvalStore?: unknown };
    return shape.approvalStore !== null && typeof shape.approvalStore === 'object' && 'pendingApprovals' in candidate;
  });
}

function refuseApprovals(policy: object, name: string, where: string): void {
  if (!holdsForApproval(policy)) return;
  throw invalidArgument(
    `${where}: "${name}" holds calls for approval, which has no report mode: people would be asked and their answer ignored, and a request left open would run the call again once approved. Enforce it, or report a policy with the same condition (e.g. an ExpressionPolicy) instead.`,
    [0],
  );
}

function judges(policy: object): boolean {
  if (isAbstractPolicy(policy)) return true;
  const methods = policy as Record<string, unknown>;
  if (HOOK_STAGES.some((stage) => typeof methods[POLICY_METHODS[stage]] === 'function')) return true;
  return listenerMetadataOf(policy).some((entry) => entry.kind === 'policy');
}

function nameOf(policy: object): string {
  const name = (policy as { name?: unknown }).name;
  return typeof name === 'string' && name ? name : policy.constructor?.name || 'a policy';
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' || typeof value === 'function' ? `(${typeof value})` : String(value);
}
