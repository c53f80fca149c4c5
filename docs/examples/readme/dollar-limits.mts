import { createAgentKit } from 'hedera-agent-hooks';
import { MaxTransferPolicy, SpendLimitPolicy } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet({ exchangeRate: { hbarEquiv: 1, centEquiv: 12 } }); // 12 ¢ per HBAR
const { accountId } = await net.createAccount({ hbar: 0 });
const policies = [new MaxTransferPolicy({ usd: 50 }), new SpendLimitPolicy({ usd: 60, windowMs: 86_400_000 })];
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: policies } });
const pay = (amount: number) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount }] });
console.log((await pay(400)).raw.status); // SUCCESS: $48 at 12 ¢/HBAR
console.log((await pay(500)).raw.blockedBy?.reason); // … moves 500 HBAR ($60) … at 12 ¢/HBAR (the network's rate published …); the cap is $50 per call
console.log((await pay(150)).raw.blockedBy?.reason); // … may spend $60 per 24 h; this call moves $18 …, but $48 is spent or reserved in the window, $12 left …
await kit.close();
await net.stop();
