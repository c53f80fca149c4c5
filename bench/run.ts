/**
 * `npm run bench`: every benchmark case, each compared with a baseline measured in the same run.
 * Prints a table, or with `--json` one JSON object per line. Name cases to run only those:
 * `npm run bench -- dispatch audit --json`.
 */
import 'reflect-metadata';
import { benchAudit } from './audit-bench.js';
import { AUDIT_TRANSFER_LATENCY_MS, benchAuditTransfers } from './audit-transfer-bench.js';
import { benchColdStart } from './cold-start-bench.js';
import { benchConsole } from './console-bench.js';
import { benchDevnet } from './devnet-bench.js';
import { benchEntrySize } from './entry-size-bench.js';
import { DISPATCH_CASES, benchDispatch } from './dispatch-bench.js';
import { benchJournal } from './journal-bench.js';
import { benchPolicies } from './policies-bench.js';
import { POLICY_COUNT, benchPolicyDispatch } from './policy-dispatch-bench.js';
import { STARTUP_HOOK_COUNTS, benchStartup } from './startup-bench.js';
import { benchTelemetry } from './telemetry-bench.js';
import { benchSigner } from './signer-bench.js';

// `npm run bench -- --json | head` closes the pipe early; stop quietly instead of crashing on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

const args = process.argv.slice(2);
const json = args.includes('--json');
const CASES = ['dispatch', 'devnet', 'audit', 'policies', 'journal', 'coldstart', 'startup', 'entries', 'telemetry', 'console', 'signer'] as const;
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
  heading('dispatch: lifecycle cost per call (no-op tool, four stages) vs a plain loop over the same steps, vs the real Hedera Agent Kit, and vs the loop plus the guard work every call does (copying and screening the input, freezing what listeners see, redacting the result)');
  for (const [registered, relevant] of DISPATCH_CASES) {
    const row = await benchDispatch(registered, relevant);
    const ratio = row.ns_per_call / row.floor_ns_per_call;
    const toRealKit = row.ns_per_call / row.real_kit_ns_per_call;
    print(
      { ...row, ratio: Number(ratio.toFixed(2)), ratio_to_real_kit: Number(toRealKit.toFixed(2)), ratio_to_guarded_floor: Number((row.ns_per_call / row.guarded_floor_ns_per_call).toFixed(2)) },
      `  registered ${String(registered).padStart(4)}  relevant ${relevant}  ${String(row.ns_per_call).padStart(6)} ns/call  floor ${String(row.floor_ns_per_call).padStart(6)} ns/call  ratio ${ratio.toFixed(2)}` +
        `  |  real kit ${String(row.real_kit_ns_per_call).padStart(7)} ns/call  (${toRealKit.toFixed(2)}x of it)` +
        `  |  floor + guards ${String(row.guarded_floor_ns_per_call).padStart(6)} ns/call (${(row.guarded_floor_ns_per_call / row.floor_ns_per_call).toFixed(2)}x the floor; kit ${(row.ns_per_call / row.guarded_floor_ns_per_call).toFixed(2)}x of it)`,
    );
  }
  heading(`dispatch with ${POLICY_COUNT} policies, all relevant, each allowing at preToolExecution, vs the same verdicts called directly, and vs the real kit's AbstractPolicy`);
  for (const style of ['seed', 'decorated'] as const) {
    const row = await benchPolicyDispatch(style);
    const ratio = row.ns_per_call / row.floor_ns_per_call;
    const toRealKit = row.ns_per_call / row.real_kit_ns_per_call;
    print(
      { ...row, ratio: Number(ratio.toFixed(2)), ratio_to_real_kit: Number(toRealKit.toFixed(2)), ratio_to_guarded_floor: Number((row.ns_per_call / row.guarded_floor_ns_per_call).toFixed(2)) },
      `  ${style.padEnd(9)}  ${String(row.ns_per_call).padStart(6)} ns/call  floor ${String(row.floor_ns_per_call).padStart(6)} ns/call  ratio ${ratio.toFixed(2)}` +
        `  |  real kit ${String(row.real_kit_ns_per_call).padStart(7)} ns/call  (${toRealKit.toFixed(2)}x of it)\n` +
        `             floor + the guard work of every watched call (copy, screen, call ID, freeze, redact) ${String(row.guarded_floor_ns_per_call).padStart(6)} ns/call: ` +
        `${(row.guarded_floor_ns_per_call / row.floor_ns_per_call).toFixed(2)}x the floor; the kit is ${(row.ns_per_call / row.guarded_floor_ns_per_call).toFixed(2)}x of it`,
    );
  }
}

