import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createAgentKit } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const exporter = new InMemorySpanExporter(); // or an OTLP exporter to your collector
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const net = await startDevnet();
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, telemetry: { tracerProvider, metrics: false } });
await kit.execute('get_hbar_balance_query_tool', { accountId: '0.0.2' });
console.log(exporter.getFinishedSpans().map((span) => span.name)); // [ 'stage normalizeParams', …, 'execute_tool get_hbar_balance_query_tool' ]
await kit.close();
await net.stop();
