import { createAgentKit } from 'hedera-agent-hooks';
import { DuplicateIntentPolicy } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new DuplicateIntentPolicy({ windowMs: 10 * 60_000 })] } });
const pay = { transfers: [{ accountId, amount: 3 }], transactionMemo: 'invoice 42' };
console.log((await kit.execute('transfer_hbar_tool', pay)).raw.status); // SUCCESS
console.log((await kit.execute('transfer_hbar_tool', pay)).raw.blockedBy?.reason); // this repeats call … which executed: transaction 0.0.2@…, SUCCESS …
await kit.close();
await net.stop();
