import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { invalidArgument, parseOptions } from '../errors/index.js';
import { approvalsUnfitForSigning, isApprovalPolicy } from './signing-approvals.js';
import { endHoldOnPause } from './pause-ends-hold.js';
import { approvalStoresOf } from '../kit/approval-resume.js';
import type { Logger } from '../lifecycle/logger.js';
import type { ApprovalStore } from '../policies/approvals/approval-store.js';
import type { ToolResult } from '../lifecycle/tool-result.js';
import { killSwitchFrom, type KillSwitch, type KillSwitchOptions } from '../policies/kill-switch.js';
import type { PolicyStore } from '../policies/state/policy-store.js';
import { storeFrom, storeOption, type StoreSpec } from '../policies/state/store-spec.js';
import type { AgentKit } from '../kit/agent-kit.js';
import { createAgentKit } from '../kit/create-agent-kit.js';
import type { DescribedBody } from './described-body.js';
import { describeBody } from './describe-body.js';
import { bodyDigestExceptNode } from './same-body.js';
import { SignedIds } from './signed-ids.js';
import { SIGN_TRANSACTION, SigningTool, validUntilOf, type LedgerLookups } from './signing-tool.js';
import { settlersAmong, type HeldReservation, type SettlesLater } from '../policies/held-reservations.js';
import { SettlementWatcher, type SettlementOptions } from './settlement/settlement-watcher.js';

export interface SigningJudgeOptions extends LedgerLookups {
  /**
   * This project's hooks and policies, as createAgentKit's `hooks` takes them (instances, or what a
   * configuration's listener catalog built): they judge every body at the `sign_transaction` tool,
   * whose movements are the body's. Budgets, rate counts, lists, time windows, approvals and audit
   * work as in a kit.
   */
  policies: readonly unknown[];
  /**
   * Where the signed transaction IDs live: the same store as the budgets, so replicas on one Redis
   * count each ID once. `'memory'` (default), `{ sqlite }`, `{ redis, prefix }` or a PolicyStore.
   */
  store?: PolicyStore | StoreSpec;
  /** Transaction types (the body's `data` names, e.g. `'utilPrng'`) signed without judging their value. */
  allowTypes?: readonly string[];
  /** A kill switch every signing obeys (a pause refuses at once), as createAgentKit's `killSwitch`. */
  killSwitch?: KillSwitch | KillSwitchOptions;
  /**
   * The client policies read the ledger with (an account deletion's balance, the exchange rate of a
   * dollar cap). Default: one that reaches no network, so such reads fail and their policies refuse.
   */
  client?: Client;
  /** How far ahead of now a body's valid start may be, in ms (default 3 minutes): a body held back for later is refused. */
  maxStartAheadMs?: number;
  /** Time budget of an asynchronous policy verdict, in ms (default 5000). */
  policyTimeoutMs?: number;
  /**
   * Settling by consensus: a signature's budgets (SpendLimitPolicy) stay reserved until the
   * transaction's valid window has passed, then the mirror tells whether it reached consensus
   * (committed) or not (released). Without it, a signature's budgets are committed at once (a
   * transaction never submitted stays counted until it leaves the budget's window).
   */
  settlement?: SettlementOptions;
  logger?: Logger;
}

export type SigningVerdict = { readonly sign: true } | { readonly sign: false; readonly reason: string };

/** The judge a policy signer asks before each signature. */
export interface SigningJudge {
  /**
   * Whether to sign `bodyBytes` (a serialized TransactionBody) for `agent` (the token's name). Each
   * transaction ID is judged and counted once; its other node bodies are signed without recount;
   * any other body under a signed ID is refused.
   */
  judge(request: { bodyBytes: Uint8Array; agent: string }): Promise<SigningVerdict>;
  /**
   * Settles a signed transaction's reserved budgets now: `reached` (consensus) commits them,
   * `expired` (its valid window passed without it) releases them. The settlement watcher calls this
   * on its own from the mirror; call it only with an outcome you know. Each transaction is settled
   * once across replicas. Resolves with what it did.
   */
  settle(transactionId: string, outcome: 'reached' | 'expired'): Promise<{ released: boolean; note: string }>;
  /** The settlement watcher, when `settlement` was given: `tick()` runs a pass now. */
  readonly settlement?: SettlementWatcher;
  /** The kit the policies run in (its listener instances, budgets and kill switch, for a console). */
  readonly kit: AgentKit;
  close(): Promise<void>;
}

const DEFAULT_START_AHEAD_MS = 180_000;
/** Kept past the valid window so a late node body still finds its ID. */
const HOLD_MARGIN_MS = 60_000;
const MIN_HOLD_MS = 180_000;

