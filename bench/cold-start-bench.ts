/**
 * Cold start: in a fresh process, the time from the package's modules being loaded to the first
 * call's result (creating the kit, then one call of a tool that needs no network), for this kit and
 * for the real Hedera Agent Kit, in their CommonJS and ES-module builds. Each repetition starts one
 * process per contender and build (see cold-start-child.ts), alternating which goes first, so drift
 * and other load on the machine hit both alike; medians are reported.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from './timing.js';

const run = promisify(execFile);
const CHILD = path.join(__dirname, 'cold-start-child.js');
const FORMATS = ['cjs', 'esm'] as const;

export interface ColdStartResult {
  case: 'coldstart';
  format: (typeof FORMATS)[number];
  runs: number;
  create_ms: number;
  first_call_ms: number;
  /** Median of create + first call, per process. */
  total_ms: number;
  real_kit_create_ms: number;
  real_kit_first_call_ms: number;
  real_kit_total_ms: number;
  /** total_ms / real_kit_total_ms. */
  ratio: number;
  /** Loading the package and the SDK, not counted above: for scale. */
  module_load_ms: number;
  real_kit_module_load_ms: number;
}

interface Sample {
  load_us: number;
  create_us: number;
  first_call_us: number;
}

async function sample(contender: 'ours' | 'real', format: string): Promise<Sample> {
  const { stdout } = await run(process.execPath, [CHILD, contender, format], { timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Sample;
}

/** One row per build, from `runs` fresh processes of each contender. */
export async function benchColdStart(runs = 7): Promise<ColdStartResult[]> {
  const samples = new Map<string, Sample[]>();
  const record = (key: string, value: Sample) => samples.set(key, [...(samples.get(key) ?? []), value]);
  for (let round = 0; round < runs; round++) {
    for (const format of FORMATS) {
      const order = round % 2 === 0 ? (['ours', 'real'] as const) : (['real', 'ours'] as const);
      // One after the other, never together: two processes at once would share the cores.
      for (const contender of order) record(`${contender}/${format}`, await sample(contender, format));
    }
  }
  return FORMATS.map((format) => {
    const ours = summary(samples.get(`ours/${format}`)!);
    const real = summary(samples.get(`real/${format}`)!);
    return {
      case: 'coldstart',
      format,
      runs,
      create_ms: ours.create,
      first_call_ms: ours.firstCall,
      total_ms: ours.total,
      real_kit_create_ms: real.create,
      real_kit_first_call_ms: real.firstCall,
      real_kit_total_ms: real.total,
      ratio: Number((ours.total / real.total).toFixed(2)),
      module_load_ms: ours.load,
      real_kit_module_load_ms: real.load,
    };
  });
}

function summary(samples: readonly Sample[]): { create: number; firstCall: number; total: number; load: number } {
  const ms = (values: number[]) => Number((median(values) / 1000).toFixed(1));
  return {
    create: ms(samples.map((s) => s.create_us)),
    firstCall: ms(samples.map((s) => s.first_call_us)),
    total: ms(samples.map((s) => s.create_us + s.first_call_us)),
    load: ms(samples.map((s) => s.load_us)),
  };
}
