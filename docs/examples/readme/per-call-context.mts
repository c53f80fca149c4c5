import { createAgentKit } from 'hedera-agent-hooks';
import { DuplicateIntentPolicy, SpendLimitPolicy } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId: shop } = await net.createAccount({ hbar: 0 });
const repeats = new DuplicateIntentPolicy({ windowMs: 10 * 60_000 });
const budget = new SpendLimitPolicy({ hbar: 5, windowMs: 86_400_000, per: 'context.userId' });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [repeats, budget] } });
// Your server knows whom each request is for and which order it pays; the model writes only the params.
const pay = (userId: string, amount: number, order: string) =>
  kit.execute('transfer_hbar_tool', { transfers: [{ accountId: shop, amount }] }, { context: { userId }, idempotencyKey: order });
console.log((await pay('alice', 4, 'order-1')).raw.status, (await pay('bob', 4, 'order-2')).raw.status); // SUCCESS SUCCESS: a budget each
console.log((await pay('alice', 4, 'order-1')).raw.blockedBy?.reason); // a retry of order-1: this repeats call … A new payment of the same value needs a new idempotency key.
console.log((await pay('alice', 1, 'order-3')).raw.status); // SUCCESS: a new order, within alice's 5 HBAR
console.log((await pay('alice', 1, 'order-4')).raw.blockedBy?.reason); // budget "spend-limit" of user "alice": … 0 HBAR left …
await kit.close();
await net.stop();
