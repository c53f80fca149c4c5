import { AccountCreateTransaction, Hbar, KeyList, PrivateKey } from '@hiero-ledger/sdk';
import { createAgentKit } from 'hedera-agent-hooks';
import { ApprovalPolicy, signScheduledRequest } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const operator = net.client();
// A treasury that only 2 of 3 approvers can move; the agent's own account is not one of them.
const approvers = [PrivateKey.generateED25519(), PrivateKey.generateED25519(), PrivateKey.generateECDSA()];
const created = await new AccountCreateTransaction().setKeyWithoutAlias(new KeyList(approvers.map((key) => key.publicKey), 2)).setInitialBalance(new Hbar(100)).execute(operator);
const treasury = (await created.getReceipt(operator)).accountId!.toString();
const { accountId: bob } = await net.createAccount({ hbar: 0 });

const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: approvers.map((key) => key.publicKey.toStringDer()) } });
const kit = await createAgentKit({ client: operator, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
const sent = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
console.log(sent.raw.status, sent.raw.awaitingApproval); // SUCCESS true: the schedule exists, the transfer has NOT run
const id = String(sent.raw.approvalRequestId);
// Each approver signs the schedule (this is what `agent-hooks approve <id> --key <file>` does).
console.log((await signScheduledRequest(policy.approvalStore, id, approvers[0]!, operator)).ok && 'first signature'); // the ledger still waits
const second = await signScheduledRequest(policy.approvalStore, id, approvers[1]!, operator);
console.log(second.ok && second.executed); // true: the threshold is met, the ledger ran the transfer
await kit.close();
await net.stop();
