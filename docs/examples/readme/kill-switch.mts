import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
// {} is this process only; { store: { redis: 'redis://127.0.0.1:6379' } } stops every process sharing it within a second.
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, killSwitch: {} });
const pay = () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount: 1 }] });
await kit.pause('investigating a leak', { by: 'alice' }); // scope: 'value-moving' (default) or 'all'
console.log((await pay()).raw.blockedBy?.reason); // the kill switch is on: alice paused every value-moving call at … because "investigating a leak" …
await kit.unpause({ by: 'alice' });
console.log((await pay()).raw.status); // SUCCESS
await kit.close();
await net.stop();
