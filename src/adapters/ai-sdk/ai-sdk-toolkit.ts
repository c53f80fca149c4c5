import type { ToolSet } from 'ai';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
import { checkedPicker, type CallContextOptions } from '../shared/call-context.js';
import { selectTools, toolkitKit, type ToolkitOptions } from '../shared/kit-setup.js';
import { kitAiSdkTool, type KitAiSdkTool } from './kit-ai-sdk-tool.js';

/** Which of the kit's tools the toolkit offers, and which of the caller's context each call carries. */
export type AiSdkToolkitOptions = ToolkitOptions & CallContextOptions;

/** The toolkit's tools by name, the shape `generateText({ tools })` takes. */
export type KitAiSdkTools = Record<string, KitAiSdkTool>;

const FORMS = 'new HederaAIToolkit(kit, { tools }) with an agent kit, or new HederaAIToolkit({ client, configuration: { plugins, tools, context } }) as in the Hedera Agent Kit';

/**
 * The Vercel AI SDK adapter: a kit's tools as AI SDK tools, keyed by tool name, for `generateText`,
 * `streamText` or an agent. Every call runs through the kit's hooks and policies.
 *
 * Built from a kit, or, like the Hedera Agent Kit's `HederaAIToolkit`, from `{ client,
 * configuration }`, in which case it builds its own kit from the plugins given (see
 * `agentKitFromConfiguration`).
 *
 * @example
 * const kit = await createAgentKit({ client, context: { hooks: [new MaxRecipientsPolicy(5)] } });
 * const tools = new HederaAIToolkit(kit, { tools: ['transfer_hbar_tool'] }).getTools();
 * const { text, toolResults } = await generateText({ model, tools, prompt: 'Send 1 HBAR to 0.0.98', stopWhen: stepCountIs(3) });
 *
 * @example
 * // One toolkit, many users: each call runs for the user of its generateText.
 * await generateText({ model, tools, prompt, experimental_context: { userId: 'alice' } });
 */
export class HederaAIToolkit {
  /** The kit every tool call runs through: the one given, or the one built from the configuration. */
  readonly kit: AgentKit;
  readonly tools: KitAiSdkTools;

  constructor(kit: AgentKit, options?: AiSdkToolkitOptions);
  constructor(setup: KitFromConfigurationOptions);
  constructor(kitOrSetup: AgentKit | KitFromConfigurationOptions, options?: AiSdkToolkitOptions) {
    this.kit = toolkitKit(kitOrSetup, options, 'HederaAIToolkit', FORMS);
    const selected = selectTools(this.kit, options?.tools, 'HederaAIToolkit');
    const callContext = checkedPicker(options, 'HederaAIToolkit');
    this.tools = Object.fromEntries(selected.map((tool) => [tool.method, kitAiSdkTool(this.kit, tool, callContext)]));
  }

  /** The tools, for `generateText({ tools })`; the same object as `tools`. */
  getTools(): KitAiSdkTools & ToolSet {
    return this.tools;
  }
}
