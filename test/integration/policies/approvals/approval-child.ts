// A child process for the approval specs: one agent kit on the parent's devnet with an
// ApprovalPolicy whose requests are on the parent's Redis. APPROVAL_ACTION says what it does:
// 'resume' decides APPROVAL_ID (approver APPROVAL_APPROVER) and resumes it, printing the result's
// status as one JSON line; 'wait' starts an in-call transfer that waits (the parent kills it).
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../../src/policies/approval-policy.js';
import { RedisApprovalStore } from '../../../../src/policies/approvals/index.js';

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.APPROVAL_GRPC!, env.APPROVAL_PAYER!, PrivateKey.fromStringDer(env.APPROVAL_KEY!));
  const store = new RedisApprovalStore({ url: env.APPROVAL_REDIS!, prefix: env.APPROVAL_PREFIX! });
  const wait = env.APPROVAL_ACTION === 'wait' ? 'in-call' : 'deferred';
  const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait, store, timeoutMs: 60_000 });
  const kit = await createAgentKit({ client, mirrorNodeUrl: env.APPROVAL_MIRROR, context: { hooks: [policy] } });
  if (env.APPROVAL_ACTION === 'wait') {
    process.stdout.write('waiting\n');
    await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: env.APPROVAL_RECIPIENT!, amount: 10 }] });
    return;
  }
  await store.decide(env.APPROVAL_ID!, { approver: env.APPROVAL_APPROVER!, approve: true });
  const result = await kit.resume(env.APPROVAL_ID!);
  await kit.close();
  await store.close();
  client.close();
  process.stdout.write(`${JSON.stringify({ status: result.raw.status, errorCode: result.raw.errorCode ?? null })}\n`);
}

main().catch((error) => {
  process.stderr.write(`approval child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
