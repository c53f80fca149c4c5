import { Usage, type AgentInputItem, type AgentOutputItem, type FunctionCallItem, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';

/**
 * The OpenAI Agents SDK's Model interface, answered by a script instead of a provider: each request
 * is recorded, and `respond` says what the model outputs for it (tool calls, or a message). The
 * SDK's own runner (`run`) drives it like any model; nothing reaches a network.
 */
export class ScriptedAgentsModel implements Model {
  readonly requests: ModelRequest[] = [];

  constructor(private readonly respond: (request: ModelRequest) => AgentOutputItem[]) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return { usage: new Usage(), output: this.respond(request), responseId: `scripted-${this.requests.length}` };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('ScriptedAgentsModel answers getResponse only: run the agent without stream: true');
  }
}

/** A model's function call, as a provider reports it: the arguments as JSON text. */
export function functionCall(callId: string, name: string, args: unknown): FunctionCallItem {
  return { type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' };
}

/** A model's final message. */
export function assistantText(text: string): AgentOutputItem {
  return { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] };
}

/** The tool outputs the model was sent in a request, by call ID: what it reads of each call. */
export function toolOutputsIn(request: ModelRequest): Map<string, string> {
  const items = Array.isArray(request.input) ? request.input : [];
  const outputs = new Map<string, string>();
  for (const item of items as AgentInputItem[]) {
    if (item.type !== 'function_call_result') continue;
    const output = item.output as string | { type: string; text?: string };
    outputs.set(item.callId, typeof output === 'string' ? output : (output.text ?? JSON.stringify(output)));
  }
  return outputs;
}

/**
 * A model that makes the function call its user message spells as JSON (`{ "name", "args", "callId" }`),
 * and, once it has read that call's output, answers with the output as its message. Enough to drive
 * one tool call per run through the SDK's runner.
 */
export function toolCallingModel(): ScriptedAgentsModel {
  return new ScriptedAgentsModel((request) => {
    const items = (Array.isArray(request.input) ? request.input : [{ role: 'user', content: request.input }]) as AgentInputItem[];
    const asked = items.find((item) => 'role' in item && item.role === 'user') as { content: string | { type: string; text?: string }[] } | undefined;
    const text = typeof asked?.content === 'string' ? asked.content : (asked?.content.find((part) => part.type === 'input_text')?.text ?? '');
    const { name, args, callId } = JSON.parse(text) as { name: string; args: unknown; callId: string };
    const read = toolOutputsIn(request).get(callId);
    return read === undefined ? [functionCall(callId, name, args)] : [assistantText(read)];
  });
}
