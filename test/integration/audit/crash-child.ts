// A child process for the audit crash test: makes audited transfers until killed or done.
// Everything comes from the environment; progress (calls that returned) goes to a file so the
// next run continues where this one stopped.
import 'reflect-metadata';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { PrivateKey } from '@hiero-ledger/sdk';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

async function main(): Promise<void> {
  const env = process.env;
  const total = Number(env.CRASH_TOTAL);
  const progress = env.CRASH_PROGRESS!;
  const done = existsSync(progress) ? readFileSync(progress, 'utf8').split('\n').filter(Boolean).map(Number) : [];
  let next = done.length ? Math.max(...done) + 1 : 1;
  const client = createDevnetClient(env.CRASH_GRPC!, '0.0.2', PrivateKey.fromStringDer(env.CRASH_KEY!));
  const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], env.CRASH_TOPIC!, undefined, { journalDir: env.CRASH_JOURNAL!, minBackoffMs: 20, maxBackoffMs: 200 });
  const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
  process.stdout.write('ready\n');
  while (next <= total) {
    // A few calls at once, so entries share messages and journal writes share an fsync.
    const batch = Array.from({ length: Math.min(4, total - next + 1) }, (_, at) => next + at);
    await Promise.all(
      batch.map(async (k) => {
        await kit.execute('transfer_hbar_tool', { to: env.CRASH_RECIPIENT!, tinybars: 1, memo: `call-${k}` });
        appendFileSync(progress, `${k}\n`);
      }),
    );
    next += batch.length;
  }
  await kit.close();
  client.close();
  const [status] = kit.audit.pending();
  process.stdout.write(`done ${status?.undelivered ?? 0}\n`);
}

main().catch((error) => {
  process.stderr.write(`crash child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
