/**
 * An agent process of the per-call context spec: builds the kit `argv[2]` (a configuration file)
 * describes, with the operator from its environment, and sends at once, for each recipient i of
 * `argv[3]` (comma-separated), `argv[4]` transfers of `argv[5]` HBAR as session `session-i`
 * (`kit.execute(…, { context: { sessionId } })`). Prints `{ "session-0": [status, …], … }`, each
 * status `SUCCESS`, an error code, or the result's message.
 */
import 'reflect-metadata';
import { createKitFromConfig } from '../../src/config/create-kit-from-config.js';
import { loadConfig } from '../../src/config/load-config.js';

async function main(): Promise<void> {
  const [file, recipientList, perSession, hbar] = process.argv.slice(2);
  const recipients = recipientList!.split(',');
  const { kit, close } = await createKitFromConfig(await loadConfig({ path: file! }));
  try {
    const calls = Array.from({ length: recipients.length * Number(perSession) }, (_, at) => at % recipients.length);
    const results = await Promise.all(calls.map((session) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipients[session]!, amount: Number(hbar) }] }, { context: { sessionId: `session-${session}` } })));
    const bySession: Record<string, string[]> = {};
    results.forEach((result, at) => (bySession[`session-${calls[at]}`] ??= []).push(result.raw.status === 'SUCCESS' ? 'SUCCESS' : String(result.raw.errorCode ?? result.humanMessage)));
    process.stdout.write(`${JSON.stringify(bySession)}\n`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
