import type { Client, Transaction } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import type { DrivableTool, ParamSchema } from '../lifecycle/drivable-tool.js';
import { AgentHooksError, ErrorCode, describeValue, messageOf } from '../errors/index.js';
import { isToolType, TOOL_TYPE, type OutputParser, type ToolType } from '../lifecycle/tool-intent.js';
import { asToolResult } from '../lifecycle/result-shape.js';
import type { RawToolResult, ToolResult } from '../lifecycle/tool-result.js';
import { AgentMode, returnsBytes } from '../values/agent-mode.js';
import { strategyForMode } from '../modes/strategy-for-mode.js';
import { kitOutcomeMessage } from './kit-outcome-message.js';
import { kitToolContext } from './kit-tool-context.js';
import { CORE_TOOLS_MOVING_NO_VALUE } from '../policies/movements.js';
import type { Movement, MovementCall } from '../values/movement.js';

type Fn = (...args: any[]) => any;

/** What every tool written for the Hedera Agent Kit has. */
interface KitToolFields {
  method: string;
  name: string;
  description: string;
  parameters: ParamSchema;
  toolType?: unknown;
  outputParser?: OutputParser;
  movements?: unknown;
  movesNoValue?: unknown;
}

/** A tool built on the Hedera Agent Kit's BaseTool: the same steps as ours, its own result shapes. */
interface KitStagedToolShape extends KitToolFields {
  normalizeParams: Fn;
  coreAction: Fn;
  shouldSecondaryAction?: Fn;
  secondaryAction?: Fn;
  handleError?: Fn;
}

/** The Hedera Agent Kit's plain Tool: one execute(client, context, params), no stages of its own. */
interface KitPlainToolShape extends KitToolFields {
  execute: Fn;
}

export function isKitStagedTool(tool: object): tool is KitStagedToolShape {
  const candidate = tool as Record<string, unknown>;
  return typeof candidate.normalizeParams === 'function' && typeof candidate.coreAction === 'function';
}

export function isKitPlainTool(tool: object): tool is KitPlainToolShape {
  return typeof (tool as Record<string, unknown>).execute === 'function';
}

/** Fields shared by both adapters. */
abstract class KitToolAdapter implements DrivableTool {
  readonly method: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: ParamSchema;
  readonly toolType: ToolType;
  readonly outputParser?: OutputParser;
  readonly movesNoValue?: true;
  readonly movements?: (normalisedParams: unknown, call: MovementCall) => readonly Movement[];

  protected constructor(tool: KitToolFields) {
    this.method = tool.method;
    this.name = tool.name;
    this.description = tool.description;
    this.parameters = tool.parameters;
    this.toolType = isToolType(tool.toolType) ? tool.toolType : TOOL_TYPE.OTHER;
    if (typeof tool.outputParser === 'function') this.outputParser = tool.outputParser.bind(tool);
    // A view the tool declares joins it to the value policies; the Hedera Agent Kit's own tools that
    // move no value are known by name, as their value-moving tools' views are (src/policies/movements.ts).
    const view = tool.movements;
    if (typeof view === 'function') this.movements = (normalisedParams, call) => view.call(tool, normalisedParams, call) as readonly Movement[];
    if (tool.movesNoValue === true || CORE_TOOLS_MOVING_NO_VALUE.includes(tool.method)) this.movesNoValue = true;
  }

  abstract normalizeParams(params: unknown, context: Context, client: Client): unknown;
  abstract coreAction(params: unknown, context: Context, client: Client): unknown;
  abstract shouldSecondaryAction(coreActionResult: unknown, context: Context): unknown;
  abstract secondaryAction(coreActionResult: unknown, client: Client, context: Context, params: unknown): Promise<ToolResult>;

  formatResult(coreActionResult: unknown): ToolResult {
    return asToolResult(this.name, coreActionResult);
  }
}

/**
 * A Hedera Agent Kit BaseTool run through this kit's lifecycle: each of its steps becomes the
 * matching stage, so every hook and policy applies in between. Its secondaryAction still runs (it
 * words the result), but the transaction goes out through this kit's strategy for the mode: the
 * tool is handed a custom-mode context whose transactionStrategy is this kit's, so what executes is
 * the transaction the postCoreAction policies approved, with this kit's outcome rules.
 */
export class KitStagedTool extends KitToolAdapter {
  readonly handleError?: (error: unknown, context: Context) => unknown;

