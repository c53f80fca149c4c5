import type { Client, Transaction } from '@hiero-ledger/sdk';
import { isSdkTransaction } from '../values/sdk-values.js';
import { runStandalone, strategyForMode } from './late-bindings.js';
import { scheduledTransactionOf } from './scheduled-transaction.js';
import { AgentHooksError, ErrorCode, describeValue, nothingSent } from '../errors/index.js';
import type { CallOptions } from './call-options.js';
import type { Context } from './context.js';
import { defaultErrorResult, markDefaultHandleError } from './default-error-result.js';
import type { DrivableTool, ParamSchema } from './drivable-tool.js';
import { outcomeMessage } from './human-messages.js';
import { TOOL_TYPE, type OutputParser, type ToolType } from './tool-intent.js';
import { isResultEnvelope, passedThrough } from './result-shape.js';
import type { RawToolResult, ToolResult } from './tool-result.js';
import type { Movement, MovementCall } from '../values/movement.js';

/**
 * A tool an agent can call. Subclasses supply the steps; the kit's runner drives them through the
 * seven-stage lifecycle and publishes the hook stages between them.
 *
 * @example
 * class EchoTool extends BaseTool<{ text: string }, { text: string }, string> {
 *   method = 'echo_tool';
 *   name = 'Echo';
 *   description = 'Returns the text it is given.';
 *   parameters = z.object({ text: z.string() }).strict();
 *   normalizeParams(params: { text: string }) { return params; }
 *   coreAction(params: { text: string }) { return params.text; }
 * }
 */
export abstract class BaseTool<TRaw = any, TNormalised = any, TCore = any> implements DrivableTool {
  /** The name agents call the tool by, e.g. `transfer_hbar_tool`. */
  abstract readonly method: string;
  abstract readonly name: string;
  /** What the tool does, written for an LLM deciding whether to call it. */
  abstract readonly description: string;
  /**
   * Input schema; parsed before `normalizeParams`, so that step only sees valid input. A zod 4 or a
   * zod 3 schema (the Hedera Agent Kit writes its tools with zod 3): typed by the `safeParse` both have.
   */
  abstract readonly parameters: ParamSchema<TRaw>;
  /** What the tool does to the ledger; BaseQueryTool and BaseTransactionTool set it. */
  readonly toolType: ToolType = TOOL_TYPE.OTHER;
  /** Parses the JSON text an LLM was given back into the result; adapters expose it. */
  outputParser?: OutputParser;
  /**
   * What a call moves (asset, from, to, amount in smallest units), read from the normalised params.
   * Implement it in a tool that moves value, so the value policies can judge its calls; the core
   * tools' views are built in (see `movementsOf`).
   *
   * @example
   * movements(params: PayInvoiceNormalised) {
   *   return params.payees.map((payee) => ({ asset: 'HBAR', from: params.payer.toString(), to: payee.accountId.toString(),
   *     amount: BigInt(payee.amount.toTinybars().toString()), display: payee.amount.toString() }));
   * }
   */
  movements?(normalisedParams: TNormalised, call: MovementCall): readonly Movement[];
  /** `true` on a transaction tool that moves no value (beyond its fee): value policies then cover it without a view. */
  declare readonly movesNoValue?: true;
  /**
   * `true` on a tool that takes the Hedera Agent Kit's `schedulingParams` (see `scheduled` in the
   * core plugins): a call that asks for it goes out inside a ScheduleCreate.
   *
   * @example
   * override readonly schedulable = true;
   */
  declare readonly schedulable?: boolean;

  /**
   * Runs the tool outside a kit, as the Hedera Agent Kit calls its tools: the hooks and policies in
   * `context.hooks` apply, through the same lifecycle as in a kit. Inside a kit, use `kit.execute`.
   *
   * @example
   * const result = await new TransferHbarTool().execute(client, { hooks: [new MaxRecipientsPolicy(2)] }, { transfers });
   *
   * `options` are the call's own, as `kit.execute` takes them (`idempotencyKey`, `toolCallId`, and a
   * `context` laid over the one given, kit-owned keys refused).
   */
  execute(client: Client, context: Context, params: TRaw, options?: CallOptions): Promise<ToolResult> {
    return runStandalone(this, client, context ?? {}, params, options);
  }

