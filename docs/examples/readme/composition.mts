import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { MaxTransferPolicy, RecipientAllowlistPolicy, RecipientDenylistPolicy, allOf, anyOf } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const desks = ['0.0.98', '0.0.1001'];
const kit = await createAgentKit({
  client: net.client(),
  context: {
    hooks: [
      // Any amount to the desks; to anyone else at most 10 HBAR per call, and never to 0.0.666.
      anyOf(new RecipientAllowlistPolicy(desks), allOf(new MaxTransferPolicy({ hbar: 10 }), new RecipientDenylistPolicy(['0.0.666']))),
    ],
  },
});
const toDesk = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 50 }] });      // executes
const elsewhere = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.800', amount: 50 }] });  // refused: why is in raw.blockedBy.reason
console.log(toDesk.raw.status, elsewhere.raw.status, elsewhere.raw.blockedBy?.policy);
await kit.close();
await net.stop();