async function signer(): Promise<void> {
  heading('signer: sequential HBAR transfers with receipts on the devnet, signed in-process vs through a policy signer on loopback (judging each body); signatures per second of one replica with Redis budgets, 32 in flight, vs signing in-process');
  const row = await benchSigner();
  print(
    { case: 'signer', ...row },
    `  in-process ${row.in_process_ms_per_tx} ms/tx  through the signer ${row.signer_ms_per_tx} ms/tx  added ${row.added_ms_per_tx} ms/tx\n` +
      `  signatures/s: in-process ${row.in_process_signatures_per_s}  one replica with Redis budgets ${row.signer_redis_signatures_per_s ?? `(skipped: ${row.skipped})`}`,
  );
}

async function devnet(): Promise<void> {
  heading('devnet: HBAR transfer + receipt round trips through the official SDK vs a plain grpc-js echo service answering the same two calls with replies of the same sizes (taking turns in short blocks; target ratio >= 0.33)');
  const row = await benchDevnet();
  const speedup = row.concurrent_tx_per_s / row.sequential_tx_per_s;
  const rate = (value: number) => `${String(value).padStart(5)} tx/s`;
  print(
    { case: 'devnet', ...row, concurrency_speedup: Number(speedup.toFixed(2)) },
    `  sequential ${rate(row.sequential_tx_per_s)}  floor ${rate(row.floor_sequential_tx_per_s)}  ratio ${row.ratio_sequential.toFixed(2)}\n` +
      `  32 in flight ${rate(row.concurrent_tx_per_s)}  floor ${rate(row.floor_concurrent_tx_per_s)}  ratio ${row.ratio_concurrent.toFixed(2)}\n` +
      `  bytes per call (request→reply): transfer ${row.transfer_bytes}, receipt ${row.receipt_bytes}`,
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
  heading(`audit_transfers: HBAR transfers on the devnet at ${AUDIT_TRANSFER_LATENCY_MS} ms per gRPC call, HcsAuditTrailHook (default options, delivering) vs the same kit without it; targets: ratio >= 0.9, sequential <= 0.25 messages/call`);
  const row = await benchAuditTransfers(AUDIT_TRANSFER_LATENCY_MS);
  print(
    { ...row },
    `  32 callers: ${row.delivered_calls_per_s} delivered calls/s vs ${row.no_audit_calls_per_s} without auditing, ratio ${row.ratio.toFixed(2)} (target 0.9)  |  ` +
      `CPU ${row.audited_cpu_us_per_call} µs/call vs ${row.no_audit_cpu_us_per_call} µs/call  |  ${row.messages_per_call_32} HCS messages/call\n` +
      `             p50 call ${row.audited_p50_call_ms} ms vs ${row.no_audit_p50_call_ms} ms without auditing; last entry confirmed ${row.flush_tail_ms} ms after the round's last call\n` +
      `  one caller, one transfer after another: ${row.messages_per_call_sequential} HCS messages/call (target 0.25), p50 call ${row.p50_call_ms_sequential} ms`,
  );
}

async function policies(): Promise<void> {
  heading('policies: SpendLimitPolicy + RateLimitPolicy per call on a no-op value tool (transfer_hbar_tool parsing and normalising, nothing sent), in-memory store vs no policy and one allow-all policy, and what Redis adds');
  const row = await benchPolicies();
  const redis = row.redis_added_us_per_call === null ? `Redis skipped (${row.redis_skipped})` : `Redis store adds ${row.redis_added_us_per_call} µs/call`;
  print(
    { ...row },
    `  without ${row.without_ns_per_call} ns/call  one allow-all policy ${row.noop_policy_ns_per_call} ns/call  both, in memory ${row.memory_ns_per_call} ns/call  ` +
      `ratio ${row.ratio} (${row.ratio_to_noop_policy} to one policy)  |  ${redis}\n` +
      `  dollar cap + dollar budget (MaxTransferPolicy + SpendLimitPolicy, usd, rate fresh) ${row.usd_ns_per_call} ns/call  ratio ${row.usd_ratio} to without\n` +
      `  report mode (both policies + one that would block every call, all reported) ${row.report_ns_per_call} ns/call  ratio ${row.report_ratio} to without, ${row.report_to_enforcing} to the same three enforcing (the third allowing)\n` +
      `  bare tool (no params, no work): without ${row.bare_without_ns_per_call} ns/call  both, in memory ${row.bare_memory_ns_per_call} ns/call  ratio ${row.bare_ratio}`,
  );
}

async function journal(): Promise<void> {
  heading('journal: an audit journal with 100k delivered entries vs an empty one: opening, heap kept, audited call latency (devnet, delivering)');
  const row = await benchJournal();
  const openRatio = row.open_ms / Math.max(row.empty_open_ms, 0.001);
  print(
    { ...row, open_ratio: Number(openRatio.toFixed(2)) },
    `  ${row.history_entries} entries written in ${row.build_s} s: hot file ${(row.hot_file_bytes / 2 ** 20).toFixed(1)} MB, ${row.segment_files} segments ${(row.segment_bytes / 2 ** 20).toFixed(1)} MB\n` +
      `  open ${row.open_ms} ms (empty ${row.empty_open_ms} ms, ${openRatio.toFixed(1)}x)  heap kept ${row.heap_after_open_mb} MB (empty ${row.empty_heap_after_open_mb} MB; whole process ${row.process_heap_mb.toFixed(0)} MB)\n` +
      `  audited call p50 ${row.p50_ms} ms vs ${row.empty_p50_ms} ms on an empty journal (ratio ${row.p50_ratio.toFixed(2)})  p99 ${row.p99_ms} ms vs ${row.empty_p99_ms} ms`,
  );
}

async function coldstart(): Promise<void> {
  heading('coldstart: a fresh process, modules loaded, creates the kit and makes its first call (transfer_hbar_tool, RETURN_BYTES, no network) vs the real Hedera Agent Kit');
  for (const row of await benchColdStart()) {
    print(
      { ...row },
      `  ${row.format.padEnd(3)}  create ${row.create_ms} ms + first call ${row.first_call_ms} ms = ${row.total_ms} ms  |  real kit ${row.real_kit_create_ms} + ${row.real_kit_first_call_ms} = ${row.real_kit_total_ms} ms` +
        `  ratio ${row.ratio.toFixed(2)}  (medians of ${row.runs} processes each; module load, not counted: ${row.module_load_ms} ms vs ${row.real_kit_module_load_ms} ms)`,
    );
  }
}

async function startup(): Promise<void> {
  heading('startup: creating the kit (core plugins, offline) with 100 and 1 000 hooks that name tools it does not have, warned about (16 one by one, then a summary), vs the real Hedera Agent Kit building its tools and API with the same hooks');
  for (const count of STARTUP_HOOK_COUNTS) {
    const row = await benchStartup(count);
    print(
      { ...row },
      `  ${String(count).padStart(4)} hooks  create ${row.create_ms.toFixed(1)} ms (${row.warnings} warnings)  |  real kit ${row.real_kit_create_ms.toFixed(1)} ms  ratio ${row.ratio.toFixed(2)}`,
    );
  }
}

async function entries(): Promise<void> {
  heading("entries: HCS bytes per call of a typical transfer's audit entry (a one-entry batch message) vs the same entry before replay needed the input (normalised params, no input); target ratio <= 1");
  const row = await benchEntrySize();
  print(
    { ...row },
    `  plain ${row.bytes_per_call} B vs ${row.pre_replay_bytes_per_call} B before replay  ratio ${row.ratio.toFixed(2)}  |  brotli ${row.compressed_bytes_per_call} B vs ${row.pre_replay_compressed_bytes_per_call} B  ratio ${row.compressed_ratio.toFixed(2)}  |  params and input both (as written while replay carried two copies) ${row.two_copy_bytes_per_call} B`,
  );
}

async function telemetry(): Promise<void> {
  heading('telemetry: what createAgentKit({ telemetry }) adds per call (no-op tool, one relevant hook, the real OpenTelemetry SDK), vs the same kit with telemetry off');
  const row = await benchTelemetry();
  const added = (ns: number) => `${String(ns).padStart(6)} ns/call (+${ns - row.off_ns_per_call} ns)`;
  print(
    { ...row, traces_added_ns: row.traces_ns_per_call - row.off_ns_per_call, metrics_added_ns: row.metrics_ns_per_call - row.off_ns_per_call, both_added_ns: row.both_ns_per_call - row.off_ns_per_call },
    `  off ${String(row.off_ns_per_call).padStart(6)} ns/call  |  traces ${added(row.traces_ns_per_call)}  metrics ${added(row.metrics_ns_per_call)}  both ${added(row.both_ns_per_call)}`,
  );
}

async function operatorConsole(): Promise<void> {
  heading('console: from a journal entry written to its event on a page (SSE), and the pending-approvals list with 1 000 requests waiting');
  const row = await benchConsole();
  print(
    { ...row },
    `  entry to SSE: median ${row.entry_to_sse_median_ms} ms, p95 ${row.entry_to_sse_p95_ms} ms, max ${row.entry_to_sse_max_ms} ms over ${row.entries} entries` +
      `  |  pending list (${row.pending}): median ${row.pending_list_median_ms} ms, p95 ${row.pending_list_p95_ms} ms, ${row.pending_list_bytes} bytes`,
  );
}

const runners = { dispatch, devnet, audit, policies, journal, coldstart, startup, entries, telemetry, console: operatorConsole, signer };

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
