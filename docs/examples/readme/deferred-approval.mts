import { createAgentKit } from 'hedera-agent-hooks';
import { ApprovalPolicy, MemoryApprovalStore } from 'hedera-agent-hooks/policies';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const net = await startDevnet();
const { accountId } = await net.createAccount({ hbar: 0 });
const approvals = new MemoryApprovalStore(); // RedisApprovalStore to share requests between processes
const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, stage: 'postCoreAction', wait: 'deferred', store: approvals });
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
const held = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId, amount: 10 }] });
const id = String(held.raw.approvalRequestId);
console.log(held.raw.status); // PENDING_APPROVAL: nothing was sent, the model is told a human must decide
const decided = await approvals.decide(id, { approver: 'alice', approve: true }); // or from the console, in any process
console.log(decided.ok); // true
console.log((await kit.resume(id)).raw.status); // SUCCESS: exactly the approved bytes, sent once
console.log((await kit.resume(id)).raw.errorCode); // E_APPROVAL_NOT_EXECUTABLE: it ran already
await kit.close();
await net.stop();
