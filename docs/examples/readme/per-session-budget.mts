import { AsyncLocalStorage } from 'node:async_hooks';
import { createAgentKit } from 'hedera-agent-hooks';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const sessions = new AsyncLocalStorage<string>(); // your server sets the user of each request
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: () => sessions.getStore() });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });
const pay = (user: string, amount: number) => sessions.run(user, () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount }] }));
console.log((await pay('alice', 4)).raw.status, (await pay('bob', 4)).raw.status); // SUCCESS SUCCESS: a budget each
console.log((await pay('alice', 2)).raw.blockedBy?.reason); // budget "spend-limit" for the per function "alice": … 1 HBAR left …
await kit.close();
await net.stop();
