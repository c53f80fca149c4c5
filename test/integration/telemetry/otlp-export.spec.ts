import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../src/policies/index.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** A collector stand-in: takes OTLP/HTTP JSON at /v1/traces and keeps the spans it decoded. */
async function collector(): Promise<{ server: Server; url: string; spans: OtlpSpan[]; paths: string[] }> {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const decoded = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      for (const resource of decoded.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`, spans, paths };
}

const attribute = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value && Object.values(value)[0];
};

describe('telemetry: spans exported over OTLP/HTTP', () => {
  it('reach a collector as execute_tool spans with their step and policy children', async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const sink = await collector();
    const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: sink.url }))] });
    try {
      const kit = await createAgentKit({
        client: offlineClient(),
        pluginsDir: null,
        plugins: [pluginOf('echo', new EchoTool(), new EchoTool('blocked_echo_tool'))],
        hooks: [new RejectToolPolicy(['blocked_echo_tool'])],
        telemetry: { tracerProvider: provider, metrics: false },
      });
      await kit.execute('echo_tool', { text: 'hello' });
      await kit.execute('blocked_echo_tool', { text: 'no' });
      await kit.close();
      await provider.forceFlush();

      expect(sink.paths[0]).to.match(/^POST \/v1\/traces application\/json/);
      const executed = sink.spans.find((span) => span.name === 'execute_tool echo_tool')!;
      expect(attribute(executed, 'gen_ai.operation.name')).to.equal('execute_tool');
      expect(attribute(executed, 'hedera_agent_hooks.outcome')).to.equal('executed');
      const blocked = sink.spans.find((span) => span.name === 'execute_tool blocked_echo_tool')!;
      expect(attribute(blocked, 'hedera_agent_hooks.blocked_by.policy')).to.equal('Reject Tool Call');
      const steps = sink.spans.filter((span) => span.parentSpanId === blocked.spanId && span.traceId === blocked.traceId);
      expect(steps.map((span) => span.name)).to.include('stage preToolExecution');
      const pre = steps.find((span) => span.name === 'stage preToolExecution')!;
      expect(sink.spans.filter((span) => span.parentSpanId === pre.spanId).map((span) => span.name)).to.deep.equal(['policy Reject Tool Call']);
    } finally {
      await provider.shutdown();
      await new Promise((resolve) => sink.server.close(resolve));
      context.disable();
    }
  });
});
