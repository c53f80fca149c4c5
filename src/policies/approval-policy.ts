import { z } from 'zod';
import { messageOf, parseOptions } from '../errors/index.js';
import { PolicyBlockedError } from '../lifecycle/policy-blocked-error.js';
import { redactKeyMaterial } from '../lifecycle/secret-text.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { toJson } from '../lifecycle/to-json.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { approvalThresholdOption, approvalWhenOption, compileCondition, type ApprovalCondition, type ApprovalThreshold, type CompiledCondition } from './approval-condition.js';
import { formatHbar, movedValueOf, type MovedValue } from './approval-moves.js';
import { APPROVER_NAMES, oneLine, readAnswer, type ApprovalCallback, type ApprovalRequest, type Approver, type ApproverName } from './approvers/approver.js';
import { callbackApprover } from './approvers/callback-approver.js';
import { mcpElicitationApprover } from './approvers/mcp-elicitation-approver.js';
import { terminalApprover } from './approvers/terminal-approver.js';
import { functionOption } from './option-schemas.js';

export interface ApprovalPolicyOptions {
  /** When to ask: `{ hbarAbove, tools }` (see ApprovalThreshold) or a function of the event. */
  when: ApprovalThreshold | ApprovalCondition;
  /**
   * Who is asked: an Approver, a callback `(request) => boolean | Promise<boolean>`, or by name
   * `'terminal'` (terminalApprover) or `'mcp'` (mcpElicitationApprover).
   */
  approver: Approver | ApprovalCallback | ApproverName;
  /** How long the approver has, in ms (default 60 000); no answer by then is a refusal. */
  timeoutMs?: number;
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 60_000;
/** The policy's time budget is the approver's time plus this, so the kit's clock never cuts the answer short. */
const BUDGET_MARGIN_MS = 1_000;
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
      approver: z.union([z.enum(APPROVER_NAMES), functionOption<ApprovalCallback>(APPROVER_ACCEPTED), approverObject], { error: APPROVER_ACCEPTED }),
      timeoutMs: z
        .number({ error: `a whole number of milliseconds from 1 to ${MAX_APPROVAL_MS}` })
        .refine((ms) => Number.isSafeInteger(ms) && ms > 0 && ms <= MAX_APPROVAL_MS, { error: `a whole number of milliseconds from 1 to ${MAX_APPROVAL_MS}` })
        .optional(),
    } satisfies Record<keyof ApprovalPolicyOptions, z.ZodType>,
    { error: 'options { when, approver, timeoutMs? }' },
  )
  .strict();

/** The same options with `when` as data only (see the constructor). */
const approvalDataOptions = approvalPolicyOptions.extend({ when: approvalThresholdOption });
/** Movements listed one by one in the summary; the rest are counted. */
const LISTED_MOVEMENTS = 5;

/**
 * Holds a call until someone approves it, when a condition holds: a call moving more than some HBAR,
 * any call of some tools, or a condition of your own. It judges at postParamsNormalization, so the
 * approver sees validated params, and what executes is what was approved (the params are locked
 * from the first policy of that stage on). No answer within `timeoutMs` is a refusal, and so is an
 * approver that fails: `blockedBy.reason` says who refused, or that nobody answered within N ms.
 *
 * Amounts come from the event's `movements`; events without them fall back to the HBAR credited in
 * `hbarTransfers`, and a core tool that moves HBAR in a way neither shows is asked about rather than
 * allowed.
 *
 * @example
 * new ApprovalPolicy({ when: { hbarAbove: 100 }, approver: 'terminal', timeoutMs: 60_000 })
 * new ApprovalPolicy({ when: { tools: ['delete_account_tool'] }, approver: (request) => confirm(request.summary) })
 */
export class ApprovalPolicy extends AbstractPolicy {
  override name = 'Approval Policy';
  override description: string;
  override relevantTools: string[];
  /** The policy's time budget in the kit: the approver's time plus a margin. */
  override timeoutMs: number;
  /** How long the approver has to answer. */
  readonly approvalTimeoutMs: number;
  private readonly approver: Approver;
  private readonly condition: CompiledCondition;
  private asking = 0;

  /** The constructor's arguments, as a configuration's JSON schema describes them. */
  static readonly configArgs = z.tuple([approvalPolicyOptions]);

  constructor(options: ApprovalPolicyOptions) {
    super();
    const owner = 'ApprovalPolicy';
    // `when` as data is judged as the threshold it must be, so a wrong field inside it is named
    // ('when.hbarAbove') rather than the union of both forms refused as a whole.
    const asData = options !== null && typeof options === 'object' && typeof options.when !== 'function';
    parseOptions(owner, asData ? approvalDataOptions : approvalPolicyOptions, options);
    // The options as given, not as parsed: a condition, approver or callback keeps its identity.
    this.condition = compileCondition(options.when, owner);
    this.approver = approverFrom(options.approver);
    this.approvalTimeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.timeoutMs = this.approvalTimeoutMs + BUDGET_MARGIN_MS;
    this.relevantTools = [...this.condition.tools];
    this.description = `Asks ${this.approver.name} before ${this.condition.describe}`;
  }

