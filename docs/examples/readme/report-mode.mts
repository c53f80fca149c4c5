import { createAgentKit, reportOnly } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { MaxTransferPolicy, RecipientDenylistPolicy } from 'hedera-agent-hooks/policies';

const net = await startDevnet();
const kit = await createAgentKit({
  client: net.client(),
  // Where report mode's warnings go: any pino-style logger.
  logger: { debug() {}, error() {}, warn: (fields, message) => console.log(message, '-', fields.reason) },
  context: {
    hooks: [
      reportOnly(new MaxTransferPolicy({ hbar: 10 })),   // judged as usual; a block is reported, not enforced
      new RecipientDenylistPolicy(['0.0.666']),           // enforced
    ],
  },
});
const over = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 25 }] });
console.log(over.raw.status, kit.wouldBlockCounts());
// policy in report mode would have blocked this call; it goes on - transfer_hbar_tool moves 25 HBAR … the cap is 10 HBAR per call
// SUCCESS { 'Max Transfer Policy': 1 }
await kit.close();
await net.stop();
