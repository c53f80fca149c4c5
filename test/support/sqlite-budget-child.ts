/**
 * A child process of the SQLite store's process spec: opens the store at argv[2] and tries
 * argv[3] reservations of argv[4] tinybar against a limit of argv[5] in budget "shared", all at
 * once, commits each granted one, then prints how many were granted and exits.
 */
import { SqlitePolicyStore } from '../../src/policies/state/sqlite-store.js';

async function main(): Promise<void> {
  const [file, tries, amount, limit] = process.argv.slice(2);
  const store = new SqlitePolicyStore({ path: file! });
  const line = { account: '0.0.1001', asset: 'HBAR', amount: BigInt(amount!), limit: BigInt(limit!) };
  const answers = await Promise.all(Array.from({ length: Number(tries) }, (_, at) => store.reserve('shared', `${process.pid}-${at}`, [line], 3_600_000)));
  let granted = 0;
  for (const [at, answer] of answers.entries()) {
    if (!answer.ok) continue;
    granted++;
    // What was granted is spent, racing the other processes' reservations: a commit frees no room.
    await store.commit('shared', `${process.pid}-${at}`, [line], 3_600_000);
  }
  await store.close();
  process.stdout.write(`${granted}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