  protected override async shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams, method: string): Promise<boolean> {
    const moved = movedValueOf(params);
    let why: string | undefined;
    try {
      why = await this.condition.check(params, moved);
    } catch (error) {
      this.refuse(method, `the approval condition failed (${messageOf(error)}), so the call is refused`);
    }
    if (why === undefined) return false;
    const request = this.requestFor(params, method, moved, oneLine(why));
    const refusal = await this.ask(request);
    if (refusal) this.refuse(method, refusal);
    return false;
  }

  /** Approvals asked for and not yet answered, refused or timed out (a telemetry gauge: src/telemetry/). */
  get pendingApprovals(): number {
    return this.asking;
  }

  /** Asks the approver; resolves to the refusal reason, or `undefined` once approved. */
  private async ask(request: ApprovalRequest): Promise<string | undefined> {
    this.asking++;
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const overtime = new Promise<{ late: true }>((resolve) => {
      timer = setTimeout(() => resolve({ late: true }), this.approvalTimeoutMs);
    });
    // Called inside a promise chain, so an approver that throws synchronously is a rejection too.
    const answered = Promise.resolve()
      .then(() => this.approver.approve(request, stop.signal))
      .then(
        (answer) => ({ answer: readAnswer(answer) }),
        (error: unknown) => ({ error }),
      );
    try {
      const outcome = await Promise.race([answered, overtime]);
      if ('late' in outcome) {
        return `nobody answered within ${this.approvalTimeoutMs} ms (${this.approver.name} was asked because ${request.why}); no answer is a refusal`;
      }
      if ('error' in outcome) {
        return `asking ${this.approver.name} failed (${messageOf(outcome.error)}), so the call is refused (${request.why})`;
      }
      if (outcome.answer.approved) return undefined;
      return `${outcome.answer.reason ?? `${this.approver.name} refused`} (asked because ${request.why})`;
    } finally {
      this.asking--;
      clearTimeout(timer);
      // Withdraws a question still open (the terminal prompt, the MCP request); no-op once answered.
      stop.abort();
    }
  }

  private requestFor(params: PostParamsNormalizationParams, method: string, moved: MovedValue, why: string): ApprovalRequest {
    return Object.freeze({
      policy: this.name,
      tool: method,
      summary: summaryOf(method, moved, params.rawParams),
      why,
      movements: moved.movements,
      hbarTinybars: moved.hbarTinybars,
      params: params.rawParams,
      normalisedParams: params.normalisedParams,
      timeoutMs: this.approvalTimeoutMs,
    });
  }

  private refuse(method: string, reason: string): never {
    throw new PolicyBlockedError(method, { policy: this.name, stage: 'postParamsNormalization', reason: redactKeyMaterial(reason) }, this.description);
  }
}

// A built-in guard: a plugin cannot patch its methods after this package loaded.
Object.freeze(ApprovalPolicy.prototype);

/** The Approver for an `approver` option the schema accepted. */
function approverFrom(approver: Approver | ApprovalCallback | ApproverName): Approver {
  if (approver === 'terminal') return terminalApprover();
  if (approver === 'mcp') return mcpElicitationApprover();
  if (typeof approver === 'function') return callbackApprover(approver);
  return approver;
}

/** One line: the tool and what it moves, or its params when it moves nothing the policy could read. */
function summaryOf(method: string, moved: MovedValue, rawParams: unknown): string {
  const movements = moved.movements ?? [];
  const total = moved.hbarTinybars ? formatHbar(moved.hbarTinybars) : undefined;
  if (movements.length) {
    const listed = movements.slice(0, LISTED_MOVEMENTS).map((movement) => `${movement.display} from ${movement.from} to ${movement.to}`);
    const more = movements.length > LISTED_MOVEMENTS ? `, and ${movements.length - LISTED_MOVEMENTS} more` : '';
    const sum = total && movements.filter((movement) => movement.asset === 'HBAR').length > 1 ? ` (${total} in total)` : '';
    return oneLine(`${method}: ${listed.join(', ')}${more}${sum}`);
  }
  return oneLine(`${method} with ${paramsText(rawParams)}${total ? ` (${total} in total)` : ''}`);
}

function paramsText(rawParams: unknown): string {
  try {
    return redactKeyMaterial(toJson(rawParams) ?? 'no params');
  } catch {
    return '(params that cannot be shown)';
  }
}
