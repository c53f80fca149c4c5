/**
 * `npm run bench`: every benchmark case, each compared with a baseline measured in the same run.
 * Prints a table, or with `--json` one JSON object per line.
 */
import 'reflect-metadata';
import { DISPATCH_CASES, benchDispatch } from './dispatch-bench.js';

const json = process.argv.includes('--json');

function print(row: Record<string, unknown>, human: string): void {
  process.stdout.write(`${json ? JSON.stringify(row) : human}\n`);
}

async function main(): Promise<void> {
  if (!json) process.stdout.write('dispatch: lifecycle cost per call (no-op tool, four stages) vs a plain loop over the same steps\n');
  for (const [registered, relevant] of DISPATCH_CASES) {
    const row = await benchDispatch(registered, relevant);
    const ratio = row.ns_per_call / row.floor_ns_per_call;
    print(
      { ...row, ratio: Number(ratio.toFixed(2)) },
      `  registered ${String(registered).padStart(4)}  relevant ${relevant}  ${String(row.ns_per_call).padStart(6)} ns/call  floor ${String(row.floor_ns_per_call).padStart(6)} ns/call  ratio ${ratio.toFixed(2)}`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