const optionsSchema = z
  .object({
    policies: z.array(z.unknown(), { error: 'an array of hooks and policies' }),
    store: storeOption.optional(),
    allowTypes: z.array(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, { error: 'a transaction type name such as "utilPrng"' })).optional(),
    killSwitch: z.unknown().optional(),
    client: z.unknown().optional(),
    maxStartAheadMs: z.number().int().min(0).max(86_400_000).optional(),
    policyTimeoutMs: z.number().positive().optional(),
    logger: z.unknown().optional(),
    settlement: z
      .object({
        mirror: z.union([z.string().regex(/^https?:\/\//i, { error: 'a mirror node URL such as https://testnet.mirrornode.hedera.com' }), z.custom<object>((value) => typeof (value as { getTransaction?: unknown } | null)?.getTransaction === 'function', { error: 'a MirrorClient' })]),
        marginMs: z.number().int().min(0).max(3_600_000).optional(),
        intervalMs: z.number().int().min(10).max(3_600_000).optional(),
        lookbackMs: z.number().int().min(1_000).max(31 * 86_400_000).optional(),
        slotMs: z.number().int().min(100).max(3_600_000).optional(),
        now: z.custom<() => number>((value) => typeof value === 'function', { error: 'a function () => ms since the epoch' }).optional(),
      })
      .strict()
      .optional(),
    scheduleBody: z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { error: 'a function (scheduleId) => Promise<{ body, payer } | undefined>' }).optional(),
    topicCustomFees: z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { error: 'a function (topicId) => Promise<{ asset, amount }[]>' }).optional(),
  })
  .strict();

/**
 * The judging core of the policy signer: decodes each body it is asked to sign (describeBody),
 * refuses what it cannot judge, and runs this project's own policies over the body's movements (and
 * those of every body it carries) in a kit of one pseudo-tool, `sign_transaction`. Exactly once:
 * each transaction ID takes an atomic claim in the store before it is judged (see SignedIds).
 *
 * @example
 * const judge = await createSigningJudge({ policies: [new SpendLimitPolicy({ hbar: 30, windowMs: 86_400_000 })] });
 * const verdict = await judge.judge({ bodyBytes, agent: 'agent-1' }); // { sign: true } or { sign: false, reason }
 */
