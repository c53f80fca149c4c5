import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { createAgentKit } from '../src/index.js';
import { NOOP_METHOD, NoopHook, NoopTool, consume } from './dispatch-bench.js';
import { interleavedMedians } from './timing.js';

export interface TelemetryBenchResult {
  case: 'telemetry';
  off_ns_per_call: number;
  traces_ns_per_call: number;
  metrics_ns_per_call: number;
  both_ns_per_call: number;
}

class IdleReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/**
 * What telemetry adds per call: the dispatch bench's no-op tool with one relevant hook, in four
 * kits timed in alternating rounds: telemetry off, traces only (the real SDK's batch processor, spans
 * dropped by the exporter), metrics only (a real MeterProvider and reader), both.
 */
export async function benchTelemetry(callsPerRound = 10_000, rounds = 7): Promise<TelemetryBenchResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519());
  // Spans go through the batch processor applications use, to an exporter that drops them: the cost is making them.
  const exporter: SpanExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined };
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter, { maxQueueSize: 100_000, maxExportBatchSize: 4_096 })] });
  const meterProvider = new MeterProvider({ readers: [new IdleReader()] });
  const kitWith = (telemetry: object | undefined) =>
    createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'bench', tools: () => [new NoopTool()] }], hooks: [new NoopHook(NOOP_METHOD)], ...(telemetry ? { telemetry } : {}) });
  const kits = [
    await kitWith(undefined),
    await kitWith({ tracerProvider, metrics: false }),
    await kitWith({ meterProvider, traces: false }),
    await kitWith({ tracerProvider, meterProvider }),
  ];
  const contenders = kits.map((kit) => async () => {
    for (let i = 0; i < callsPerRound; i++) consume(await kit.execute(NOOP_METHOD, {}));
  });
  const [off, traces, metrics, both] = (await interleavedMedians(contenders, callsPerRound, rounds)) as [number, number, number, number];
  for (const kit of kits) await kit.close();
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
  client.close();
  return { case: 'telemetry', off_ns_per_call: off, traces_ns_per_call: traces, metrics_ns_per_call: metrics, both_ns_per_call: both };
}
