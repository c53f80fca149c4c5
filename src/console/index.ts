/** The operator console: a small web server showing the agents' calls live, the audit trail, pending approvals and the kill switch. */
export { startConsole, type RunningConsole } from './start-console.js';
export { DEFAULT_CONSOLE_PORT, consoleOptionsSchema, type ConsoleOptions } from './console-options.js';
export { isConsoleOversight } from './console-oversight.js';
export type { BudgetLeft, ConsoleDecision, ConsoleOversight, DecisionOutcome, DetachedSignatures, OversightState, PendingApproval, ScheduledApprovalView, ScheduleSignatureOutcome, TransactionPreview } from './console-oversight.js';
export type { PreparedScheduleSign } from '../policies/approvals/detached-schedule-signing.js';
export { MemoryOversight, type MemoryOversightOptions, type NewApproval } from './memory-oversight.js';
export { kitOversight, type OverseenKit } from './kit-oversight.js';
export { CONSOLE_NETWORKS, explorerLinks, type ConsoleNetwork, type ExplorerLinks } from './explorer-links.js';
export type { CallView } from './call-view.js';
