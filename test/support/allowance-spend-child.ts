/**
 * A child process of the AllowanceSpendPolicy processes spec: an agent on the devnet whose
 * AllowanceSpendPolicy keeps its holds in argv[6] (a SQLite file, or "memory"). Once its kit is up
 * it prints "ready" and waits for a line on stdin; then it sends argv[7] allowance transfers of
 * argv[8] HBAR each from the owner argv[4] to argv[5], all at once, and prints one JSON line: how
 * many succeeded, how many the policy refused, and what the others said. argv[2..3]: the devnet's
 * gRPC address and mirror URL; the agent is argv[9] with key argv[10].
 */
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../src/kit/create-agent-kit.js';
import { AllowanceSpendPolicy } from '../../src/policies/allowance-spend-policy.js';

async function main(): Promise<void> {
  const [grpcAddress, mirrorUrl, owner, recipient, file, tries, amount, agentId, agentKey] = process.argv.slice(2);
  const client = createDevnetClient(grpcAddress!, agentId!, PrivateKey.fromStringDer(agentKey!));
  const policy = new AllowanceSpendPolicy({ owners: [owner!], ...(file === 'memory' ? { store: 'memory' as const } : { store: { sqlite: file! }, name: 'team-allowance' }) });
  const kit = await createAgentKit({ client, mirrorNodeUrl: mirrorUrl!, context: { hooks: [policy] } });
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
  const results = await Promise.all(
    Array.from({ length: Number(tries) }, () => kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: owner!, transfers: [{ accountId: recipient!, amount: Number(amount) }] })),
  );
  await kit.close();
  client.close();
  const succeeded = results.filter((result) => result.raw.status === 'SUCCESS').length;
  const refused = results.filter((result) => result.raw.errorCode === 'E_POLICY_BLOCKED').length;
  const others = results.filter((result) => result.raw.status !== 'SUCCESS' && result.raw.errorCode !== 'E_POLICY_BLOCKED').map((result) => result.humanMessage);
  process.stdout.write(`${JSON.stringify({ succeeded, refused, others })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
