/**
 * Every code this package raises on purpose, what it means, and what it makes `agent-hooks` exit
 * with: one table, read by the errors, the CLI and the docs (docs/errors.md is checked against it).
 * A script tells a policy decision (do not retry) from a failure (maybe retry) from a mistake in the
 * command, configuration or input (fix it) by the exit code alone.
 */
export const ExitCode = {
  OK: 0,
  /** The network, the ledger or a tool failed. */
  FAILED: 1,
  /** Bad command line, invalid JSON, unknown tool, invalid parameters, invalid configuration. */
  USAGE: 2,
  /** A policy refused the call. */
  BLOCKED: 3,
  /** `audit verify` found the trail incomplete or inconsistent; `policy replay --fail-on-change` found a verdict that differs from the trail's. */
  AUDIT_MISMATCH: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** One row of the table. */
export interface ErrorRow {
  code: `E_${string}`;
  exitCode: ExitCode;
  meaning: string;
}

const { FAILED, USAGE, BLOCKED, AUDIT_MISMATCH } = ExitCode;

export const ERROR_TABLE = {
  INVALID_ARGUMENT: { code: 'E_INVALID_ARGUMENT', exitCode: USAGE, meaning: 'An option or argument was refused; the message names it, what was given and what is accepted.' },
  INVALID_PARAMS: { code: 'E_INVALID_PARAMS', exitCode: USAGE, meaning: "A tool call's parameters failed its schema; `issues` name each field." },
  UNKNOWN_TOOL: { code: 'E_UNKNOWN_TOOL', exitCode: USAGE, meaning: 'No loaded tool has that name; the message lists the closest ones.' },
  POLICY_BLOCKED: { code: 'E_POLICY_BLOCKED', exitCode: BLOCKED, meaning: 'A policy refused the call; `blockedBy` names the policy, the stage and the reason.' },
  INVALID_LISTENER: { code: 'E_INVALID_LISTENER', exitCode: USAGE, meaning: 'Something registered as a hook or policy is not one.' },
  PLUGIN_LOAD: { code: 'E_PLUGIN_LOAD', exitCode: USAGE, meaning: 'A plugin failed to load; start-up stops and names it.' },
  PLUGIN_INVALID: { code: 'E_PLUGIN_INVALID', exitCode: USAGE, meaning: 'A plugin or one of its tools does not have the shape a plugin needs.' },
  DUPLICATE_TOOL: { code: 'E_DUPLICATE_TOOL', exitCode: USAGE, meaning: 'Two tools share a name.' },
  INJECTION: { code: 'E_INJECTION', exitCode: FAILED, meaning: "The input screen refused the call's input (key material, a prototype-polluting key, input too large or too deep)." },
  MODE: { code: 'E_MODE', exitCode: USAGE, meaning: 'The agent mode is unknown or cannot run this call.' },
  KIT_CLOSED: { code: 'E_KIT_CLOSED', exitCode: FAILED, meaning: 'The kit was closed; it takes no more calls.' },
  TOOL_FAILED: { code: 'E_TOOL_FAILED', exitCode: FAILED, meaning: 'A tool step threw something that is not one of ours and carries no Hedera status.' },
  TOOL_RESULT: { code: 'E_TOOL_RESULT', exitCode: FAILED, meaning: "A tool's core action returned something the kit can neither submit nor report as a final result." },
  MIRROR_NOT_FOUND: { code: 'E_MIRROR_NOT_FOUND', exitCode: FAILED, meaning: 'The mirror node does not know the entity asked for.' },
  MIRROR_UNAVAILABLE: { code: 'E_MIRROR_UNAVAILABLE', exitCode: FAILED, meaning: 'The mirror node could not be reached, or did not answer in time.' },
  MIRROR_BAD_RESPONSE: { code: 'E_MIRROR_BAD_RESPONSE', exitCode: FAILED, meaning: 'The mirror node answered with something this package cannot read.' },
  MIRROR_NOT_CONFIGURED: { code: 'E_MIRROR_NOT_CONFIGURED', exitCode: FAILED, meaning: 'A tool needs the mirror node and none is configured for this network.' },
  EXCHANGE_RATE_UNAVAILABLE: { code: 'E_EXCHANGE_RATE_UNAVAILABLE', exitCode: FAILED, meaning: 'No exchange rate known to be in force could be read (mirror unreachable, or only expired rates): a dollar rule fails closed.' },
  CONFIG: { code: 'E_CONFIG', exitCode: USAGE, meaning: 'The configuration is invalid or incomplete; `problems` name every field.' },
  APPROVAL_CHANGED: { code: 'E_APPROVAL_CHANGED', exitCode: FAILED, meaning: 'Values or a transaction changed after policies approved them; nothing was sent.' },
  APPROVAL_NOT_EXECUTABLE: { code: 'E_APPROVAL_NOT_EXECUTABLE', exitCode: FAILED, meaning: 'An approval request cannot be executed: unknown, not (yet) approved, denied, expired, abandoned, or executed already; nothing was sent.' },
  MISSING_PEER: { code: 'E_MISSING_PEER', exitCode: USAGE, meaning: 'A feature needs an optional peer dependency that is not installed; the message names it.' },
  STORE_UNAVAILABLE: { code: 'E_STORE_UNAVAILABLE', exitCode: FAILED, meaning: "A stateful policy's store (Redis, a SQLite file) cannot be reached or answered with an error; the policy blocks." },
  NODE_UNREACHABLE: { code: 'E_NODE_UNREACHABLE', exitCode: FAILED, meaning: 'No consensus node accepted a connection before anything was sent: nothing was submitted, a retry is safe.' },
  SIGNER_REFUSED: { code: 'E_SIGNER_REFUSED', exitCode: BLOCKED, meaning: "The policy signer refused to sign the transaction: nothing was sent; `blockedBy.reason` is the signer's reason." },
  SIGNER_UNAVAILABLE: { code: 'E_SIGNER_UNAVAILABLE', exitCode: FAILED, meaning: 'The policy signer could not be reached or gave no usable answer, so nothing was signed or sent; a retry is safe.' },
  USAGE: { code: 'E_USAGE', exitCode: USAGE, meaning: 'The command line is wrong: an unknown command or option, or a missing argument.' },
  AUDIT_UNRECORDED: { code: 'E_AUDIT_UNRECORDED', exitCode: FAILED, meaning: 'An oversight event (a pause, an unpause, an approval) could not be journaled by an audit hook; the message names the hook and says whether the event took effect.' },
  AUDIT_MISMATCH: { code: 'E_AUDIT_MISMATCH', exitCode: AUDIT_MISMATCH, meaning: '`audit verify` found the trail wrong: the topic and the journal disagree, an entry fails its checks, or (`--account`) a transaction of the account has no signer decision; `problems` list each.' },
  REPLAY_CHANGED: { code: 'E_REPLAY_CHANGED', exitCode: AUDIT_MISMATCH, meaning: '`policy replay --fail-on-change` found calls the configuration would decide otherwise than the trail recorded; the report lists them.' },
  DEMO_FAILED: { code: 'E_DEMO_FAILED', exitCode: FAILED, meaning: '`demo` ended with an outcome other than scripted, or an unverified audit trail.' },
  FAILED: { code: 'E_FAILED', exitCode: FAILED, meaning: 'Anything else that failed; the message says what.' },
} as const satisfies Record<string, ErrorRow>;

type Table = typeof ERROR_TABLE;

/** The codes by name: `ErrorCode.INVALID_ARGUMENT` is `'E_INVALID_ARGUMENT'`. */
export const ErrorCode = Object.freeze(
  Object.fromEntries(Object.entries(ERROR_TABLE).map(([name, row]) => [name, row.code])) as { readonly [K in keyof Table]: Table[K]['code'] },
);
export type ErrorCode = Table[keyof Table]['code'];

const EXIT_BY_CODE: ReadonlyMap<string, ExitCode> = new Map(Object.values(ERROR_TABLE).map((row) => [row.code, row.exitCode]));

/**
 * The exit code for a failure with this code. Anything not in the table (a Hedera status such as
 * INSUFFICIENT_PAYER_BALANCE, or UNKNOWN when an outcome could not be established) is a failure.
 */
export function exitCodeOf(code: string | undefined): ExitCode {
  return (code !== undefined && EXIT_BY_CODE.get(code)) || FAILED;
}
