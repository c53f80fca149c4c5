import type { AgentKit } from '../../kit/agent-kit.js';
import { agentKitFromConfiguration, type KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
import type { ToolDescription } from '../../kit/tool-registry.js';
import { describeValue, invalidArgument } from '../../errors/index.js';

/** What a toolkit adapter accepts besides a kit: which of its tools to offer. */
export interface ToolkitOptions {
  /** Offer only these tools (default: all of the kit's). */
  tools?: string[];
}

/**
 * The kit a toolkit runs its tools through: the kit given, or, as the Hedera Agent Kit's toolkits
 * are built, one made from `{ client, configuration }`. `owner` (the toolkit's class name) starts
 * every error, and `forms` lists the accepted constructor forms for the message about anything else.
 */
export function toolkitKit(kitOrSetup: unknown, options: ToolkitOptions | undefined, owner: string, forms: string): AgentKit {
  // Told apart by shape, never instanceof: the kit may come from the other build of this package.
  if (isAgentKitLike(kitOrSetup)) return kitOrSetup;
  if (isConfigurationSetup(kitOrSetup)) {
    if (options !== undefined) {
      throw invalidArgument(`${owner}: options apply to the kit form; with { client, configuration }, list the tools in configuration.tools.`);
    }
    return agentKitFromConfiguration(kitOrSetup);
  }
  throw invalidArgument(`${owner} accepts ${forms}; got ${describeValue(kitOrSetup)}.`);
}

/** The kit's tools, or the ones named in `wanted`, in the kit's order; an unknown name is an error naming the known ones. */
export function selectTools(kit: AgentKit, wanted: readonly string[] | undefined, owner: string): ToolDescription[] {
  const available = kit.listTools();
  if (!wanted) return available;
  const known = new Set(available.map((tool) => tool.method));
  const unknown = wanted.filter((name) => !known.has(name));
  if (unknown.length) {
    throw invalidArgument(`${owner}: unknown tool(s) ${unknown.map((name) => `"${name}"`).join(', ')}; the kit has: ${[...known].join(', ') || '(none)'}.`);
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
