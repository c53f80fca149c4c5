import { messageOf, invalidArgument, PolicyBlockedError } from '../lifecycle/errors.js';
import { redactKeyMaterial } from '../lifecycle/secret-text.js';
import type { PostParamsNormalizationParams } from '../lifecycle/stage-events.js';
import { toJson } from '../lifecycle/to-json.js';
import { refuseUnknownKeys } from '../lifecycle/unknown-keys.js';
import { AbstractPolicy } from '../listeners/abstract-policy.js';
import { compileCondition, type ApprovalCondition, type ApprovalThreshold, type CompiledCondition } from './approval-condition.js';
import { formatHbar, movedValueOf, type MovedValue } from './approval-moves.js';
import { APPROVER_NAMES, oneLine, readAnswer, type ApprovalCallback, type ApprovalRequest, type Approver, type ApproverName } from './approvers/approver.js';
import { callbackApprover } from './approvers/callback-approver.js';
import { mcpElicitationApprover } from './approvers/mcp-elicitation-approver.js';
import { terminalApprover } from './approvers/terminal-approver.js';

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
/** Every option, checked against the interface at compile time so a new one cannot be left out. */
const OPTION_KEYS = Object.keys({ when: true, approver: true, timeoutMs: true } satisfies Record<keyof ApprovalPolicyOptions, true>);
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

  constructor(options: ApprovalPolicyOptions) {
    super();
    const owner = 'ApprovalPolicy';
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw invalidArgument(`${owner}: expected options { when, approver, timeoutMs? }, got ${options === null ? 'null' : typeof options}.`);
    }
    refuseUnknownKeys(owner, options, OPTION_KEYS);
    this.condition = compileCondition(options.when, owner);
    this.approver = approverFrom(options.approver, owner);
    this.approvalTimeoutMs = checkedApprovalTimeout(options.timeoutMs, owner);
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

function approverFrom(approver: unknown, owner: string): Approver {
  if (approver === 'terminal') return terminalApprover();
  if (approver === 'mcp') return mcpElicitationApprover();
  if (typeof approver === 'function') return callbackApprover(approver as ApprovalCallback);
  if (approver !== null && typeof approver === 'object' && typeof (approver as Approver).approve === 'function') {
    const { name } = approver as Approver;
    if (typeof name !== 'string' || !name.trim()) throw invalidArgument(`${owner}: an approver object needs a 'name' saying who is asked, e.g. 'the on-call engineer'.`);
    return approver as Approver;
  }
  const names = APPROVER_NAMES.map((name) => `"${name}"`).join(' or ');
  throw invalidArgument(`${owner}: 'approver' must be ${names}, a function (request) => boolean, or an object { name, approve(request, signal) }; got ${typeof approver === 'string' ? JSON.stringify(approver) : approver === null ? 'null' : typeof approver}.`);
}

function checkedApprovalTimeout(timeoutMs: unknown, owner: string): number {
  if (timeoutMs === undefined) return DEFAULT_APPROVAL_TIMEOUT_MS;
  const max = MAX_TIMER_MS - BUDGET_MARGIN_MS;
  if (typeof timeoutMs !== 'number' || !Number.isSafeInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > max) {
    throw invalidArgument(`${owner}: 'timeoutMs' must be a whole number of milliseconds from 1 to ${max}, got ${String(timeoutMs)}.`);
  }
  return timeoutMs;
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
