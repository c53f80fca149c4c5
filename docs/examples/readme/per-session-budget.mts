import { createAgentKit } from 'hedera-agent-hooks';
import { SpendLimitPolicy } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.sessionId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [budget] } });
// The session comes from your server, per call (the per-call context), never from the model.
const pay = (sessionId: string, amount: number) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount }] }, { context: { sessionId } });
console.log((await pay('alice', 4)).raw.status, (await pay('bob', 4)).raw.status); // SUCCESS SUCCESS: a budget each
console.log((await pay('alice', 2)).raw.blockedBy?.reason); // budget "spend-limit" of session "alice": … 1 HBAR left …
await kit.close();
await net.stop();
