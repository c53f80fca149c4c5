// A child process for the console's kit spec: an agent kit on the parent's devnet whose approvals
// and kill switch are on the parent's Redis. KIT_ACTION 'transfer': asks for a deferred 10 HBAR
// transfer, prints {"id"}, waits until the request is approved (from any process), resumes it and
// prints {"status","transactionId"}. 'guard': prints {"ready"}, then once its kill switch reads
// paused, tries a transfer and prints what blocked it.
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { RedisApprovalStore } from '../../../src/policies/approvals/index.js';

const say = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.KIT_GRPC!, env.KIT_PAYER!, PrivateKey.fromStringDer(env.KIT_KEY!));
  const store = new RedisApprovalStore({ url: env.KIT_REDIS!, prefix: env.KIT_PREFIX! });
  const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store });
  const kit = await createAgentKit({ client, mirrorNodeUrl: env.KIT_MIRROR, context: { hooks: [policy] }, killSwitch: { store: { redis: env.KIT_REDIS!, prefix: env.KIT_PREFIX! }, pollMs: 50 } });
  const transfer = () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: env.KIT_RECIPIENT!, amount: 10 }] });
  if (env.KIT_ACTION === 'transfer') {
    const approved = new Promise<void>((done) => store.subscribe((change) => change.record.state === 'approved' && done()));
    await store.subscribed();
    const held = await transfer();
    say({ id: held.raw.approvalRequestId, status: held.raw.status });
    await approved;
    const result = await kit.resume(held.raw.approvalRequestId as string);
    say({ status: result.raw.status, transactionId: result.raw.transactionId ?? null });
  } else {
    say({ ready: true });
    while (kit.killSwitch?.state.state !== 'paused') await new Promise((done) => setTimeout(done, 25));
    const result = await transfer();
    say({ status: result.raw.status, blockedBy: (result.raw.blockedBy as { policy?: string } | undefined)?.policy ?? null, transactionId: result.raw.transactionId ?? null });
  }
  await kit.close();
  await store.close();
  client.close();
}

main().catch((error) => {
  process.stderr.write(`console kit child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
