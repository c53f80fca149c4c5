// A child process for the settling spec: one audited transfer, which the parent SIGKILLs while it is
// in flight (the devnet is told to hold the answer, or to refuse the connection). Everything comes
// from the environment.
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.SETTLE_GRPC!, '0.0.2', PrivateKey.fromStringDer(env.SETTLE_KEY!));
  const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], env.SETTLE_TOPIC!, undefined, { journalDir: env.SETTLE_JOURNAL! });
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
  process.stdout.write('ready\n');
  const result = await kit.execute('transfer_hbar_tool', { to: env.SETTLE_RECIPIENT!, tinybars: Number(env.SETTLE_TINYBARS), memo: 'interrupted' });
  process.stdout.write(`returned ${String(result.raw.status)}\n`);
}

main().catch((error) => {
  process.stderr.write(`settle child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
