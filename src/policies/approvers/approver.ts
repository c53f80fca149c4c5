import type { Movement } from '../../values/movement.js';

/**
 * What an approver is asked: one call that ApprovalPolicy holds until someone says yes. The
 * summary and `why` are single lines, with control and formatting characters escaped, so they can
 * be shown to a person as they are.
 */
export interface ApprovalRequest {
  /** The policy asking (its `name`), e.g. `'Approval Policy'`. */
  readonly policy: string;
  /** The tool method, e.g. `'transfer_hbar_tool'`. */
  readonly tool: string;
  /** One line for a person: the tool and what it moves, or its params when it moves nothing readable. */
  readonly summary: string;
  /** Why this call needs approval: the condition that held, with its numbers. */
  readonly why: string;
  /** What the call moves: `[]` when nothing, `undefined` when the policy could not read it. */
  readonly movements: readonly Movement[] | undefined;
  /** The HBAR it moves in total, in tinybars; `undefined` when that could not be read. */
  readonly hbarTinybars: bigint | undefined;
  /** The params the agent sent (validated, plain data). */
  readonly params: unknown;
  /** The tool's normalised params (SDK types), which are what executes once approved. */
  readonly normalisedParams: unknown;
  /** How long the approver has; after that the call is refused. */
  readonly timeoutMs: number;
  /** The approval request's ID in the policy's store (its record: store.get(id)). */
  readonly id?: string;
  /** At postCoreAction: what exactly will be sent, with the digest of its bytes. */
  readonly preview?: import('../approvals/approval-record.js').TransactionPreview;
}

/**
 * An approver's answer. Only `true` (or `{ approved: true }`) approves; anything else refuses, and
 * `reason` says why in the block reason (e.g. "no terminal to ask").
 */
export type ApprovalAnswer = boolean | { readonly approved: boolean; readonly reason?: string };

/** The callback form of an approver: `true` approves, anything else refuses. */
export type ApprovalCallback = (request: ApprovalRequest) => boolean | Promise<boolean>;

/**
 * Someone ApprovalPolicy can ask. `approve` may take as long as the request's `timeoutMs`; when that
 * passes, `signal` aborts and the call is refused whatever the approver answers later, so an
 * approver should stop asking then (withdraw the prompt, cancel the request).
 *
 * @example
 * const slack: Approver = {
 *   name: 'the on-call engineer',
 *   approve: (request, signal) => askOnSlack(request.summary, { signal }),
 * };
 */
export interface Approver {
  /** Who is asked, as block reasons name them: `'the person at the terminal'`. */
  readonly name: string;
  approve(request: ApprovalRequest, signal: AbortSignal): ApprovalAnswer | Promise<ApprovalAnswer>;
}

/** The approvers a configuration file can name. */
export const APPROVER_NAMES = ['terminal', 'mcp'] as const;
export type ApproverName = (typeof APPROVER_NAMES)[number];

/** Reads an answer by the rule above: fail closed, so `'yes'` or `1` do not approve. */
export function readAnswer(answer: unknown): { approved: boolean; reason?: string } {
  if (answer === true) return { approved: true };
  if (answer !== null && typeof answer === 'object' && 'approved' in answer) {
    const { approved, reason } = answer as { approved?: unknown; reason?: unknown };
    if (approved === true) return { approved: true };
    return typeof reason === 'string' && reason.trim() ? { approved: false, reason: oneLine(reason, 300) } : { approved: false };
  }
  return { approved: false };
}

/**
 * Text for one line shown to a person: control, formatting and bidirectional characters (which can
 * move the cursor or reorder what a terminal shows) are escaped, whitespace runs become one space,
 * and the text is cut at `max` characters. What an agent sent must not be able to rewrite a prompt.
 */
export function oneLine(text: string, max = 400): string {
  const clean = escapeInvisible(text.replace(/[\t\n\r\v\f]+/g, ' '))
    .replace(/ {2,}/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** Control, format and bidi characters as visible `\uXXXX` escapes, the rest as it is: text shown in a terminal stays text. */
export function escapeInvisible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}
