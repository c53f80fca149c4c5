import { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, ToolInputParsingException, type ToolRunnableConfig } from '@langchain/core/tools';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { ToolDescription } from '../../kit/tool-registry.js';
import { toolInputJsonSchema, type JsonSchemaObject } from '../mcp/tool-input-schema.js';

type ToolCallLike = { args: unknown; id?: string; name?: string; type?: string };

type ToolType = NonNullable<ToolDescription['toolType']>;
type OutputParser = NonNullable<ToolDescription['outputParser']>;

const TOOL_TYPES: ReadonlySet<unknown> = new Set<ToolType>(['query', 'transaction', 'other']);

/**
 * One kit tool as a LangChain structured tool. Invocation runs `kit.execute`, so every hook and
 * policy of the kit applies; the model receives the kit's JSON result (`raw` plus `humanMessage`),
 * and a block or failure is a result it reads, not an exception that ends the agent's run.
 *
 * The schema handed to LangChain is the JSON Schema of the tool's zod schema (zod 4, or zod 3 for
 * the Hedera Agent Kit's tools): models bind to it, and the kit (not LangChain) parses the input,
 * so transforms run exactly once.
 *
 * Like the Hedera Agent Kit's LangChain tools, each carries the tool's `toolType` and output
 * parser when the tool has them, so apps can pick tools by type and read results back.
 *
 * @example
 * const transfer = new KitStructuredTool(kit, kit.listTools().find((t) => t.method === 'transfer_hbar_tool')!);
 * const output = await transfer.invoke({ transfers: [{ accountId: '0.0.5', amount: 1 }] });
 * const queries = toolkit.getTools().filter((tool) => tool.toolType === 'query');
 */
export class KitStructuredTool extends StructuredTool<JsonSchemaObject, unknown, unknown, string> {
  name: string;
  description: string;
  schema: JsonSchemaObject;
  /** 'query', 'transaction' or 'other', as the tool declares; undefined when it declares none. */
  readonly toolType: ToolType | undefined;
  /** The tool's parser of its JSON output into `{ raw, humanMessage }`, if it has one. */
  readonly outputParser: OutputParser | undefined;

  constructor(
    private readonly kit: AgentKit,
    tool: ToolDescription,
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

  protected async _call(args: unknown): Promise<string> {
    return this.kit.run(this.name, args);
  }

  /**
   * Input LangChain's own schema check refuses still goes through the kit, so the lifecycle (the
   * `toolError` stage, audit hooks) sees it and the model gets the kit's field-by-field message.
   */
  override async invoke(input: unknown, config?: ToolRunnableConfig): Promise<any> {
    try {
      const output: unknown = await super.invoke(input as never, config);
      // A tool message for a block or failure is marked as an error, as agents and tracers expect.
      if (output instanceof ToolMessage && statusOf(output.content) !== 'SUCCESS') output.status = 'error';
      return output;
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      const call = toolCallOf(input);
      const content = await this.kit.run(this.name, call ? call.args : input);
      const toolCallId = call?.id ?? config?.toolCall?.id;
      return toolCallId ? new ToolMessage({ content, tool_call_id: toolCallId, name: this.name, status: 'error' }) : content;
    }
  }
}

function toolCallOf(input: unknown): ToolCallLike | undefined {
  if (input === null || typeof input !== 'object' || !('args' in input)) return undefined;
  const call = input as ToolCallLike;
  return call.type === 'tool_call' || typeof call.id === 'string' ? call : undefined;
}

function statusOf(content: unknown): unknown {
  if (typeof content !== 'string') return undefined;
  try {
    return (JSON.parse(content) as { raw?: { status?: unknown } }).raw?.status;
  } catch {
    return undefined;
  }
}
