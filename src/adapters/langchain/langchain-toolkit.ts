import { BaseToolkit } from '@langchain/core/tools';
import type { AgentKit } from '../../kit/agent-kit.js';
import { invalidArgument } from '../../lifecycle/errors.js';
import { KitStructuredTool } from './kit-structured-tool.js';

export interface LangchainToolkitOptions {
  /** Offer only these tools (default: all of the kit's). */
  tools?: string[];
}

/**
 * A LangChain toolkit over an agent kit: swap it in for an agent's existing toolkit and every tool
 * call runs through the kit's hooks and policies.
 *
 * @example
 * const kit = await createAgentKit({ client, context: { hooks: [new MaxRecipientsPolicy(5)] } });
 * const toolkit = new HederaLangchainToolkit(kit);
 * const agent = createAgent({ model, tools: toolkit.getTools() });
 * const queries = toolkit.getTools().filter((tool) => tool.toolType === 'query');
 */
export class HederaLangchainToolkit extends BaseToolkit {
  tools: KitStructuredTool[];

  constructor(kit: AgentKit, options: LangchainToolkitOptions = {}) {
    super();
    const available = kit.listTools();
    const wanted = options.tools;
    if (wanted) {
      const known = new Set(available.map((tool) => tool.method));
      const unknown = wanted.filter((name) => !known.has(name));
      if (unknown.length) {
        throw invalidArgument(`HederaLangchainToolkit: unknown tool(s) ${unknown.map((name) => `"${name}"`).join(', ')}; the kit has: ${[...known].join(', ') || '(none)'}.`);
      }
    }
    this.tools = available.filter((tool) => !wanted || wanted.includes(tool.method)).map((tool) => new KitStructuredTool(kit, tool));
  }

  /** The same tools BaseToolkit returns, typed as kit tools so `tool.toolType` reads without a cast. */
  override getTools(): KitStructuredTool[] {
    return this.tools;
  }
}
