import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The model's ID for the tool call an adapter is running (LangChain's `tool_call.id`, the AI SDK's
 * `toolCallId`, the MCP request's ID), so telemetry can name the call as the model did
 * (`gen_ai.tool.call.id`). The first call the kit starts inside the scope takes it: a call a hook or
 * policy starts meanwhile is another call, not the model's.
 */
interface ModelToolCall {
  readonly id: string;
  taken: boolean;
}

const scope = new AsyncLocalStorage<ModelToolCall>();

/** Runs `run` (which starts one kit call) as the model's tool call `id`; an empty or missing ID changes nothing. */
export async function runAsModelToolCall<T>(id: string | number | undefined, run: () => Promise<T>): Promise<T> {
  if (id === undefined || id === '') return run();
  return scope.run({ id: String(id), taken: false }, run);
}

/** The model's tool-call ID for the call starting now, once; `undefined` outside an adapter's scope or once taken. */
export function takeModelToolCallId(): string | undefined {
  const call = scope.getStore();
  if (!call || call.taken) return undefined;
  call.taken = true;
  return call.id;
}
