// A child process for the keyed shared-budget test: one agent kit per session on the parent's
// devnet, all spending from one payer under SpendLimitPolicy({ per: 'context.sessionId' }) on the
// parent's Redis. Everything comes from the environment; it prints one JSON line with the status of
// each call by session, then exits.
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.PER_GRPC!, env.PER_PAYER!, PrivateKey.fromStringDer(env.PER_KEY!));
  // Session i pays recipient i, so the ledger shows what each session spent.
  const recipients = env.PER_RECIPIENTS!.split(',');
  const kits = await Promise.all(
    recipients.map((_, session) =>
      createAgentKit({
        client,
        mirrorNodeUrl: env.PER_MIRROR,
        context: {
          sessionId: `session-${session}`,
          hooks: [new SpendLimitPolicy({ hbar: Number(env.PER_HBAR), windowMs: 86_400_000, store: { redis: env.PER_REDIS!, prefix: 'per-test' }, name: env.PER_NAME!, per: 'context.sessionId' })],
        },
      }),
    ),
  );
  const calls = Number(env.PER_CALLS);
  const results: Record<string, string[]> = {};
  // Every session's calls at once, so sessions and processes interleave in Redis.
  await Promise.all(
    kits.map(async (kit, session) => {
      const statuses = await Promise.all(Array.from({ length: calls }, () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipients[session]!, amount: 1 }] })));
      results[`session-${session}`] = statuses.map((result) => result.raw.errorCode ?? result.raw.status);
    }),
  );
  await Promise.all(kits.map((kit) => kit.close()));
  client.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error) => {
  process.stderr.write(`per budget child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
