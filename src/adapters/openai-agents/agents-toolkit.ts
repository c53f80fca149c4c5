import type { AgentKit } from '../../kit/agent-kit.js';
import type { KitFromConfigurationOptions } from '../../kit/kit-from-configuration.js';
import { describeValue, invalidArgument } from '../../errors/index.js';
import { checkedPicker, type CallContextOptions } from '../shared/call-context.js';
import { selectTools, toolkitKit, type ToolkitOptions } from '../shared/kit-setup.js';
import { HeldCalls } from './held-calls.js';
import { kitAgentsTool, type KitAgentsTool } from './kit-agents-tool.js';

/** Which tools the toolkit offers, which of the run's context each call carries, and who the run's approvals are. */
export interface AgentsToolkitOptions extends ToolkitOptions, CallContextOptions {
  /**
   * The approver name under which approving an interruption (`state.approve(item)`) is recorded in
   * the kit's approval store; left out, approving only resumes the call (see kitAgentsTool).
   */
  approver?: string;
}

const OWNER = 'HederaAgentsToolkit';
const FORMS = 'new HederaAgentsToolkit(kit, { tools, callContext, approver }) with an agent kit, or new HederaAgentsToolkit({ client, configuration: { plugins, tools, context } })';

/**
 * The OpenAI Agents SDK adapter: a kit's tools as Agents SDK function tools, for `new Agent({ tools })`.
 * Every call runs through the kit's hooks and policies, for the user of the run's context
 * (`run(agent, input, { context: { userId, sessionId, tenantId } })`); a block comes back to the
 * model as a tool result it reads; a call the kit's deferred ApprovalPolicy holds interrupts the run
 * with the SDK's approval item, and is resumed with the run (see kitAgentsTool).
 *
 * @example
 * const toolkit = new HederaAgentsToolkit(kit, { tools: ['transfer_hbar_tool'] });
 * const agent = new Agent({ name: 'payer', instructions: 'Pay as asked.', tools: toolkit.getTools() });
 * const result = await run(agent, 'Send 1 HBAR to 0.0.98', { context: { userId: 'alice' } });
 *
 * @example
 * // A held call: the run stops with the SDK's interruption; approve it and run on.
 * let result = await run(agent, 'Send 500 HBAR to 0.0.98', { context: { userId: 'alice' } });
 * for (const item of result.interruptions) result.state.approve(item);
 * result = await run(agent, result.state);
 */
export class HederaAgentsToolkit {
  /** The kit every tool call runs through: the one given, or the one built from the configuration. */
  readonly kit: AgentKit;
  readonly tools: KitAgentsTool[];

  constructor(kit: AgentKit, options?: AgentsToolkitOptions);
  constructor(setup: KitFromConfigurationOptions);
  constructor(kitOrSetup: AgentKit | KitFromConfigurationOptions, options?: AgentsToolkitOptions) {
    this.kit = toolkitKit(kitOrSetup, options, OWNER, FORMS);
    const approver = options?.approver;
    if (approver !== undefined && (typeof approver !== 'string' || !approver.trim())) throw invalidArgument(`${OWNER}: approver must be a non-empty name (an approver of the kit's ApprovalPolicy quorum); got ${describeValue(approver)}.`);
    const settings = { callContext: checkedPicker(options, OWNER), holdsDeferred: holdsDeferred(this.kit), held: new HeldCalls(), ...(approver ? { approver } : {}) };
    this.tools = selectTools(this.kit, options?.tools, OWNER).map((tool) => kitAgentsTool(this.kit, tool, settings));
  }

  /** The tools, for `new Agent({ tools })`. */
  getTools(): KitAgentsTool[] {
    return this.tools;
  }
}

/** Whether any of the kit's policies holds calls for a later decision (ApprovalPolicy `wait: 'deferred'`), told by shape. */
function holdsDeferred(kit: AgentKit): boolean {
  const listeners: unknown[] = [...kit.listenerInstances(), ...(kit.context.hooks ?? [])];
  return listeners.some((listener) => listener !== null && typeof listener === 'object' && (listener as { wait?: unknown }).wait === 'deferred');
}
