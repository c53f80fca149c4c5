import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, ToolInputParsingException, type ToolRunnableConfig } from '@langchain/core/tools';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { ToolDescription } from '../../kit/tool-registry.js';
import { callOptions, pickCallContext, principalFieldsOf, type CallContextPicker } from '../shared/call-context.js';
import { toolInputJsonSchema, type JsonSchemaObject } from '../mcp/tool-input-schema.js';
import { resultData, succeeded, type ResultData } from '../shared/result-data.js';

type ToolCallLike = { args: unknown; id?: string; name?: string; type?: string };
/** What LangChain hands a tool beside its input: the caller's config, and in a v1 agent the runtime's `context`. */
type CallConfig = ToolRunnableConfig & { context?: unknown };

type ToolType = NonNullable<ToolDescription['toolType']>;
type OutputParser = NonNullable<ToolDescription['outputParser']>;

const TOOL_TYPES: ReadonlySet<unknown> = new Set<ToolType>(['query', 'transaction', 'other']);

/** What a tool call gives LangChain: the text for the model, and the result for the app. */
export type KitToolOutput = [content: string, artifact: ResultData];

/**
 * One kit tool as a LangChain structured tool. Invocation runs `kit.execute`, so every hook and
 * policy of the kit applies. Its response format is `content_and_artifact`: the model reads the
 * kit's sentence (`humanMessage`), and the tool message's `artifact` is the whole result
 * (`{ raw, humanMessage }`, as JSON data, redacted) for the app. A block or failure is a tool
 * message with `status: 'error'` the model reads, not an exception that ends the agent's run.
 *
 * The schema handed to LangChain is the JSON Schema of the tool's zod schema (zod 4, or zod 3 for
 * the Hedera Agent Kit's tools): models bind to it, and the kit (not LangChain) parses the input,
 * so transforms run exactly once.
 *
 * Like the Hedera Agent Kit's LangChain tools, each carries the tool's `toolType` and output
 * parser when the tool has them, so apps can pick tools by type and read results back.
 *
 * Who the call runs for comes from the application, never from the model's arguments: the config's
 * `configurable` (`tool.invoke(call, { configurable: { userId } })`, or an agent's
 * `invoke(input, { configurable })`), with a v1 agent's `runtime.context` (`createAgent({
 * contextSchema })`, `agent.invoke(input, { context })`) laid over it, picked by `callContext`
 * (default: `userId`, `sessionId`, `tenantId`). The model's tool-call ID names the call.
 *
 * @example
 * const transfer = new KitStructuredTool(kit, kit.listTools().find((t) => t.method === 'transfer_hbar_tool')!);
 * const message = await transfer.invoke({ type: 'tool_call', id: 'call-1', name: transfer.name, args: { transfers: [{ accountId: '0.0.5', amount: 1 }] } });
 * message.artifact.raw.transactionId; // the model read message.content, the sentence
 * const queries = toolkit.getTools().filter((tool) => tool.toolType === 'query');
 */
export class KitStructuredTool extends StructuredTool<JsonSchemaObject, unknown, unknown, KitToolOutput> {
  override responseFormat = 'content_and_artifact' as const;
  name: string;
  description: string;
  schema: JsonSchemaObject;
  /** 'query', 'transaction' or 'other', as the tool declares; undefined when it declares none. */
  readonly toolType: ToolType | undefined;
  /**
   * The tool's parser of its JSON output (`kit.run`'s string) into `{ raw, humanMessage }`, if it has
   * one. A tool message from this tool needs no parsing: its `artifact` is that object already.
   */
  readonly outputParser: OutputParser | undefined;

  constructor(
    private readonly kit: AgentKit,
    tool: ToolDescription,
    private readonly callContext: CallContextPicker = principalFieldsOf,
  ) {
    super({ verboseParsingErrors: true });
    this.name = tool.method;
    this.description = tool.description;
    this.schema = toolInputJsonSchema(tool.parameters, tool.method);
    // Read defensively: a description built by hand or by an older kit may lack them or hold anything.
    this.toolType = TOOL_TYPES.has(tool.toolType) ? tool.toolType : undefined;
    this.outputParser = typeof tool.outputParser === 'function' ? tool.outputParser : undefined;
  }

  /** The Hedera Agent Kit's LangChain tools name their output parser so; the same function. */
  get responseParsingFunction(): OutputParser | undefined {
    return this.outputParser;
  }

  /** LangChain hands the tool call (with the model's ID) and the caller's context in the config. */
  protected async _call(args: unknown, _runManager?: unknown, config?: CallConfig): Promise<KitToolOutput> {
    return this.execute(args, config?.toolCall?.id, config);
  }

  private async execute(args: unknown, toolCallId: string | undefined, config: CallConfig | undefined): Promise<KitToolOutput> {
    const context = pickCallContext(this.callContext, config?.configurable, config?.context);
    const data = resultData(await this.kit.execute(this.name, args, callOptions(context, toolCallId)), (value) => this.kit.redactor.toJson(value));
    return [data.humanMessage, data];
  }

  /**
   * Input LangChain's own schema check refuses still goes through the kit, so the lifecycle (the
   * `toolError` stage, audit hooks) sees it and the model gets the kit's field-by-field message.
   * As LangChain does for any tool, a call without a tool call ID gets the content alone.
   */
  override async invoke(input: unknown, config?: CallConfig): Promise<any> {
    try {
      const output: unknown = await super.invoke(input as never, config);
      // A tool message for a block or failure is marked as an error, as agents and tracers expect.
      if (output instanceof ToolMessage && !succeeded(output.artifact as ResultData | undefined)) output.status = 'error';
      return output;
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      const call = toolCallOf(input);
      const toolCallId = call?.id ?? config?.toolCall?.id;
      const [content, artifact] = await this.execute(call ? call.args : input, toolCallId, config);
      if (!toolCallId) return content;
      // From the kit's result, not "error" outright: input only LangChain refused may have run, and a model told it failed retries.
      return new ToolMessage({ content, artifact, tool_call_id: toolCallId, name: this.name, status: succeeded(artifact) ? 'success' : 'error' });
    }
  }
}

function toolCallOf(input: unknown): ToolCallLike | undefined {
  if (input === null || typeof input !== 'object' || !('args' in input)) return undefined;
  const call = input as ToolCallLike;
  return call.type === 'tool_call' || typeof call.id === 'string' ? call : undefined;
}
