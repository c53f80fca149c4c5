/**
 * How a transaction tool finishes: submit it, or hand back bytes for someone else to sign.
 * The values match the existing agent kit's, so configurations carry over.
 */
export enum AgentMode {
  /** Sign with the operator, submit, wait for the receipt. */
  AUTONOMOUS = 'autonomous',
  /** Freeze with `context.accountId` as payer and return the bytes; nothing is submitted. */
  RETURN_BYTES = 'returnBytes',
  /** Hand the transaction to `context.strategy`, which executes it. */
  CUSTOM_EXECUTE_TX = 'customExecuteTx',
  /** Hand the transaction to `context.strategy`, which returns bytes. */
  CUSTOM_RETURN_BYTES = 'customReturnBytes',
}

const modes: ReadonlySet<string> = new Set(Object.values(AgentMode));

export function isAgentMode(value: unknown): value is AgentMode {
  return typeof value === 'string' && modes.has(value);
}

/** True for the modes in which nothing reaches the network from this process. */
export function returnsBytes(mode: AgentMode | undefined): boolean {
  return mode === AgentMode.RETURN_BYTES || mode === AgentMode.CUSTOM_RETURN_BYTES;
}
