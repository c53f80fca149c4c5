import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';
import { coreAccountPlugin } from '@hashgraph/hedera-agent-kit/plugins'; // its plugins, unchanged
import { MaxRecipientsPolicy } from '@hashgraph/hedera-agent-kit/policies'; // its policies, unchanged

const net = await startDevnet();   // or your testnet client: see "Getting a client"
const client = net.client();
const kit = await createAgentKit({
  client,
  pluginsDir: null, // only the plugins given, as that kit loads them
  plugins: [coreAccountPlugin],
  mirrorNodeUrl: net.mirrorUrl, // on testnet 'https://testnet.mirrornode.hedera.com'
  context: { hooks: [new MaxRecipientsPolicy(5)] },
});

const sent = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.98', amount: 1 }] });
console.log(sent.raw.status, sent.humanMessage);   // SUCCESS HBAR successfully transferred. …
const wide = await kit.execute('transfer_hbar_tool', { transfers: ['0.0.98', '0.0.800', '0.0.801', '0.0.802', '0.0.803', '0.0.2'].map((accountId) => ({ accountId, amount: 1 })) });
console.log(wide.raw.status, wide.raw.blockedBy?.policy);   // ERROR Max Recipients Policy
await kit.close();
await net.stop();
