import type { Client } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import type { BaseTool } from '../lifecycle/base-tool.js';
import type { Context } from '../lifecycle/context.js';
import { silentLogger } from '../lifecycle/logger.js';
import { AgentMode } from '../modes/agent-mode.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit } from './assemble-kit.js';
import { DEFAULT_POLICY_TIMEOUT_MS } from './create-agent-kit.js';
import type { ToolDescription } from './tool-registry.js';

/**
 * The existing agent kit's entry point, kept for code written against it: tools passed in, hooks
 * and policies from `context.hooks`. New code uses `createAgentKit`, which adds plugins, DI and
 * observers; both run calls through the same lifecycle.
 *
 * @example
 * const api = new HederaAgentAPI(client, { hooks: [new MaxRecipientsPolicy(5)] }, tools);
 * const json = await api.run('transfer_hbar_tool', { transfers: [...] });
 */
export class HederaAgentAPI {
  private readonly kit: AgentKit;

  constructor(
    readonly client: Client,
    context: Context = {},
    tools: BaseTool[] = [],
  ) {
    const fullContext: Context = { ...context, mode: context.mode ?? AgentMode.AUTONOMOUS };
    this.kit = assembleKit({
      client,
      context: fullContext,
      parentContainer: rootContainer,
      tools: tools.map((tool) => ({ tool, plugin: 'HederaAgentAPI' })),
      listeners: (fullContext.hooks ?? []).map((source, at) => ({ source, origin: `context.hooks[${at}]` })),
      policyTimeoutMs: DEFAULT_POLICY_TIMEOUT_MS,
      logger: silentLogger,
    });
  }

  get context(): Context {
    return this.kit.context;
  }

  /** Runs a tool; returns the result as the JSON string an LLM reads. */
  run(method: string, arg?: unknown): Promise<string> {
    return this.kit.run(method, arg);
  }

  listTools(): ToolDescription[] {
    return this.kit.listTools();
  }
}
