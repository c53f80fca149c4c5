/**
 * `npm run bench`: every benchmark case, each compared with a baseline measured in the same run.
 * Prints a table, or with `--json` one JSON object per line. Name cases to run only those:
 * `npm run bench -- dispatch audit --json`.
 */
import 'reflect-metadata';
import { benchAudit } from './audit-bench.js';
import { benchDevnet } from './devnet-bench.js';
import { DISPATCH_CASES, benchDispatch } from './dispatch-bench.js';
import { benchPolicies } from './policies-bench.js';

// `npm run bench -- --json | head` closes the pipe early; stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

const args = process.argv.slice(2);
const json = args.includes('--json');
const CASES = ['dispatch', 'devnet', 'audit', 'policies'] as const;
const unknown = args.filter((arg) => arg !== '--json' && !(CASES as readonly string[]).includes(arg));
const chosen = CASES.filter((name) => args.includes(name));
const selected = chosen.length ? chosen : CASES;

function print(row: Record<string, unknown>, human: string): void {
  process.stdout.write(`${json ? JSON.stringify(row) : human}\n`);
}

function heading(text: string): void {
  if (!json) process.stdout.write(`\n${text}\n`);
}

async function dispatch(): Promise<void> {
  heading('dispatch: lifecycle cost per call (no-op tool, four stages) vs a plain loop over the same steps, and vs the real Hedera Agent Kit');
  for (const [registered, relevant] of DISPATCH_CASES) {
    const row = await benchDispatch(registered, relevant);
    const ratio = row.ns_per_call / row.floor_ns_per_call;
    const toRealKit = row.ns_per_call / row.real_kit_ns_per_call;
    print(
      { ...row, ratio: Number(ratio.toFixed(2)), ratio_to_real_kit: Number(toRealKit.toFixed(2)) },
      `  registered ${String(registered).padStart(4)}  relevant ${relevant}  ${String(row.ns_per_call).padStart(6)} ns/call  floor ${String(row.floor_ns_per_call).padStart(6)} ns/call  ratio ${ratio.toFixed(2)}` +
        `  |  real kit ${String(row.real_kit_ns_per_call).padStart(7)} ns/call  (${toRealKit.toFixed(2)}x of it)`,
    );
  }
}

async function devnet(): Promise<void> {
  heading('devnet: HBAR transfer + receipt round trips through the official SDK');
  const row = await benchDevnet();
  const speedup = row.concurrent_tx_per_s / row.sequential_tx_per_s;
  print(
    { case: 'devnet', ...row, concurrency_speedup: Number(speedup.toFixed(2)) },
    `  sequential ${row.sequential_tx_per_s} tx/s  concurrent (32 in flight) ${row.concurrent_tx_per_s} tx/s  speedup ${speedup.toFixed(2)}`,
  );
}

async function audit(): Promise<void> {
  heading('audit: HcsAuditTrailHook vs the real Hedera Agent Kit\'s HcsAuditTrailHook on a no-I/O tool, with latency injected into every devnet gRPC call');
  for (const row of await benchAudit()) {
    const rateRatio = row.delivered_calls_per_s / Math.max(row.real_kit_calls_per_s, 1);
    const sequentialRatio = row.messages_per_call_sequential / Math.max(row.real_kit_messages_per_call_sequential, 0.001);
    const concurrentRatio = row.messages_per_call_32 / Math.max(row.real_kit_messages_per_call_32, 0.001);
    print(
      { ...row, delivered_ratio_to_real_kit: Number(rateRatio.toFixed(2)), messages_ratio_to_real_kit_sequential: Number(sequentialRatio.toFixed(3)), messages_ratio_to_real_kit_32: Number(concurrentRatio.toFixed(3)) },
      `  latency ${String(row.latency_ms).padStart(2)} ms  32 callers: ${row.delivered_calls_per_s} delivered calls/s vs real kit ${row.real_kit_calls_per_s} (${rateRatio.toFixed(1)}x), ` +
        `${row.messages_per_call_32} HCS messages/call vs ${row.real_kit_messages_per_call_32}\n` +
        `                 10 calls/s: ${row.messages_per_call_sequential} HCS messages/call vs real kit ${row.real_kit_messages_per_call_sequential} (${sequentialRatio.toFixed(2)}x), ` +
        `p50 call ${row.p50_call_ms_sequential} ms vs ${row.real_kit_p50_call_ms_sequential} ms`,
    );
  }
}

async function policies(): Promise<void> {
  heading('policies: SpendLimitPolicy + RateLimitPolicy per call on a no-op value tool, in-memory store vs no policy and one allow-all policy, and what Redis adds');
  const row = await benchPolicies();
  const redis = row.redis_added_us_per_call === null ? `Redis skipped (${row.redis_skipped})` : `Redis store adds ${row.redis_added_us_per_call} µs/call`;
  print(
    { ...row },
    `  without ${row.without_ns_per_call} ns/call  one allow-all policy ${row.noop_policy_ns_per_call} ns/call  both, in memory ${row.memory_ns_per_call} ns/call  ` +
      `ratio ${row.ratio} (${row.ratio_to_noop_policy} to one policy)  |  ${redis}`,
  );
}

const runners = { dispatch, devnet, audit, policies };

async function main(): Promise<void> {
  if (unknown.length) {
    process.stderr.write(`unknown bench argument(s): ${unknown.join(', ')}; cases are ${CASES.join(', ')}, plus --json\n`);
    process.exitCode = 2;
    return;
  }
  for (const name of selected) await runners[name]();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
