import type { Client } from '@hiero-ledger/sdk';
import type { DependencyContainer } from 'tsyringe';
import { kitAudit, type KitAudit } from '../audit/index.js';
import type { CallOptions } from '../lifecycle/call-options.js';
import type { Context } from '../lifecycle/context.js';
import { AgentHooksError, ErrorCode, UnknownToolError, isAgentHooksError } from '../errors/index.js';
import { failedMessage, unknownToolMessage } from '../lifecycle/human-messages.js';
import type { ListenerIndex } from '../lifecycle/listener-index.js';
import type { Logger } from '../lifecycle/logger.js';
import type { StageBus } from '../lifecycle/stage-bus.js';
import type { StageListeners } from '../lifecycle/stage-events.js';
import type { LifecycleStage } from '../lifecycle/stages.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import type { ToolRunner } from '../lifecycle/tool-runner.js';
import type { WouldBlockCounts } from '../lifecycle/would-blocks.js';
import type { KeyRedactor } from '../secrets/key-redactor.js';
import { ApprovalAudit } from './approval-audit.js';
import { approvalStoresOf, resumeApproval } from './approval-resume.js';
import { prepareCall } from './call-options.js';
import { LedgerApprovalCloser } from './ledger-approval-closer.js';
import { LedgerApprovalSweep, ledgerApprovalStoresOf } from './ledger-approval-sweep.js';
import type { CallsInFlight } from './calls-in-flight.js';
import { isKitAware } from '../di/kit-scope.js';
import { listenersFrom } from '../listeners/listener-sources.js';
import { hasBuiltInMovementsView } from '../policies/movements.js';
import { checkListenerToolNames, type KitToolNames } from './listener-tool-names.js';
import { checkPolicyStagesOffered, checkValuePoliciesSeeMovements } from './policy-tool-names.js';
import type { ToolDescription, ToolRegistry } from './tool-registry.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import type { KillSwitch, PauseOptions, PauseRecord, UnpauseOptions } from '../policies/kill-switch.js';

/** The parts a kit is assembled from; built by `createAgentKit`. */
export interface AgentKitParts {
  client: Client;
  context: Context;
  container: DependencyContainer;
  registry: ToolRegistry;
  /** What the listeners' tool names are checked against, at start and in `use`. */
  toolNames: KitToolNames;
  index: ListenerIndex;
  bus: StageBus;
  runner: ToolRunner;
  /** Redacts with `secrets` already. */
  logger: Logger;
  /** What every result is redacted with before it leaves the kit. */
  secrets: KeyRedactor;
  /** Objects the kit constructed or was given that may hold resources (closed by `close()`). */
  owned: object[];
  /**
   * How long `close()` waits for calls in flight, in ms (default {@link DEFAULT_DRAIN_TIMEOUT_MS}, or
   * the longest policy time budget plus 10 s when that is longer).
   */
  drainTimeoutMs?: number;
  /** Counted by the runner; `close()` waits for it. */
  inFlight: CallsInFlight;
  /** `createAgentKit({ killSwitch })`: the switch its first policy obeys. */
  killSwitch?: KillSwitch;
  /** What this kit's policies in report mode would have blocked, counted per policy. */
  wouldBlocks: WouldBlockCounts;
}

/** What `kit.unpause()` did: who unpaused, when, and the pause it lifted (undefined when none was on). */
export interface UnpauseRecord {
  readonly by: string;
  readonly at: string;
  readonly lifted: PauseRecord | undefined;
}

/** Default bound on how long `close()` waits for calls in flight: longer than a receipt wait normally takes. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/** What a call may still need after its longest verdict: building, submitting, its receipt. */
const DRAIN_MARGIN_MS = 10_000;

/**
 * Without an explicit `drainTimeoutMs`, close() waits long enough for the slowest policy the kit
 * has (an ApprovalPolicy waits a minute for a person by default) to answer and the call to finish.
 */
function defaultDrainTimeoutMs(longestPolicyMs: number | undefined): number {
  return Math.min(2 ** 31 - 1, Math.max(DEFAULT_DRAIN_TIMEOUT_MS, (longestPolicyMs ?? 0) + DRAIN_MARGIN_MS));
}

/**
 * One agent's guarded tool set: every call goes through the lifecycle, with this kit's own
 * listeners, container and policy state. Create it with `createAgentKit`.
 */
