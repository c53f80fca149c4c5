// A child process for the batched-delivery crash spec: one caller making audited transfers in a row
// with the hook's default options (so entries linger, waiting to share a message), printing
// `returned <k>` once each call has returned, i.e. once its entry is durable in the journal.
// The parent SIGKILLs it at a chosen moment. With BATCH_CALLS=0 it only starts, delivers what an
// earlier run left, closes and prints `done <undelivered>`.
import 'reflect-metadata';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

async function main(): Promise<void> {
  const env = process.env;
  const client = createDevnetClient(env.BATCH_GRPC!, '0.0.2', PrivateKey.fromStringDer(env.BATCH_KEY!));
  const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], env.BATCH_TOPIC!, undefined, { journalDir: env.BATCH_JOURNAL!, minBackoffMs: 20, maxBackoffMs: 200 });
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
  process.stdout.write('ready\n');
  const first = Number(env.BATCH_FIRST ?? 0);
  for (let k = first; k < first + Number(env.BATCH_CALLS); k++) {
    const result = await kit.execute('transfer_hbar_tool', { to: env.BATCH_RECIPIENT!, tinybars: 1, memo: `call-${k}` });
    process.stdout.write(`returned ${k} ${String(result.raw.status)}\n`);
  }
  if (env.BATCH_HOLD === '1') {
    // Waits to be killed: the entries stay journaled and lingering.
    setInterval(() => undefined, 60_000);
    process.stdout.write('holding\n');
    return;
  }
  await kit.close();
  client.close();
  const [status] = kit.audit.pending();
  process.stdout.write(`done ${status?.undelivered ?? 0}\n`);
}

main().catch((error) => {
  process.stderr.write(`batch crash child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
