// A child process for the shared-budget test: one agent kit on the parent's devnet, spending from
// the shared payer account under a SpendLimitPolicy on the parent's Redis. Everything comes from
// the environment; it prints one JSON line with the status of each call, then exits.
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.BUDGET_GRPC!, env.BUDGET_PAYER!, PrivateKey.fromStringDer(env.BUDGET_KEY!));
  const policy = new SpendLimitPolicy({
    hbar: Number(env.BUDGET_HBAR),
    windowMs: 86_400_000,
    store: { redis: env.BUDGET_REDIS!, prefix: 'shared-test' },
    name: env.BUDGET_NAME!,
  });
  const kit = await createAgentKit({ client, mirrorNodeUrl: env.BUDGET_MIRROR, context: { hooks: [policy] } });
  const calls = Number(env.BUDGET_CALLS);
  const amount = Number(env.BUDGET_AMOUNT);
  // Ten at a time, so the processes' calls interleave on the ledger and in Redis.
  const results: { status: string; errorCode?: string }[] = [];
  for (let start = 0; start < calls; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, calls - start) }, () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: env.BUDGET_RECIPIENT!, amount }] })),
    );
    results.push(...batch.map((result) => ({ status: result.raw.status, ...(result.raw.errorCode ? { errorCode: result.raw.errorCode } : {}) })));
  }
  await kit.close();
  client.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error) => {
  process.stderr.write(`budget child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