export class AgentKit {
  readonly client: Client;
  readonly context: Context;
  /** The kit's own child container; resolve your services from it. */
  readonly container: DependencyContainer;
  /** Audit delivery across this kit's audit hooks: `pending()` before shutdown, `flush()` to wait for it. */
  readonly audit: KitAudit;
  /**
   * What this kit cuts private keys with (its operator's key in any encoding, any DER or PEM key);
   * adapters render results with `redactor.toJson`, and an application can redact its own text too.
   */
  readonly redactor: KeyRedactor;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** Calls started and not yet returned; `close()` waits for them before closing the audit hooks. */
  private readonly inFlight: CallsInFlight;
  /** Puts the requests, decisions and lapses of this kit's approval stores on its audit trail. */
  private readonly approvalAudit: ApprovalAudit;
  /** Closes the requests the ledger approved by the schedule outcomes this kit's audit hooks journal. */
  private readonly ledgerCloser: LedgerApprovalCloser;
  /** Closes them by asking the ledger itself: at start, on reads and decisions, around each schedule's expiry. */
  private readonly ledgerSweep: LedgerApprovalSweep;

  constructor(private readonly parts: AgentKitParts) {
    this.client = parts.client;
    this.context = parts.context;
    this.container = parts.container;
    this.audit = kitAudit(() => this.parts.owned);
    this.redactor = parts.secrets;
    this.inFlight = parts.inFlight;
    this.approvalAudit = new ApprovalAudit(this.audit, parts.logger);
    // Walked once here: a kit may start with a thousand shared hooks.
    const owners = this.approvalOwners();
    this.approvalAudit.attach(approvalStoresOf(owners));
    this.ledgerCloser = new LedgerApprovalCloser(() => this.approvalStores(), parts.logger);
    this.ledgerCloser.listen(owners);
    this.ledgerSweep = new LedgerApprovalSweep(() => ({ client: this.client, ...(this.context.mirrorNodeUrl ? { mirrorUrl: this.context.mirrorNodeUrl } : {}) }), parts.logger);
    this.ledgerSweep.attach(ledgerApprovalStoresOf(owners));
  }

  /** The approval stores of this kit's policies (ApprovalPolicy's `approvalStore`), for `resume`, the audit trail and the console. */
  approvalStores(): ApprovalStore[] {
    return approvalStoresOf(this.approvalOwners());
  }

  /** This kit's hooks and policies, where its approval policies and their stores are found. */
  private approvalOwners(): object[] {
    const owned = new Set(this.parts.owned);
    // The context's hook objects are owned already (the kit converted them); classes it instantiated are owned as their instances.
    const hooks = (this.context.hooks ?? []).filter((hook): hook is object => typeof hook === 'object' && hook !== null && !owned.has(hook));
    return hooks.length ? [...this.parts.owned, ...hooks] : [...this.parts.owned];
  }

  /**
   * How many times each of this kit's policies in report mode (`reportOnly`, or `"mode": "report"`
   * in a configuration) would have blocked a call since the kit started, by policy name. Policies
   * that never would have, and enforcing ones, are left out.
   *
   * @example
   * kit.wouldBlockCounts() // { 'Max Transfer Policy': 3 }
   */
  wouldBlockCounts(): Readonly<Record<string, number>> {
    return this.parts.wouldBlocks.snapshot();
  }

  /** The hook and policy instances this kit runs, in registration order (the console reads budgets from them). */
  listenerInstances(): readonly object[] {
    return [...this.parts.owned];
  }

  /**
   * Runs one tool call through the lifecycle. Blocks, invalid input and ledger failures come back
   * as results with `raw.status: 'ERROR'`, never as exceptions.
   *
   * `options` come from the application, never the model: `context` is laid over the kit's context
   * for this call (who it is for: `userId`, `sessionId`, `tenantId`; keys the kit owns are refused),
   * `idempotencyKey` tells a retry from a new payment, `toolCallId` is the model's ID for the call.
   * Options that are not valid reject with an error naming the field; nothing runs then.
   *
   * @example
   * await kit.execute('transfer_hbar_tool', args, { context: { userId: 'alice', sessionId: 's-42' }, idempotencyKey: 'order-7' });
   */
  execute(method: string, args?: unknown, options?: CallOptions): Promise<ToolResult> {
    if (this.closed) return Promise.reject(closedError());
    let call;
    try {
      call = prepareCall('kit.execute', this.context, options);
    } catch (error) {
      return Promise.reject(error);
    }
    const secrets = this.parts.secrets;
    let tool;
    try {
      tool = this.parts.registry.get(method);
    } catch (error) {
      if (isToolLoadError(error)) {
        // A core tool is built on its first call; one that cannot be is a failed call, before anything was built or sent.
        this.parts.logger.error({ tool: method, code: error.code, error: error.message }, 'tool could not be loaded');
        return Promise.resolve(secrets.redactValue({ raw: { status: 'ERROR', errorCode: error.code, error: error.message }, humanMessage: failedMessage(method, 'tool loading', error.message) }));
      }
      if (!(error instanceof UnknownToolError)) throw error;
      // The name is the model's own text, echoed back: it is redacted like any result.
      return Promise.resolve(secrets.redactValue({
        raw: { status: 'ERROR', errorCode: error.code, error: error.message, suggestions: [...error.suggestions] },
        humanMessage: unknownToolMessage(error.message, error.suggestions, this.parts.registry.methods()),
      }));
    }
    // The runner redacts the result and counts the call in flight (see assembleKit).
    return this.parts.runner.run(tool, args, call.context, this.client, call.facts);
  }

