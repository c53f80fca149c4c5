/**
 * The attribute and instrument names telemetry writes. The `gen_ai.*` ones are the OpenTelemetry
 * GenAI semantic conventions' names for a tool call; this project's own are under
 * `hedera_agent_hooks.*`, and the ledger's under `hedera.*`.
 */
export const ATTR = Object.freeze({
  operation: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolDescription: 'gen_ai.tool.description',
  toolType: 'gen_ai.tool.type',
  toolArguments: 'gen_ai.tool.call.arguments',
  errorType: 'error.type',
  /** The kit's own ID of the call (every log line and event carries it); gen_ai.tool.call.id is the model's. */
  callId: 'hedera_agent_hooks.call.id',
  outcome: 'hedera_agent_hooks.outcome',
  resultStatus: 'hedera_agent_hooks.result.status',
  blockedPolicy: 'hedera_agent_hooks.blocked_by.policy',
  blockedStage: 'hedera_agent_hooks.blocked_by.stage',
  blockedReason: 'hedera_agent_hooks.blocked_by.reason',
  heldPolicy: 'hedera_agent_hooks.held_by.policy',
  heldStage: 'hedera_agent_hooks.held_by.stage',
  /** The approval request the result names: the one a held call waits on. */
  approvalRequestId: 'hedera_agent_hooks.approval.request_id',
  warnings: 'hedera_agent_hooks.warnings',
  auditEntryId: 'hedera_agent_hooks.audit.entry_id',
  stage: 'hedera_agent_hooks.stage',
  policy: 'hedera_agent_hooks.policy.name',
  policyBlocked: 'hedera_agent_hooks.policy.blocked',
  /** On a policy span: the policy is in report mode, so its block was reported and the call went on. */
  policyReportOnly: 'hedera_agent_hooks.policy.report_only',
  /** Only with `recordPrincipal` (personal data): for whom the call ran, by OpenTelemetry's names, and the tenant by this project's. */
  userId: 'user.id',
  sessionId: 'session.id',
  tenantId: 'hedera_agent_hooks.tenant.id',
  transactionId: 'hedera.transaction.id',
  transactionStatus: 'hedera.transaction.status',
});

export const METRIC = Object.freeze({
  calls: 'hedera_agent_hooks.calls',
  callDuration: 'hedera_agent_hooks.call.duration',
  blocks: 'hedera_agent_hooks.blocks',
  wouldBlocks: 'hedera_agent_hooks.would_blocks',
  policyDuration: 'hedera_agent_hooks.policy.duration',
  approvalsPending: 'hedera_agent_hooks.approvals.pending',
  auditUnsettled: 'hedera_agent_hooks.audit.unsettled',
  auditDeliveryDuration: 'hedera_agent_hooks.audit.delivery.duration',
});

/** The instrumentation scope the tracer and meter are named after. */
export const SCOPE = 'hedera-agent-hooks';
