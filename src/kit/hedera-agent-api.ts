import type { Client } from '@hiero-ledger/sdk';
import { container as rootContainer } from 'tsyringe';
import { isSdkClient } from '../values/sdk-values.js';
import { describeValue, invalidArgument, parseOptions } from '../errors/index.js';
import type { BaseTool } from '../lifecycle/base-tool.js';
import type { CallOptions } from '../lifecycle/call-options.js';
import type { Context } from '../lifecycle/context.js';
import { silentLogger } from '../lifecycle/logger.js';
import { isToolType, type ToolType } from '../lifecycle/tool-intent.js';
import { AgentMode } from '../values/agent-mode.js';
import type { AgentKit } from './agent-kit.js';
import { assembleKit } from './assemble-kit.js';
import { prepareCall } from './call-options.js';
import { DEFAULT_POLICY_TIMEOUT_MS } from './create-agent-kit.js';
import { contextSchema } from './kit-options-schema.js';

/**
 * What `HederaAgentAPI.listTools()` tells about a tool: as in the Hedera Agent Kit, its names,
 * description and kind, and nothing that runs (no schema, no parser): a caller runs tools through
 * `run`, which puts every call through the lifecycle. `toolType` is the tool's own, so it is
 * `undefined` for a tool that declares none (the kit runs such a tool as `'other'`).
 */
export interface ToolSummary {
  method: string;
  name: string;
  description: string;
  toolType: ToolType | undefined;
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
  private readonly summaries: ToolSummary[];
  /** The methods `run` takes, looked up once per call. */
  private readonly methods: ReadonlySet<string>;

  constructor(
    readonly client: Client,
    context: Context = {},
    tools: BaseTool[] = [],
  ) {
    checkClient(client);
    parseOptions('HederaAgentAPI', contextSchema, context, 1);
    if (!Array.isArray(tools)) throw invalidArgument(`HederaAgentAPI: 'tools' must be an array of tools, got ${describeValue(tools)}.`, [2]);
    checkCustomMode(context);
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
    // Listed as the tools describe themselves, in the order given, as the Hedera Agent Kit lists them.
    this.summaries = tools.map(({ method, name, description, toolType }) => ({ method, name, description, toolType: isToolType(toolType) ? toolType : undefined }));
    this.methods = new Set(this.summaries.map((tool) => tool.method));
  }

  get context(): Context {
    return this.kit.context;
  }

  /**
   * Runs a tool; returns the result as the JSON string an LLM reads. A method no tool has is
   * refused by throwing, as in the Hedera Agent Kit (`Invalid method <method>`, then the tools
   * there are): nothing ran, and the caller asked for something this API was never given.
   * `options` are the call's own (per-call context, idempotency key, model tool-call ID), as `kit.execute` takes them.
   */
  async run(method: string, arg?: unknown, options?: CallOptions): Promise<string> {
    if (!this.methods.has(method)) {
      const known = this.summaries.map((tool) => tool.method);
      throw invalidArgument(`Invalid method ${method}: HederaAgentAPI has ${known.length ? `the tools ${known.join(', ')}` : 'no tools'}.`, [0]);
    }
    // Checked here first, so a refusal names this entry point rather than the kit inside it.
    if (options !== undefined) prepareCall('HederaAgentAPI.run', this.kit.context, options);
    return this.kit.run(method, arg, options);
  }

  /** Each tool's method, name, description and toolType (`undefined` where the tool declares none), in the order given. */
  listTools(): ToolSummary[] {
    return this.summaries.map((summary) => ({ ...summary }));
  }
}

/**
 * A custom mode with neither strategy has nothing to hand transactions to; refused at construction,
 * as the Hedera Agent Kit refuses it, starting with that kit's sentence.
 */
function checkCustomMode(context: Context): void {
  const custom = context.mode === AgentMode.CUSTOM_EXECUTE_TX || context.mode === AgentMode.CUSTOM_RETURN_BYTES;
  if (custom && !context.transactionStrategy && !context.strategy) {
    throw invalidArgument(
      `transactionStrategy must be provided in Context when AgentMode is CUSTOM_EXECUTE_TX or CUSTOM_RETURN_BYTES: context.mode is ${context.mode}; ` +
        'pass context.transactionStrategy (an object with handle(tx, client, context)) or context.strategy (prepare and finish).',
      [1],
    );
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