  /** `execute`, as the JSON string an LLM reads (SDK values rendered, then redacted again); `options` as there. */
  async run(method: string, args?: unknown, options?: CallOptions): Promise<string> {
    return this.parts.secrets.toJson(await this.execute(method, args, options));
  }

  /**
   * Executes a deferred approval request once it is approved (ApprovalPolicy `wait: 'deferred'`),
   * from any process sharing the policy's store, exactly once: the approved input is re-run and, at
   * postCoreAction, the transaction must have the approved bytes. A request that is not approved
   * (pending, denied, expired, abandoned) or was executed already sends nothing, and the result says why.
   * The call runs as the principal the request names (its user's, session's and tenant's budgets).
   *
   * @example
   * const held = await kit.execute('transfer_hbar_tool', args); // raw.status 'PENDING_APPROVAL'
   * await store.decide(held.raw.approvalRequestId, { approver: 'alice', approve: true });
   * await kit.resume(held.raw.approvalRequestId);
   */
  async resume(requestId: string): Promise<ToolResult> {
    this.assertOpen();
    // A request the ledger approves reads as its schedule ended, not as it stood when last closed.
    await this.ledgerSweep.settle(String(requestId), ledgerApprovalStoresOf(this.approvalOwners()));
    const result = await resumeApproval(String(requestId), this.approvalOwners(), (method, input, options) => this.execute(method, input, options));
    return this.parts.secrets.redactValue(result);
  }

  /**
   * The kit's kill switch (`createAgentKit({ killSwitch })`), or undefined when it has none: its
   * `state` is what this process believes now (running, paused with who, when and why, or unknown).
   */
  get killSwitch(): KillSwitch | undefined {
    return this.parts.killSwitch;
  }

  /**
   * Pauses every process sharing the kill switch's store: within a second (its `pollMs`), their
   * value-moving calls (`scope: 'value-moving'`, the default) or all their calls (`'all'`) are
   * refused with a reason naming who paused, when and why; in this kit at once. The pause is an audit
   * entry (`kind: "pause"`) in every audit hook of this kit, durable when this resolves.
   *
   * Not `kit.resume(id)`, which resumes a deferred approval: the switch is turned off with `unpause()`.
   *
   * @example
   * await kit.pause('transfers to unknown accounts', { scope: 'all', by: 'alice' });
   */
  async pause(reason: string, options?: PauseOptions): Promise<PauseRecord> {
    const killSwitch = this.switchFor('pause');
    const pause = await killSwitch.pause(reason, options);
    await this.recordOversight('the kill switch is on', () =>
      this.audit.record({ kind: 'pause', switch: killSwitch.name, scope: pause.scope, reason: pause.reason, by: pause.by, at: pause.at }),
    );
    return pause;
  }

  /**
   * Turns the kill switch off for every process sharing its store (they run again within a second)
   * and records it (`kind: "unpause"`, with the pause it lifted) in every audit hook of this kit.
   */
  async unpause(options?: UnpauseOptions): Promise<UnpauseRecord> {
    const killSwitch = this.switchFor('unpause');
    const released = await killSwitch.unpause(options);
    await this.recordOversight('the kill switch is off', () =>
      this.audit.record({ kind: 'unpause', switch: killSwitch.name, by: released.by, at: released.at, ...(released.lifted ? { lifted: { ...released.lifted } } : {}) }),
    );
    return released;
  }

  listTools(): ToolDescription[] {
    return this.parts.registry.list();
  }

