import { context, trace, type Context as OtelContext, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { MeterProvider, MetricReader, type MetricData } from '@opentelemetry/sdk-metrics';

/** A metric reader that collects when asked: the SDK's own aggregation, read back in a test. */
export class CollectingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}

  /** Every metric collected now, by name. */
  async metrics(): Promise<Map<string, MetricData>> {
    const { resourceMetrics } = await this.collect();
    return new Map(resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).map((metric) => [metric.descriptor.name, metric]));
  }
}

/** The real OpenTelemetry SDK, set up as an application would: traces to memory, metrics to a reader, async-hooks context. */
export interface OtelWorld {
  readonly exporter: InMemorySpanExporter;
  readonly tracerProvider: BasicTracerProvider;
  readonly reader: CollectingReader;
  readonly meterProvider: MeterProvider;
  /** The finished spans, by name (the last one of each name wins). */
  spans(): ReadableSpan[];
  span(name: string): ReadableSpan;
  childrenOf(span: ReadableSpan): ReadableSpan[];
  /** Runs `fn` inside a span of the application's, as an agent framework does around a tool call. */
  inSpan<T>(name: string, fn: (span: Span, ctx: OtelContext) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function openOtelWorld(): OtelWorld {
  // The context manager is global in the API: each spec sets it up and takes it down again.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  return {
    exporter,
    tracerProvider,
    reader,
    meterProvider,
    spans,
    span(name) {
      const found = spans().filter((span) => span.name === name);
      if (!found.length) throw new Error(`no span named ${JSON.stringify(name)}; spans: ${spans().map((span) => span.name).join(', ')}`);
      return found[found.length - 1]!;
    },
    childrenOf(parent) {
      const { spanId, traceId } = parent.spanContext();
      return spans().filter((span) => span.parentSpanContext?.spanId === spanId && span.spanContext().traceId === traceId);
    },
    inSpan(name, fn) {
      const tracer = tracerProvider.getTracer('the-application');
      return tracer.startActiveSpan(name, async (span) => {
        try {
          return await fn(span, context.active());
        } finally {
          span.end();
        }
      });
    },
    async close() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      context.disable();
      trace.disable();
    },
  };
}
