// Compile-time checks that code written for the Hedera Agent Kit type-checks against this package
// without casts: its plugins, hooks and policies passed where this kit takes them.
import type { Client } from '@hiero-ledger/sdk';
import { AgentMode as KitAgentMode } from '@hashgraph/hedera-agent-kit';
import { allCorePlugins, coreAccountPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { HcsAuditTrailHook as KitHcsAuditTrailHook } from '@hashgraph/hedera-agent-kit/hooks';
import { MaxRecipientsPolicy as KitMaxRecipientsPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { HederaLangchainToolkit } from '../../src/adapters/langchain/index.js';
import { TOOL_TYPE, createAgentKit, type ToolType } from '../../src/index.js';
import { allCorePlugins as ourPlugins, TRANSFER_HBAR_TOOL } from '../../plugins/_exports.js';

declare const client: Client;

export async function theirPluginsAndListenersHere(): Promise<void> {
  const kit = await createAgentKit({
    client,
    pluginsDir: null,
    plugins: [coreAccountPlugin, ...allCorePlugins],
    context: { mode: KitAgentMode.AUTONOMOUS, hooks: [new KitMaxRecipientsPolicy(2), new KitHcsAuditTrailHook([TRANSFER_HBAR_TOOL], '0.0.1234')] },
  });
  const queries: string[] = kit.listTools().filter((tool) => tool.toolType === TOOL_TYPE.QUERY).map((tool) => tool.method);
  const type: ToolType = kit.listTools()[0]!.toolType;
  void queries;
  void type;
}

export function theLangchainConfigurationShape(): HederaLangchainToolkit {
  return new HederaLangchainToolkit({ client, configuration: { plugins: [...ourPlugins, coreAccountPlugin], context: { mode: KitAgentMode.AUTONOMOUS } } });
}
