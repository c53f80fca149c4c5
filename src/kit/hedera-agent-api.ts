import type { Client } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import { isSdkClient } from '../values/sdk-values.js';
import { describeValue, invalidArgument, parseOptions } from '../errors/index.js';
import type { BaseTool } from '../lifecycle/base-tool.js';
import type { Context } from '../lifecycle/context.js';
import { silentLogger } from '../lifecycle/logger.js';
import type { ToolType } from '../lifecycle/tool-intent.js';
import { AgentMode } from '../values/agent-mode.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit } from './assemble-kit.js';
import { DEFAULT_POLICY_TIMEOUT_MS } from './create-agent-kit.js';
import { contextSchema } from './kit-options-schema.js';

/**
 * What `HederaAgentAPI.listTools()` tells about a tool: as in the Hedera Agent Kit, its names,
 * description and kind, and nothing that runs (no schema, no parser): a caller runs tools through
 * `run`, which puts every call through the lifecycle.
 */
export interface ToolSummary {
  method: string;
  name: string;
  description: string;
  toolType: ToolType;
}

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
    checkClient(client);
    parseOptions('HederaAgentAPI', contextSchema, context, 1);
    if (!Array.isArray(tools)) throw invalidArgument(`HederaAgentAPI: 'tools' must be an array of tools, got ${describeValue(tools)}.`, [2]);
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

  /** Each tool's method, name, description and toolType. */
  listTools(): ToolSummary[] {
    return this.kit.listTools().map(({ method, name, description, toolType }) => ({ method, name, description, toolType }));
  }
}

/**
 * The Hedera Agent Kit refuses a missing client and one without a ledger ID (its tools pick
 * contracts and mirror nodes by ledger); so does this entry point, starting with that kit's
 * sentences, which code written against it matches on.
 */
function checkClient(client: unknown): asserts client is Client {
  if (!client) {
    throw invalidArgument(
      `HederaAgentAPI requires a connected Client: got ${describeValue(client)}. Pass a @hiero-ledger/sdk Client with an operator, e.g. Client.forTestnet().setOperator(id, key).`,
      [0],
    );
  }
  if (!isSdkClient(client)) {
    throw invalidArgument(`HederaAgentAPI requires a connected Client: got ${describeValue(client)}, which is not a @hiero-ledger/sdk Client.`, [0]);
  }
  if (!client.ledgerId) {
    throw invalidArgument(
      'Client must be connected to a network: HederaAgentAPI got a client without a ledger ID. Use Client.forTestnet(), forMainnet() or forPreviewnet(), ' +
        'or set one on a client made with Client.forNetwork(…), e.g. client.setLedgerId(LedgerId.LOCAL_NODE) for a local network.',
      [0],
    );
  }
}
