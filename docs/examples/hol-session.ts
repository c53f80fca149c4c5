import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { createAgentKit } from 'hedera-agent-hooks';
import { HolAuditTrailHook, verifyAuditTopic } from 'hedera-agent-hooks/hooks';

/**
 * A HOL audit session: an indexed HCS-2 registry (memo `hcs-2:0:0`) lists one HCS-1 file per batch
 * of audit entries. After the run, the session is read back from the mirror node and checked against the journal.
 */
export async function runAuditedSession(client: Client, mirrorUrl: string, journalDir: string, recipient: string) {
  const created = await new TopicCreateTransaction().setTopicMemo('hcs-2:0:0').execute(client);
  const sessionId = (await created.getReceipt(client)).topicId!.toString();

  const kit = await createAgentKit({
    client,
    context: { hooks: [new HolAuditTrailHook({ relevantTools: ['transfer_hbar_tool'], sessionId, journalDir })] },
  });
  await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.25 }] });
  await kit.close();

  const report = await verifyAuditTopic({ mirrorUrl, topicId: sessionId, journalDir });
  return { sessionId, report };
}
