/**
 * An agent process of the shared-budget spec: builds the kit `argv[2]` (a configuration file)
 * describes, with the operator from its environment, sends `argv[3]` transfers of `argv[5]` HBAR to
 * `argv[4]` at once, and prints `{ "success": n, "blocked": n, "other": [...] }`.
 */
import 'reflect-metadata';
import { createKitFromConfig } from '../../src/config/create-kit-from-config.js';
import { loadConfig } from '../../src/config/load-config.js';

async function main(): Promise<void> {
  const [file, calls, recipient, hbar] = process.argv.slice(2);
  const { kit, close } = await createKitFromConfig(await loadConfig({ path: file! }));
  try {
    const results = await Promise.all(Array.from({ length: Number(calls) }, () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient!, amount: Number(hbar) }] })));
    const success = results.filter((result) => result.raw.status === 'SUCCESS').length;
    const blocked = results.filter((result) => result.raw.errorCode === 'E_POLICY_BLOCKED').length;
    const other = results.filter((result) => result.raw.status !== 'SUCCESS' && result.raw.errorCode !== 'E_POLICY_BLOCKED').map((result) => result.humanMessage);
    process.stdout.write(`${JSON.stringify({ success, blocked, other })}\n`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