export async function createSigningJudge(options: SigningJudgeOptions): Promise<SigningJudge> {
  parseOptions('createSigningJudge', optionsSchema, options);
  const unfit = approvalsUnfitForSigning(options.policies);
  if (unfit) throw invalidArgument(`createSigningJudge: ${unfit}`, ['policies']);
  const { store, owned } = storeFrom(options.store ?? 'memory', 'createSigningJudge');
  const policyTimeoutMs = options.policyTimeoutMs ?? 5_000;
  const ids = new SignedIds(store, policyTimeoutMs * 2);
  const tool = new SigningTool(new Set(options.allowTypes ?? []), { scheduleBody: options.scheduleBody, topicCustomFees: options.topicCustomFees });
  const client = options.client ?? unreachableClient();
  const killSwitch = options.killSwitch ? killSwitchFrom(options.killSwitch) : undefined;
  const kit = await createAgentKit({
    client,
    pluginsDir: null,
    plugins: [{ name: 'policy-signer', tools: () => [tool] }],
    hooks: [...options.policies],
    tools: [SIGN_TRANSACTION],
    policyTimeoutMs,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(killSwitch ? { killSwitch } : {}),
  });
  const maxStartAheadMs = options.maxStartAheadMs ?? DEFAULT_START_AHEAD_MS;
  const holders = settlersAmong(options.policies);
  const holderOf = (held: HeldReservation): SettlesLater => {
    const holder = holders.find((each) => each.heldBy === held.holder);
    if (!holder) throw new Error(`no policy of this signer holds reservations of ${held.holder} (was the configuration changed?); left reserved`);
    return holder;
  };
  const settleHeld = (held: HeldReservation, reached: boolean): Promise<void> => holderOf(held).settleHeld(held, reached);
  const log = (line: string): void => options.logger?.warn({}, line);
  // Read when a pause comes, not now: a policy's store is settled only once its kit is made.
  const approvalStores = (): ApprovalStore[] => approvalStoresOf(options.policies.filter((policy): policy is object => typeof policy === 'object' && policy !== null));
  const hasApprovals = options.policies.some(isApprovalPolicy);
  const settlement = options.settlement ? new SettlementWatcher(store, settleHeld, options.settlement, log) : undefined;
  settlement?.start();

  async function judge(request: { bodyBytes: Uint8Array; agent: string }): Promise<SigningVerdict> {
    let body: DescribedBody;
    let digest: string;
    try {
      body = describeBody(request?.bodyBytes);
      digest = bodyDigestExceptNode(request.bodyBytes);
    } catch (error) {
      return refuse(`the body cannot be read: ${error instanceof Error ? error.message : String(error)}`);
    }
    const windowEnd = validUntilOf(body);
    if (startMs(body) - Date.now() > maxStartAheadMs) {
      return refuse(`transaction ${body.transactionId} starts ${Math.round((startMs(body) - Date.now()) / 1000)} s from now, more than ${maxStartAheadMs / 1000} s ahead: a body held back for later is refused`);
    }
    const holdMs = Math.max(MIN_HOLD_MS, windowEnd - Date.now() + HOLD_MARGIN_MS);
    // Another node body of this ID waits as long as the first may be held for approval: until the window closes.
    const claim = await ids.claim(body.transactionId, digest, holdMs, windowEnd).catch((error: unknown) => ({ kind: 'refused' as const, reason: `the signed transaction IDs cannot be read (${error instanceof Error ? error.message : String(error)})` }));
    if (claim.kind === 'signed') {
      // Not judged again, but a pause still stops it: every signing stops, the other node bodies of a signed ID too.
      const paused = killSwitch?.blockReason(SIGN_TRANSACTION, true);
      return paused === undefined ? { sign: true } : refuse(paused);
    }
    if (claim.kind === 'refused') return refuse(claim.reason);
    let result: ToolResult;
    const bodyBase64 = Buffer.from(request.bodyBytes).toString('base64');
    // A pause while the body is held for approval ends the hold now (the kit would refuse it only once someone decided).
    const stopWatching = killSwitch && hasApprovals ? endHoldOnPause(killSwitch, approvalStores, bodyBase64) : undefined;
    try {
      // The agent goes as the call's context too (a per-call context, where the kit takes one), so `per: 'context.agent'` keys budgets by agent.
      result = await (kit.execute as (method: string, args: unknown, options?: unknown) => Promise<ToolResult>)(
        SIGN_TRANSACTION,
        { bodyBase64, agent: String(request.agent) },
        { context: { agent: String(request.agent) } },
      );
    } catch (error) {
      result = { raw: { status: 'ERROR', error: error instanceof Error ? error.message : String(error) }, humanMessage: 'the policies could not judge the body' };
    } finally {
      stopWatching?.();
    }
    if (result.raw.status === 'SUCCESS') {
      try {
        await ids.signed(body.transactionId, claim.holder, digest, holdMs);
      } catch (error) {
        // Reserved already; refusing now over-counts, which is the safe side. Settlement still gives it
        // back once the window has passed without it on the mirror (nothing was signed).
        await holdForSettlement(body.transactionId, windowEnd);
        return refuse(`the signature could not be recorded under ${body.transactionId} (${error instanceof Error ? error.message : String(error)})`);
      }
      await holdForSettlement(body.transactionId, windowEnd);
      return { sign: true };
    }
    await ids.refused(body.transactionId, claim.holder).catch(() => undefined);
    return refuse(reasonOf(result));
  }

  /**
   * The budgets the signature reserved stay reserved for the settlement watcher; without one they
   * are committed now. A failure here never refuses the signature: the reservation counts either way.
   */
  async function holdForSettlement(transactionId: string, windowEnd: number): Promise<void> {
    const holdMs = settlement ? settlement.dueAt(windowEnd) - Date.now() + HOLD_MARGIN_MS : 0;
    const held: HeldReservation[] = [];
    try {
      for (const holder of holders) held.push(...(await holder.takeHeld(transactionId, holdMs)));
      if (!held.length) return;
      if (settlement) await settlement.add(transactionId, windowEnd, held);
      else for (const each of held) await settleHeld(each, true);
    } catch (error) {
      // Still settled by this process if it reached the watcher's memory; else counted until it leaves the budget's window.
      log(`signer: the budgets of ${transactionId} stay reserved, but could not be filed for settlement in the store (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  return {
    judge,
    kit,
    ...(settlement ? { settlement } : {}),
    async settle(transactionId, outcome) {
      if (!settlement) return { released: false, note: `${transactionId} ${outcome}: this signer settles nothing later (no settlement option); its budget was committed when it was signed` };
      const done = await settlement.settle(transactionId, outcome);
      return { released: done.settled && outcome === 'expired', note: done.note };
    },
    async close() {
      try {
        await settlement?.stop();
        await kit.close();
      } finally {
        if (owned) await store.close();
        if (!options.client) await client.close();
      }
    },
  };
}

function refuse(reason: string): SigningVerdict {
  return { sign: false, reason };
}

/** The block's reason, else the failure's message: what a refused agent reads. */
function reasonOf(result: ToolResult): string {
  const raw = result.raw;
  if (raw.status === 'PENDING_APPROVAL') return `held for approval (request ${String(raw.approvalRequestId ?? raw.blockedBy?.pendingApprovalId ?? 'unknown')}); ask again once it is approved`;
  if (raw.blockedBy) return `${raw.blockedBy.policy}: ${raw.blockedBy.reason ?? 'blocked'}`;
  return typeof raw.error === 'string' && raw.error ? raw.error : result.humanMessage;
}

/** Valid start in ms since the epoch (`seconds.nanos`). */
function startMs(body: DescribedBody): number {
  const [seconds = '0', nanos = '0'] = body.validStart.split('.');
  return Number(seconds) * 1000 + Math.floor(Number(nanos) / 1e6);
}

/** A client on a loopback port nothing listens on: policies that must read the ledger refuse. */
function unreachableClient(): Client {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false });
  // The kit wants an operator; this one signs nothing the signer hands out.
  client.setOperator('0.0.2', PrivateKey.generateED25519());
  return client;
}
