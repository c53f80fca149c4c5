import { BaseToolkit } from '@langchain/core/tools';
import type { AgentKit } from '../../kit/agent-kit.js';
import type { KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
import { checkedPicker, type CallContextOptions } from '../shared/call-context.js';
import { selectTools, toolkitKit, type ToolkitOptions } from '../shared/kit-setup.js';
import { KitStructuredTool } from './kit-structured-tool.js';

/** Which of the kit's tools the toolkit offers, and which of the caller's context each call carries. */
export type LangchainToolkitOptions = ToolkitOptions & CallContextOptions;

const FORMS = 'new HederaLangchainToolkit(kit, { tools }) with an agent kit, or new HederaLangchainToolkit({ client, configuration: { plugins, tools, context } }) as in the Hedera Agent Kit';

/**
 * A LangChain toolkit over an agent kit: swap it in for an agent's existing toolkit and every tool
 * call runs through the kit's hooks and policies.
 *
 * It is built from a kit, or, like the Hedera Agent Kit's toolkit, from `{ client, configuration }`,
 * in which case it builds its own kit from the plugins given (see `agentKitFromConfiguration`).
 *
 * @example
 * const kit = await createAgentKit({ client, context: { hooks: [new MaxRecipientsPolicy(5)] } });
 * const toolkit = new HederaLangchainToolkit(kit);
 * const agent = createAgent({ model, tools: toolkit.getTools() });
 *
 * One toolkit serves every user: each call runs for the `userId`, `sessionId` and `tenantId` of the
 * config it is invoked with (`configurable`, or a v1 agent's `context`), so `per: 'context.userId'`
 * budgets are kept per user.
 *
 * @example
 * const answer = await agent.invoke({ messages }, { context: { userId: 'alice' } });
 *
 * @example
 * const toolkit = new HederaLangchainToolkit({ client, configuration: { plugins: [coreAccountPlugin], context: { hooks: [policy] } } });
 * const queries = toolkit.getTools().filter((tool) => tool.toolType === 'query');
 */
export class HederaLangchainToolkit extends BaseToolkit {
  tools: KitStructuredTool[];
  /** The kit every tool call runs through: the one given, or the one built from the configuration. */
  readonly kit: AgentKit;

  constructor(kit: AgentKit, options?: LangchainToolkitOptions);
  constructor(setup: KitFromConfigurationOptions);
  constructor(kitOrSetup: AgentKit | KitFromConfigurationOptions, options?: LangchainToolkitOptions) {
    super();
    this.kit = toolkitKit(kitOrSetup, options, 'HederaLangchainToolkit', FORMS);
    const callContext = checkedPicker(options, 'HederaLangchainToolkit');
    this.tools = selectTools(this.kit, options?.tools, 'HederaLangchainToolkit').map((tool) => new KitStructuredTool(this.kit, tool, callContext));
  }

  /** The same tools BaseToolkit returns, typed as kit tools so `tool.toolType` reads without a cast. */
  override getTools(): KitStructuredTool[] {
    return this.tools;
  }
}
