import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();                       // operator 0.0.2, funded
const client = net.client();                           // fast-retry SDK client, ledger ID LOCAL_NODE, closed by stop()
const { accountId, privateKey } = await net.createAccount({ hbar: 100 });
console.log(accountId, privateKey.publicKey.toStringDer(), net.mirrorUrl);
// … transactions and queries through the SDK; REST at `${net.mirrorUrl}/api/v1/…`
await net.stop();
