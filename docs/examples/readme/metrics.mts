import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { createAgentKit, serveMetrics } from 'hedera-agent-hooks';
import { startDevnet } from 'hedera-agent-hooks/devnet';

const endpoint = await serveMetrics({ port: 0 }); // 127.0.0.1; port 0 picks a free one (Prometheus uses 9464)
const meterProvider = new MeterProvider({ readers: [endpoint.reader] });
const net = await startDevnet();
const kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, telemetry: { meterProvider, traces: false } });
await kit.execute('get_hbar_balance_query_tool', { accountId: '0.0.2' });
const scraped = await (await fetch(endpoint.url)).text(); // what Prometheus reads
console.log(scraped.split('\n').find((line) => line.startsWith('hedera_agent_hooks_calls_total')));
await kit.close();
await meterProvider.shutdown();
await endpoint.close();
await net.stop();