  /** Turns validated input into the types the core action needs (SDK ids, Hbar, scaled amounts). */
  abstract normalizeParams(params: TRaw, context: Context, client: Client): TNormalised | Promise<TNormalised>;

  /** Builds the transaction, or performs the query. */
  abstract coreAction(params: TNormalised, context: Context, client: Client): TCore | Promise<TCore>;

  /** Whether the core action's result still has to go out through the mode's strategy. */
  shouldSecondaryAction(coreActionResult: TCore, _context: Context): boolean | Promise<boolean> {
    return isSdkTransaction(coreActionResult);
  }

  /**
   * Signs and submits, or returns bytes, as `context.mode` says. Returns a ToolResult; typed `any`
   * as in the Hedera Agent Kit, so an override that returns its `handleTransaction(…)` (typed
   * `unknown` there) compiles unchanged. Whatever an override returns passes through as the
   * kit's result rules say (see `asToolResult`).
   */
  async secondaryAction(coreActionResult: TCore, client: Client, context: Context, params: TNormalised): Promise<any> {
    if (!isSdkTransaction(coreActionResult)) {
      throw nothingSent(
        new AgentHooksError(
          ErrorCode.TOOL_RESULT,
          `${this.method}: shouldSecondaryAction asked for the result to be submitted, but the core action returned ${describeValue(coreActionResult)}, not a transaction; nothing was sent.`,
        ),
      );
    }
    const raw = await strategyForMode(context).finish(coreActionResult as unknown as Transaction, client, context);
    // Wrapped by schedulingParams (src/lifecycle/scheduled-transaction.ts): what went out is the schedule.
    if (scheduledTransactionOf(coreActionResult)) raw.scheduled = true;
    return { raw, humanMessage: this.describeResult(raw, params) };
  }

  /**
   * The result of a call that needed no secondary action (queries, computations). A core action
   * that returned `{ raw, humanMessage }` (the Hedera Agent Kit's way) gets it back as it is, with
   * `raw.status` defaulting to `'SUCCESS'`; any other value becomes the data of a SUCCESS.
   */
  formatResult(coreActionResult: TCore, _params: TNormalised): ToolResult {
    if (isResultEnvelope(coreActionResult)) return passedThrough(this.name, coreActionResult);
    const raw: RawToolResult = { status: 'SUCCESS', data: coreActionResult };
    return { raw, humanMessage: this.describeResult(raw, _params) };
  }

  /**
   * The tool's account of a failure, as the Hedera Agent Kit's default words it: `raw.status
   * 'ERROR'` and `Failed to execute <name>: <message>`; an SDK status error adds its status name as
   * `errorCode` and its transaction ID. Inside a kit the runner reports failures itself (stage,
   * code, whether anything was sent) and calls this only when a tool overrides it.
   *
   * @example
   * async handleError(error: unknown, context: Context) {
   *   const result = await super.handleError(error, context);
   *   return { ...result, humanMessage: `${result.humanMessage} Is the token associated?` };
   * }
   */
  // Declared as either, so an override may answer synchronously; the default answers with a promise, as the kit's does.
  handleError(error: unknown, _context: Context): ToolResult | Promise<ToolResult> {
    return Promise.resolve(defaultErrorResult(this.name, error));
  }

  /** The sentence an LLM reads about a finished call. Tools override it to be specific. */
  describeResult(raw: RawToolResult, _params: TNormalised): string {
    return outcomeMessage(this.name, raw);
  }
}

markDefaultHandleError(BaseTool.prototype.handleError);

/** A tool that only reads the ledger. */
export abstract class BaseQueryTool<TRaw = any, TNormalised = any, TCore = any> extends BaseTool<TRaw, TNormalised, TCore> {
  override readonly toolType: ToolType = TOOL_TYPE.QUERY;
}

/** A tool that builds a transaction, which the mode then submits or returns as bytes. */
export abstract class BaseTransactionTool<TRaw = any, TNormalised = any, TCore = any> extends BaseTool<TRaw, TNormalised, TCore> {
  override readonly toolType: ToolType = TOOL_TYPE.TRANSACTION;
}
