import { jsonSchema, tool, type Tool } from 'ai';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { ToolDescription } from '../../kit/tool-registry.js';
import { toolInputJsonSchema } from '../mcp/tool-input-schema.js';
import { callOptions, pickCallContext, principalFieldsOf, type CallContextPicker } from '../shared/call-context.js';
import { resultData, succeeded, type ResultData } from '../shared/result-data.js';

/** A kit tool as the AI SDK sees it: any input (the kit parses it), the kit's result as output. */
export type KitAiSdkTool = Tool<unknown, ResultData>;

/**
 * One kit tool as an AI SDK tool. Its `execute` runs `kit.execute`, so every hook and policy of the
 * kit applies; it resolves to the kit's result (`{ raw, humanMessage }`, as JSON data, redacted),
 * which the AI SDK hands the model. A block, invalid input or failure is such a result too, never a
 * throw, so it lands in `toolResults` with its reason, and the model gets it as an error output
 * (`error-json`), as providers mark failed tool calls; a success is plain `json`.
 *
 * The input schema is the JSON Schema of the tool's zod schema (zod 4, or zod 3 for the Hedera
 * Agent Kit's tools), given through `jsonSchema()` with no validator: the kit, not the AI SDK,
 * parses the input, so invalid input reaches the lifecycle (`toolError`, audit hooks) and
 * transforms run exactly once.
 *
 * Who the call runs for is the application's `experimental_context` (`generateText({
 * experimental_context: { userId } })`), picked by `callContext` (default: `userId`, `sessionId`,
 * `tenantId`); later versions of the AI SDK hand it to tools as `context`, read too (laid over
 * `experimental_context` when both are there). The model's `toolCallId` names the call.
 *
 * @example
 * const transfer = kitAiSdkTool(kit, kit.listTools().find((t) => t.method === 'transfer_hbar_tool')!);
 * const { toolResults } = await generateText({ model, tools: { transfer_hbar_tool: transfer }, prompt });
 */
export function kitAiSdkTool(kit: AgentKit, description: ToolDescription, callContext: CallContextPicker = principalFieldsOf): KitAiSdkTool {
  const method = description.method;
  return tool<unknown, ResultData>({
    title: description.name,
    description: description.description,
    // Typed as the JSON Schema 7 the AI SDK declares (strict once @types/json-schema is installed): the converter's output is one.
    inputSchema: jsonSchema<unknown>(toolInputJsonSchema(description.parameters, method) as Parameters<typeof jsonSchema>[0]),
    // Not sent to the model; it travels with the tool's calls and results, so apps can tell queries from transactions.
    ...(description.toolType ? { metadata: { toolType: description.toolType } } : {}),
    // The model's toolCallId names the call in telemetry (gen_ai.tool.call.id) and on the audit entry.
    execute: async (input, options) => {
      const context = pickCallContext(callContext, options.experimental_context, (options as { context?: unknown }).context);
      return resultData(await kit.execute(method, input, callOptions(context, options.toolCallId)), (value) => kit.redactor.toJson(value));
    },
    toModelOutput: ({ output }) => (succeeded(output) ? { type: 'json', value: output as never } : { type: 'error-json', value: output as never }),
  });
}