  /** Observes a stage on every tool; observers cannot veto. */
  on<S extends LifecycleStage>(stage: S, listener: StageListeners[S]): this {
    this.parts.bus.on(stage, listener as never);
    return this;
  }

  off<S extends LifecycleStage>(stage: S, listener: StageListeners[S]): this {
    this.parts.bus.off(stage, listener as never);
    return this;
  }

  /** Adds a hook or policy after creation; returns a function that removes it again. */
  use(hookOrPolicy: unknown): () => void {
    this.assertOpen();
    const { listeners, instance } = listenersFrom(hookOrPolicy, this.container, 'kit.use');
    const registry = this.parts.registry;
    checkListenerToolNames(listeners, this.parts.toolNames, this.parts.logger);
    checkPolicyStagesOffered(listeners, registry.withoutInnerStages());
    checkValuePoliciesSeeMovements(listeners, registry.withoutMovementsView(hasBuiltInMovementsView));
    if (isKitAware(instance)) instance.attachToKit({ container: this.container, context: this.context, client: this.client, logger: this.parts.logger, secrets: this.parts.secrets });
    this.parts.owned.push(instance);
    this.approvalAudit.attach(approvalStoresOf([instance]));
    this.ledgerCloser.listen([instance]);
    this.ledgerSweep.attach(ledgerApprovalStoresOf([instance]));
    const removers = listeners.map((listener) => this.parts.index.add(listener));
    return () => removers.forEach((remove) => remove());
  }

  /**
   * Refuses new calls (E_KIT_CLOSED), waits for the calls in flight (at most `drainTimeoutMs`) so
   * that each returns with its audit entry durable, then closes what the kit owns (hooks with a
   * `close()`, its container). The client stays yours. Calling it again returns the same promise.
   */
  close(): Promise<void> {
    this.closed = true;
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await this.drain();
    this.approvalAudit.detachAll();
    this.ledgerCloser.detachAll();
    this.ledgerSweep.detachAll();
    for (const owned of this.parts.owned) {
      const close = (owned as { close?: unknown }).close;
      if (typeof close === 'function') await close.call(owned);
    }
    this.parts.bus.removeAllListeners();
    await this.container.dispose();
  }

  /**
   * Closing an audit hook under a running call would let that call return without its entry on
   * disk. The wait is bounded so a network that never answers cannot stall shutdown; a call still
   * running after it gets a warning in its result when its hook finds the journal closed.
   */
  private async drain(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const drainTimeoutMs = this.parts.drainTimeoutMs ?? defaultDrainTimeoutMs(this.parts.index.longestTimeoutMs());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), drainTimeoutMs)));
    const finished = this.inFlight.idle().then(() => false);
    const late = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (late) {
      this.parts.logger.warn({ calls: this.inFlight.size, drainTimeoutMs }, 'kit closing with calls still running; their audit entries may not be journaled');
    }
  }

  private switchFor(method: string): KillSwitch {
    this.assertOpen();
    if (this.parts.killSwitch) return this.parts.killSwitch;
    throw new AgentHooksError(
      ErrorCode.CONFIG,
      `kit.${method}: this kit has no kill switch. Create it with createAgentKit({ client, killSwitch: {} }): a kit with an audit journal keeps it in the state file beside the journal ` +
        `(agent-hooks-state.sqlite), which \`agent-hooks pause\` and every agent on this machine journaling there share; one without keeps it in this process. ` +
        `Name a file with killSwitch: { store: { sqlite: 'path/to/state.sqlite' } }, a Redis server for agents on several machines with { store: { redis: 'redis://127.0.0.1:6379' } }, ` +
        'or add "killSwitch": {} to the configuration file.',
    );
  }

  /** The switch changed already; a hook that could not journal it must not hide that it did. */
  private async recordOversight(done: string, record: () => Promise<unknown>): Promise<void> {
    try {
      await record();
    } catch (error) {
      const message = isAgentHooksError(error) ? error.message : String(error);
      throw new AgentHooksError(ErrorCode.AUDIT_UNRECORDED, `${done}, but its audit entry could not be journaled: ${message}`, { cause: error });
    }
  }

  private assertOpen(): void {
    if (this.closed) throw closedError();
  }
}

function isToolLoadError(error: unknown): error is AgentHooksError {
  return isAgentHooksError(error) && (error.code === ErrorCode.PLUGIN_LOAD || error.code === ErrorCode.PLUGIN_INVALID);
}

function closedError(): AgentHooksError {
  return new AgentHooksError(ErrorCode.KIT_CLOSED, 'This agent kit is closed; create a new one.');
}
