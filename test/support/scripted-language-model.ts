import { MockLanguageModelV3 } from 'ai/test';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type Content = GenerateResult['content'][number];
/** What the model was sent in one step: the prompt carries the tool results of the step before. */
export type ModelCall = MockLanguageModelV3['doGenerateCalls'][number];

const NO_USAGE: GenerateResult['usage'] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A model tool call, as a provider reports it: the input as JSON text. */
export function toolCall(toolCallId: string, toolName: string, input: unknown): Content {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

export function text(value: string): Content {
  return { type: 'text', text: value };
}

/**
 * The AI SDK's own mock language model, answering each step with the next scripted turn: tool
 * calls end a step with `tool-calls` (so `generateText` runs the tools and asks again), text with
 * `stop`. `doGenerateCalls` records what each step was sent.
 */
export function scriptedModel(...turns: Content[][]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: turns.map((content) => ({
      content,
      finishReason: { unified: content.some((part) => part.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined },
      usage: NO_USAGE,
      warnings: [],
    })),
  });
}

/** The tool-result parts the model was sent in one step, as `{ toolCallId, output }`. */
export function toolResultsSentIn(call: ModelCall): { toolCallId: string; toolName: string; output: { type: string; value?: unknown } }[] {
  return call.prompt.flatMap((message) =>
    message.role === 'tool' ? message.content.filter((part) => part.type === 'tool-result').map((part) => part as never) : [],
  );
}
