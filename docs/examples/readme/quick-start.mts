import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { HcsAuditTrailHook } from 'hedera-agent-hooks/hooks';
import { MaxRecipientsPolicy, RejectToolPolicy } from 'hedera-agent-hooks/policies';

// A Hedera network inside this process, its operator funded (for testnet, see "Getting a client").
const net = await startDevnet();
const client = net.client();

// The audit trail goes to an HCS topic the operator may submit to: here a new one.
const created = await new TopicCreateTransaction().setTopicMemo('agent audit trail').execute(client);
const auditTopicId = (await created.getReceipt(client)).topicId!.toString();

const kit = await createAgentKit({
  client,
  mirrorNodeUrl: net.mirrorUrl,
  context: {
    hooks: [
      // Each entry is fsynced to a journal, ./.agent-hooks/audit unless `journalDir` says otherwise,
      // before the call returns, and sent to the topic in the background.
      new HcsAuditTrailHook(['transfer_hbar_tool'], auditTopicId),
      new MaxRecipientsPolicy(2),
      new RejectToolPolicy(['delete_account_tool']),
    ],
  },
});

const paid = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });
console.log(paid.raw.status, paid.raw.transactionId);    // SUCCESS 0.0.2@…
const split = await kit.execute('transfer_hbar_tool', { transfers: ['0.0.98', '0.0.800', '0.0.801'].map((accountId) => ({ accountId, amount: 1 })) });
console.log(split.raw.status, split.raw.blockedBy);      // ERROR { policy: 'Max Recipients Policy', … reason: '3 recipients exceed the maximum of 2' }

await kit.close();   // waits for the calls in flight and delivers the audit entries to the topic
await net.stop();
