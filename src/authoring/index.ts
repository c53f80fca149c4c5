/**
 * `hedera-agent-hooks/tools`: what a tool author needs beyond the main entry, and exactly what the core
 * plugins (plugins/) are written with, so a third-party tool can do everything a core tool does:
 * the tool base classes and result types, parameter schemas and normalisers that raise field-naming
 * InvalidParamsError issues, strict input, the mirror node client (timeouts and retries included),
 * the `schedulingParams` step, what a call moves, and the sentences a core tool says to an LLM.
 * test/unit/plugins/public-imports.spec.ts keeps plugins/ to this entry and the package's other entries.
 *
 * @example
 * import { BaseTransactionTool, strictInput, accountIdSchema, outcomeText } from 'hedera-agent-hooks/tools';
 */

// Tools, what they receive and what they return.
export { BaseTool, BaseQueryTool, BaseTransactionTool } from '../lifecycle/base-tool.js';
export type { Context } from '../lifecycle/context.js';
export type { BlockedBy, RawToolResult, ToolResult } from '../lifecycle/tool-result.js';
export type { ToolParamRegistry, TypedToolName } from '../lifecycle/tool-types.js';
export { AgentHooksError, ErrorCode, InvalidParamsError, messageOf } from '../errors/index.js';
export type { Plugin } from '../plugins/plugin-contract.js';
/** The shape of the core plugins' manifest (plugins/_core-manifest.ts), which the kit reads at start. */
export type { CoreManifest, ManifestPlugin, ManifestTool } from '../plugins/core-manifest.js';

// Parameters: schemas an LLM can follow, strict input, and normalisers into SDK types.
export * from '../params/index.js';
export { scaledDigits, type DecimalParts } from '../params/decimal-amount.js';
export { isEd25519Point } from './ed25519-point.js';
export { actingPublicKey, parsePublicKey } from './acting-key.js';

// The mirror node, through the one client with timeouts and retries.
export * from '../mirror/index.js';

// Scheduling: the `schedulingParams` input a tool opts into, and what the kit wraps it in.
export { schedulingParamsSchema, scheduling, scheduled, type MaybeScheduled, type SchedulingParamsInput } from './scheduling-params.js';
export { scheduledTransactionOf, type NormalisedSchedulingParams } from '../lifecycle/scheduled-transaction.js';
export { AgentMode, returnsBytes } from '../values/agent-mode.js';

// What a call moves, for the value policies.
export { movementsOf, payerOf } from '../policies/movements.js';
export type { Movement, MovementCall, MovementView } from '../values/movement.js';

// What a core transaction tool says to an LLM about its outcome.
export { outcomeText, hbarText, type OutcomeWords } from './outcome-text.js';
