import { z } from 'zod';
import { approvalThresholdOption, approvalWhenOption, type ApprovalCondition, type ApprovalThreshold } from './approval-condition.js';
import { APPROVER_NAMES, type ApprovalCallback, type Approver, type ApproverName } from './approvers/approver.js';
import { functionOption } from './option-schemas.js';
import type { ApprovalStore } from './approvals/approval-store.js';

/*
 * ApprovalPolicy's options: their types, defaults and schema (the policy itself is approval-policy.ts).
 */

export interface ApprovalPolicyOptions {
  /** When to ask: `{ hbarAbove, tools }` (see ApprovalThreshold) or a function of the event. */
  when: ApprovalThreshold | ApprovalCondition;
  /**
   * Who is asked: an Approver, a callback `(request) => boolean | Promise<boolean>`, or by name
   * `'terminal'` (terminalApprover) or `'mcp'` (mcpElicitationApprover).
   */
  approver?: Approver | ApprovalCallback | ApproverName;
  /** How long the approver has, in ms (default 60 000; deferred: 86 400 000); no answer by then is a refusal. */
  timeoutMs?: number;
  /**
   * Where the call is held: `'postParamsNormalization'` (default: validated params) or
   * `'postCoreAction'`, where the request carries a preview of the frozen transaction and the
   * approval is bound to the digest of its bytes.
   */
  stage?: 'postParamsNormalization' | 'postCoreAction';
  /**
   * `'in-call'` (default): the call waits for the decision. `'deferred'`: the call returns at once
   * with `raw.status: 'PENDING_APPROVAL'` and `raw.approvalRequestId`; `kit.resume(id)` executes it once approved.
   */
  wait?: 'in-call' | 'deferred';
  /** Where requests are kept (default: a MemoryApprovalStore of this policy); a RedisApprovalStore shares them between processes. */
  store?: ApprovalStore;
  /** A quorum: `required` distinct approvers out of `of` (names, console tokens or public keys) must approve; one denial blocks. */
  quorum?: { required: number; of?: string[] };
  /**
   * Who approves: `'store'` (default) holds the call until decisions in `store` reach the quorum;
   * `'schedule'` has the ledger approve it: the call goes out as a scheduled transaction that
   * executes once the approvers sign it, which needs the accounts it debits to have threshold keys
   * whose members include the approvers' public keys (`quorum.of`), and that the agent's own key
   * cannot satisfy without `quorum.required` of them (docs/approvals.md).
   */
  via?: 'store' | 'schedule';
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 60_000;
/** How long a deferred request stays open by default: a day. */
export const DEFAULT_DEFERRED_MS = 86_400_000;
/** The policy's time budget is the approver's time plus this, so the kit's clock never cuts the answer short. */
export const BUDGET_MARGIN_MS = 1_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const APPROVER_ACCEPTED = `${APPROVER_NAMES.map((name) => `"${name}"`).join(' or ')}, a function (request) => boolean, or an object { name, approve(request, signal) }`;
const MAX_APPROVAL_MS = MAX_TIMER_MS - BUDGET_MARGIN_MS;

/** An Approver object of the caller's, kept as it is (its methods may live on its prototype). */
const approverObject = z
  .custom<Approver>((value) => value !== null && typeof value === 'object' && typeof (value as Approver).approve === 'function', { error: APPROVER_ACCEPTED })
  .refine((approver) => typeof approver.name === 'string' && approver.name.trim() !== '', {
    error: "an approver object with a 'name' saying who is asked, e.g. 'the on-call engineer'",
  });

/** ApprovalPolicy's options; the keys are checked against the interface at compile time, so a new option cannot be left out. */
export const approvalPolicyOptions = z
  .object(
    {
      when: approvalWhenOption,
      approver: z.union([z.enum(APPROVER_NAMES), functionOption<ApprovalCallback>(APPROVER_ACCEPTED), approverObject], { error: APPROVER_ACCEPTED }).optional(),
      timeoutMs: z
        .number({ error: `a whole number of milliseconds from 1 to ${MAX_APPROVAL_MS}` })
        .refine((ms) => Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_APPROVAL_MS, { error: `a whole number of milliseconds from 1 to ${MAX_APPROVAL_MS}` })
        .optional(),
      stage: z.enum(['postParamsNormalization', 'postCoreAction'], { error: "'postParamsNormalization' or 'postCoreAction'" }).optional(),
      wait: z.enum(['in-call', 'deferred'], { error: "'in-call' (the call waits) or 'deferred' (the call returns PENDING_APPROVAL; kit.resume runs it)" }).optional(),
      store: z
        .custom<ApprovalStore>((value) => value !== null && typeof value === 'object' && ['create', 'get', 'decide', 'claimExecution', 'subscribe'].every((name) => typeof (value as Record<string, unknown>)[name] === 'function'), {
          error: 'an approval store (MemoryApprovalStore, RedisApprovalStore, or an object with create, get, decide, claimExecution and subscribe)',
        })
        .optional(),
      quorum: z
        .object(
          {
            required: z.number({ error: 'a whole number of approvers, 1 or more' }).int({ error: 'a whole number of approvers, 1 or more' }).min(1, { error: 'a whole number of approvers, 1 or more' }),
            of: z.array(z.string().trim().min(1, { error: 'a non-empty name or public key' }), { error: 'a list of approver names or public keys' }).optional(),
          },
          { error: 'a quorum { required, of? }' },
        )
        .strict()
        .refine((quorum) => !quorum.of || new Set(quorum.of).size === quorum.of.length, { error: 'quorum.of names each approver once' })
        .refine((quorum) => !quorum.of || quorum.of.length === 0 || quorum.required <= quorum.of.length, { error: 'quorum.required cannot exceed the number of approvers in quorum.of' })
        .optional(),
      via: z.enum(['store', 'schedule'], { error: "'store' (decisions in the approval store, the default) or 'schedule' (the ledger approves: the approvers sign a scheduled transaction)" }).optional(),
    } satisfies Record<keyof ApprovalPolicyOptions, z.ZodType>,
    { error: 'options { when, approver?, timeoutMs?, stage?, wait?, store?, quorum?, via? }' },
  )
  .strict();

/** The same options with `when` as data only (see ApprovalPolicy's constructor). */
export const approvalDataOptions = approvalPolicyOptions.extend({ when: approvalThresholdOption });