  constructor(private readonly tool: KitStagedToolShape) {
    super(tool);
    if (typeof tool.handleError === 'function') this.handleError = (error, context) => tool.handleError!(error, kitToolContext(context));
  }

  normalizeParams(params: unknown, context: Context, client: Client): unknown {
    return this.tool.normalizeParams(params, kitToolContext(context, client), client);
  }

  coreAction(params: unknown, context: Context, client: Client): unknown {
    return this.tool.coreAction(params, kitToolContext(context, client), client);
  }

  /** As in the Hedera Agent Kit, a tool that does not say otherwise goes on to its secondary action. */
  shouldSecondaryAction(coreActionResult: unknown, context: Context): unknown {
    return typeof this.tool.shouldSecondaryAction === 'function' ? this.tool.shouldSecondaryAction(coreActionResult, kitToolContext(context)) : true;
  }

  async secondaryAction(coreActionResult: unknown, client: Client, context: Context): Promise<ToolResult> {
    if (typeof this.tool.secondaryAction !== 'function') {
      throw new AgentHooksError(ErrorCode.TOOL_RESULT, `${this.method}: shouldSecondaryAction asked for a secondary action, but the tool has no secondaryAction method; nothing was sent.`);
    }
    let settled: ToolResult | undefined;
    const name = this.name;
    const transactionStrategy = {
      async handle(transaction: Transaction, _client: Client, _context: Context, postProcess?: (response: unknown) => string): Promise<ToolResult> {
        // Only the transaction the postCoreAction policies approved may go out through this door.
        if (transaction !== coreActionResult) {
          throw new AgentHooksError(ErrorCode.APPROVAL_CHANGED, `${name}: its secondaryAction handed over a different transaction than the one the policies approved; nothing was sent.`);
        }
        const raw = await strategyForMode(context).finish(transaction, client, context);
        settled = { raw, humanMessage: kitOutcomeMessage(name, raw, postProcess) };
        return settled;
      },
    };
    const toolContext: Context = {
      ...kitToolContext(context, client),
      mode: returnsBytes(context.mode) ? AgentMode.CUSTOM_RETURN_BYTES : AgentMode.CUSTOM_EXECUTE_TX,
      transactionStrategy,
    };
    try {
      const result = await this.tool.secondaryAction(coreActionResult, client, toolContext);
      if (settled && result && typeof result === 'object' && (result as { raw?: unknown }).raw === undefined) {
        return { ...settled, raw: { ...settled.raw, data: result } };
      }
      return asToolResult(this.name, result);
    } catch (error) {
      // Never report failure for an executed transaction: what went out is the result.
      if (settled?.raw.submitted === true) {
        (settled.raw.warnings ??= []).push(`${this.method} failed after its transaction was submitted: ${messageOf(error)}`);
        return settled;
      }
      throw error;
    }
  }
}

/** A plain Tool object: it runs as one step, between preToolExecution and postToolExecution. */
export class KitPlainTool extends KitToolAdapter {
  readonly offersInnerStages = false;

  constructor(private readonly tool: KitPlainToolShape) {
    super(tool);
  }

  normalizeParams(params: unknown): unknown {
    return params;
  }

  coreAction(params: unknown, context: Context, client: Client): unknown {
    return this.tool.execute(client, kitToolContext(context, client), params);
  }

  shouldSecondaryAction(): boolean {
    return false;
  }

  async secondaryAction(coreActionResult: unknown): Promise<ToolResult> {
    throw new AgentHooksError(ErrorCode.TOOL_RESULT, `${this.method} is a plain Tool and has no secondary action; it returned ${describeValue(coreActionResult)}.`);
  }
}

/**
 * The tool as the runner drives it: this project's tools as they are, the Hedera Agent Kit's
 * BaseTool subclasses and plain Tool objects through their adapters; `undefined` for anything else.
 */
export function asDrivableTool(tool: object): DrivableTool | undefined {
  const candidate = tool as Record<string, unknown>;
  const native = ['normalizeParams', 'coreAction', 'shouldSecondaryAction', 'secondaryAction', 'formatResult'].every((step) => typeof candidate[step] === 'function');
  if (native) return tool as DrivableTool;
  if (isKitStagedTool(tool)) return new KitStagedTool(tool);
  if (isKitPlainTool(tool)) return new KitPlainTool(tool);
  return undefined;
}
