import { Client, LedgerId } from '@hiero-ledger/sdk';
import type { LoadedConfig } from '../../config/load-config.js';
import { loadPluginFolders } from '../../config/create-kit-from-config.js';
import { ErrorCode, isAgentHooksError } from '../../errors/index.js';
import { ConfigError } from '../../config/config-error.js';
import type { AgentKit } from '../../kit/agent-kit.js';
import { createAgentKit } from '../../kit/create-agent-kit.js';
import type { Logger } from '../../lifecycle/logger.js';
import { AgentMode } from '../../values/agent-mode.js';

/**
 * A loopback port nothing listens on (the discard port): the client has a node to freeze
 * transactions for, so they are built as live, but nothing it could send leaves this machine, and
 * it carries no operator, so it could not pay for anything either.
 */
const NOWHERE = '127.0.0.1:9';

const LEDGERS: Record<string, LedgerId> = { mainnet: LedgerId.MAINNET, testnet: LedgerId.TESTNET, previewnet: LedgerId.PREVIEWNET };

/** The kit a replay runs calls through, and how to close it with its client. */
export interface ReplayKit {
  kit: AgentKit;
  close(): Promise<void>;
}

/**
 * The configuration's tools and the replay's policies (replay-policies.ts) in a kit that cannot
 * send: RETURN_BYTES mode (each call is built and frozen, then handed back as bytes instead of
 * submitted), no hooks (no audit hook, so nothing is journaled or written to a topic), no kill
 * switch (it would read today's switch, not the one in force then), and a client pointed at nowhere
 * with no operator. `mirrorNodeUrl` is the configured network's mirror, which tools and policies
 * read as live (token decimals, allowances): reading it sends nothing, but it answers with today's
 * ledger.
 * `accountId` is the account the recorded calls were made for: tools default their payer and
 * source account to it, as they did live.
 */
export async function replayKit(loaded: LoadedConfig, policies: unknown[], accountId: string, logger: Logger, mirrorNodeUrl?: string): Promise<ReplayKit> {
  const { config } = loaded;
  const plugins = await loadPluginFolders(loaded);
  const nodeAccountId = config.local?.nodeAccountId ?? '0.0.3';
  const client = Client.forNetwork({ [NOWHERE]: nodeAccountId }, { scheduleNetworkUpdate: false }).setLedgerId(LEDGERS[config.network ?? ''] ?? LedgerId.LOCAL_NODE);
  // A query tool tries its one node once and fails fast, rather than retrying for minutes.
  client.setMaxAttempts(1);
  client.setGrpcDeadline(2_000);
  client.setRequestTimeout(5_000);
  try {
    const kit = await createAgentKit({
      client,
      context: { accountId, mode: AgentMode.RETURN_BYTES, ...(config.sessionId ? { sessionId: config.sessionId } : {}) },
      pluginsDir: config.corePlugins ? undefined : null,
      plugins,
      hooks: policies,
      tools: config.tools,
      ...(mirrorNodeUrl ? { mirrorNodeUrl } : {}),
      ...(config.unloadedPolicyTools ? { unloadedPolicyTools: config.unloadedPolicyTools } : {}),
      policyTimeoutMs: config.policyTimeoutMs,
      logger,
    });
    return {
      kit,
      async close() {
        try {
          await kit.close();
        } finally {
          client.close();
        }
      },
    };
  } catch (error) {
    client.close();
    if (isAgentHooksError(error) && error.code === ErrorCode.UNKNOWN_TOOL) throw new ConfigError(loaded.source, [`tools: ${error.message}`]);
    throw error;
  }
}
