import { BaseToolkit } from '@langchain/core/tools';
import type { AgentKit } from '../../kit/agent-kit.js';
import { agentKitFromConfiguration, type KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
import { describeValue, invalidArgument } from '../../lifecycle/errors.js';
import { KitStructuredTool } from './kit-structured-tool.js';

export interface LangchainToolkitOptions {
  /** Offer only these tools (default: all of the kit's). */
  tools?: string[];
}

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
    // Told apart by shape, never instanceof: the kit may come from the other build of this package.
    if (isAgentKitLike(kitOrSetup)) {
      this.kit = kitOrSetup;
    } else if (isConfigurationSetup(kitOrSetup)) {
      if (options !== undefined) {
        throw invalidArgument('HederaLangchainToolkit: options apply to the kit form; with { client, configuration }, list the tools in configuration.tools.');
      }
      this.kit = agentKitFromConfiguration(kitOrSetup);
    } else {
      throw invalidArgument(`HederaLangchainToolkit accepts ${FORMS}; got ${describeValue(kitOrSetup)}.`);
    }
    this.tools = selectTools(this.kit, options?.tools).map((tool) => new KitStructuredTool(this.kit, tool));
  }

  /** The same tools BaseToolkit returns, typed as kit tools so `tool.toolType` reads without a cast. */
  override getTools(): KitStructuredTool[] {
    return this.tools;
  }
}

function selectTools(kit: AgentKit, wanted: readonly string[] | undefined) {
  const available = kit.listTools();
  if (!wanted) return available;
  const known = new Set(available.map((tool) => tool.method));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length) {
    throw invalidArgument(`HederaLangchainToolkit: unknown tool(s) ${unknown.map((name) => `"${name}"`).join(', ')}; the kit has: ${[...known].join(', ') || '(none)'}.`);
  }
  return available.filter((tool) => wanted.includes(tool.method));
}

function isAgentKitLike(value: unknown): value is AgentKit {
  if (value === null || typeof value !== 'object') return false;
  const probe = value as { execute?: unknown; listTools?: unknown };
  return typeof probe.execute === 'function' && typeof probe.listTools === 'function';
}

function isConfigurationSetup(value: unknown): value is KitFromConfigurationOptions {
  return value !== null && typeof value === 'object' && 'configuration' in value;
}
