/**
 * hedera-agent-hooks: guardrails for AI agents acting on Hedera.
 * Every tool call runs through one lifecycle; hooks observe it, policies can veto it.
 */
import 'reflect-metadata';
// Binds the mode strategies and the standalone runner into the lifecycle (see lifecycle/late-bindings.ts).
import './kit/bind-lifecycle.js';

export { BaseTool, BaseQueryTool, BaseTransactionTool } from './lifecycle/base-tool.js';
export type { DrivableTool, ParamSchema } from './lifecycle/drivable-tool.js';
export { TOOL_TYPE, isToolType } from './lifecycle/tool-intent.js';
export type { OutputParser, ToolType } from './lifecycle/tool-intent.js';
export type { Context } from './lifecycle/context.js';
export type { CallOptions, Principal } from './lifecycle/call-options.js';
export { principalOf } from './lifecycle/call-options.js';
export { KIT_OWNED_CONTEXT_KEYS } from './kit/call-options.js';
export { AgentHooksError, ErrorCode, InvalidParamsError, UnknownToolError, isAgentHooksError, isInvalidParamsError } from './errors/index.js';
export { PolicyBlockedError, isPolicyBlockedError } from './lifecycle/policy-blocked-error.js';
export type { Logger } from './lifecycle/logger.js';
export type {
  PreToolExecutionParams,
  PostParamsNormalizationParams,
  PostCoreActionParams,
  PostSecondaryActionParams,
  ToolErrorParams,
  StageEvent,
  StageEventMap,
  StageListeners,
} from './lifecycle/stage-events.js';
export type { PolicyVerdict, StageListener } from './lifecycle/stage-listener.js';
export type { CallOutcome } from './lifecycle/call-outcome.js';
export { HOOK_STAGES, LIFECYCLE_STAGES, LIFECYCLE_STEPS, ALL_TOOLS } from './lifecycle/stages.js';
export type { HookStage, LifecycleStage, LifecycleStep } from './lifecycle/stages.js';
export { toJson } from './lifecycle/to-json.js';
export { KeyRedactor, type SecretKey } from './secrets/key-redactor.js';
export { REDACTED, containsPrivateKey } from './values/private-key-patterns.js';
export type { BlockedBy, RawToolResult, ToolResult } from './lifecycle/tool-result.js';
export type { WouldBlock } from './lifecycle/would-blocks.js';
export type { ToolParamRegistry, TypedToolName } from './lifecycle/tool-types.js';

export { AbstractHook, isAbstractHook } from './listeners/abstract-hook.js';
export { AbstractPolicy, isAbstractPolicy } from './listeners/abstract-policy.js';
export { reportOnly } from './listeners/report-mode.js';
export { movementsOf } from './policies/movements.js';
export { NEW_ACCOUNT, CURRENT_TREASURY } from './policies/account-ids.js';
export type { Movement, MovementCall, MovementView } from './values/movement.js';
export {
  isAccountId,
  isEntityId,
  isHbar,
  isLong,
  isPrecheckStatusError,
  isPrivateKey,
  isPublicKey,
  isReceiptStatusError,
  isSdkClient,
  isSdkTransaction,
  isStatus,
  isStatusError,
  statusNameOf,
} from './values/sdk-values.js';

export { Hook, Policy } from './di/decorators.js';
export type { PolicyOptions } from './di/decorators.js';
export { AUDIT_CLIENT, HEDERA_CLIENT, KIT_CONTEXT } from './di/tokens.js';

export { AgentMode } from './values/agent-mode.js';
export type { TransactionStrategy } from './lifecycle/context.js';
export { ExecuteStrategy } from './modes/execute-strategy.js';
export { ReturnBytesStrategy } from './modes/return-bytes-strategy.js';
export { scheduledTransactionOf, type NormalisedSchedulingParams } from './lifecycle/scheduled-transaction.js';

export type { Plugin } from './plugins/plugin-contract.js';
export { loadPlugins, validatePlugin, CORE_PLUGINS_DIR } from './plugins/plugin-loader.js';
export type { LoadedPlugin } from './plugins/plugin-loader.js';

export { AgentKit } from './kit/agent-kit.js';
export { createAgentKit } from './kit/create-agent-kit.js';
export { createKitFromEnv, type EnvKit, type EnvKitOptions } from './config/env-kit.js';
export type { AgentKitOptions } from './kit/create-agent-kit.js';
export { ATTR as TELEMETRY_ATTRIBUTES, METRIC as TELEMETRY_METRICS, type TelemetryOptions } from './telemetry/index.js';
export { serveMetrics, type MetricsEndpoint, type MetricsEndpointOptions } from './adapters/metrics/index.js';
export { agentKitFromConfiguration, type KitConfiguration, type KitFromConfigurationOptions } from './kit/kit-from-configuration.js';
export { HederaAgentAPI } from './kit/hedera-agent-api.js';
export { TOOL_STATUS, classifyToolResult, handleTransaction, isCustomMode, isReturnBytesMode, type ClassifiedToolResult } from './compat/kit-helpers.js';
export type { ToolSummary } from './kit/hedera-agent-api.js';
export type { ToolDescription } from './kit/tool-registry.js';
export type { KitAware, KitScope } from './di/kit-scope.js';
export { signerClient, type SignerClientOptions } from './signer/client/signer-client.js';
export { startSigner, type StartSignerOptions } from './signer/server/start-signer.js';
export { keyFromEnv, keyFromFile, type KeyTextType } from './signer/keys/text-key.js';
export { keyFromPkcs11, type Pkcs11KeyOptions } from './signer/keys/pkcs11-key.js';
export type { SigningKey, SigningKeyType } from './signer/keys/signing-key.js';
