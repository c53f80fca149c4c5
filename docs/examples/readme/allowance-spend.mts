import { AccountAllowanceApproveTransaction, Hbar } from '@hiero-ledger/sdk';
import { createAgentKit } from 'hedera-agent-hooks';
import { AllowanceSpendPolicy } from 'hedera-agent-hooks/policies';
import { createDevnetClient, startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const user = await net.createAccount({ hbar: 100 });
const agent = await net.createAccount({ hbar: 10 });
const shop = await net.createAccount({ hbar: 0 });
// The user approves 5 HBAR for the agent's account, signing with the user's own key.
const userClient = createDevnetClient(net.grpcAddress, user.accountId, user.privateKey);
await (await new AccountAllowanceApproveTransaction().approveHbarAllowance(user.accountId, agent.accountId, new Hbar(5)).execute(userClient)).getReceipt(userClient);
userClient.close();

const agentClient = createDevnetClient(net.grpcAddress, agent.accountId, agent.privateKey);
const kit = await createAgentKit({ client: agentClient, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new AllowanceSpendPolicy({ owners: [user.accountId] })] } });
const spend = (amount: number) => kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: user.accountId, transfers: [{ accountId: shop.accountId, amount }] });
console.log((await spend(4)).raw.status); // SUCCESS: 4 of the 5 HBAR allowed
console.log((await spend(2)).raw.blockedBy?.reason); // 0.0.1001's allowance to 0.0.1002 has 1 HBAR left (…); this call spends 2 HBAR
console.log((await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: shop.accountId, amount: 1 }] })).raw.blockedBy?.reason); // transfer_hbar_tool moves value the agent's own account funds; …
await kit.close();
agentClient.close();
await net.stop();
