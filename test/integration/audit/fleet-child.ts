// One agent process of a fleet: loads the shared configuration file (FLEET_CONFIG: network "local",
// one HcsAuditTrailHook with a shared journalDir), says `ready <its journal>`, waits for `go` on
// stdin, makes FLEET_CALLS audited transfers two at a time (saying `call <k>` as each returns),
// then waits for stdin to end before it closes the kit (flushing) and says `done <undelivered>`.
// The operator comes from HEDERA_OPERATOR_ID / HEDERA_OPERATOR_KEY, as for any configured kit.
import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../../src/config/load-config.js';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';

async function main(): Promise<void> {
  const env = process.env;
  const calls = Number(env.FLEET_CALLS);
  const configured = await createKitFromConfig(await loadConfig({ path: env.FLEET_CONFIG! }), { env });
  const { kit } = configured;
  const [status] = kit.audit.pending();
  process.stdout.write(`ready ${status?.journal}\n`);
  const lines = createInterface({ input: process.stdin });
  const ended = new Promise<void>((resolve) => lines.once('close', resolve));
  await new Promise<void>((resolve) => lines.on('line', (line) => line === 'go' && resolve()));
  for (let k = 1; k <= calls; k += 2) {
    await Promise.all(
      [k, k + 1].filter((n) => n <= calls).map(async (n) => {
        const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: env.FLEET_RECIPIENT!, amount: '0.00000001' }], transactionMemo: `${env.FLEET_NAME}-${n}` });
        if (result.raw.status !== 'SUCCESS') throw new Error(`call ${n}: ${JSON.stringify(result.raw)}`);
        process.stdout.write(`call ${n}\n`);
      }),
    );
  }
  process.stdout.write('called\n');
  await ended;
  await configured.close();
  process.stdout.write(`done ${kit.audit.pending()[0]?.undelivered ?? 0}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`fleet child failed: ${(error as Error).message}\n`);
  process.exit(2);
});
