// Compiled by test/integration/docs/readme-examples.spec.ts. Above the marker: what the README sample
// assumes its reader already has (nothing); below it: the sample exactly as README.md shows it.

// ---- README.md sample (verbatim below this line) ----
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();                       // operator 0.0.2, funded
const client = net.client();                           // fast-retry SDK client, closed by stop()
const { accountId, privateKey } = await net.createAccount({ hbar: 100 });
// … transactions and queries through the SDK; REST at `${net.mirrorUrl}/api/v1/…`
await net.stop();
