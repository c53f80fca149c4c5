// Compile-time checks that code written for the Hedera Agent Kit type-checks against this package
// without casts: its plugins, hooks and policies passed where this kit takes them.
import { TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AgentMode as KitAgentMode } from '@hashgraph/hedera-agent-kit';
import { allCorePlugins, coreAccountPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { HcsAuditTrailHook as KitHcsAuditTrailHook } from '@hashgraph/hedera-agent-kit/hooks';
import { MaxRecipientsPolicy as KitMaxRecipientsPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { HederaLangchainToolkit } from '../../src/adapters/langchain/index.js';
import {
  BaseTransactionTool,
  TOOL_STATUS,
  TOOL_TYPE,
  classifyToolResult,
  createAgentKit,
  handleTransaction,
  isCustomMode,
  isReturnBytesMode,
  type Context,
  type ToolType,
} from '../../src/index.js';
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

// A tool written for that kit imports its helpers from the root; here they come from this package's.
export class KitStyleTransferTool extends BaseTransactionTool<{ to: string }, { to: string }, TransferTransaction> {
  method = 'kit_style_transfer_tool';
  name = 'Kit-style transfer';
  description = 'A transfer written the Hedera Agent Kit way.';
  parameters = z.object({ to: z.string() });
  normalizeParams(params: { to: string }) {
    return params;
  }
  coreAction() {
    return new TransferTransaction();
  }
  override async secondaryAction(transaction: TransferTransaction, client: Client, context: Context) {
    const words = isReturnBytesMode(context.mode) || isCustomMode(context.mode) ? 'handed over' : 'sent';
    return handleTransaction(transaction, client, context, (receipt) => `${words}: ${String((receipt as { transactionId?: unknown }).transactionId)}`);
  }
}

export function classifiedTheKitsWay(output: string, parse: (text: string) => { raw: unknown; humanMessage: string }): string {
  const verdict = classifyToolResult(parse(output));
  const status: 'SUCCESS' | 'ERROR' | 'PARSE_ERROR' = TOOL_STATUS.SUCCESS;
  // @ts-expect-error: a failure has an errorCode, a success none
  if (verdict.kind === 'success') void verdict.errorCode;
  return verdict.kind === 'failure' ? verdict.errorCode : status;
}
