import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from 'hedera-agent-hooks';
import { HcsAuditTrailHook } from 'hedera-agent-hooks/hooks';
import { MaxRecipientsPolicy, RejectToolPolicy } from 'hedera-agent-hooks/policies';

/**
 * An agent whose transfers are audited on an HCS topic, limited to five recipients per call, and
 * never allowed to delete an account.
 */
export async function runGuardedAgent(client: Client, auditTopicId: string, journalDir: string, recipient: string) {
  const kit = await createAgentKit({
    client,
    context: {
      hooks: [
        new HcsAuditTrailHook(['transfer_hbar_tool', 'delete_account_tool'], auditTopicId, undefined, { journalDir }),
        new MaxRecipientsPolicy(5),
        new RejectToolPolicy(['delete_account_tool']),
      ],
    },
  });

  const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.5 }] });
  const refused = await kit.execute('delete_account_tool', { accountId: recipient });

  // Before shutting down: what has not reached the topic yet? close() flushes and reports it too.
  const pending = kit.audit.pending();
  await kit.close();
  return { sent, refused, pending };
}
