import { expect } from 'chai';
import { z } from 'zod';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { BaseTool } from '../../../src/lifecycle/base-tool.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

class BrokenTool extends BaseTool<{ text: string }, { text: string }, never> {
  method = 'broken_tool';
  name = 'Broken';
  description = 'Fails while building.';
  parameters = z.object({ text: z.string() }).strict();
  normalizeParams(params: { text: string }) {
    return params;
  }
  coreAction(): never {
    throw new Error('no');
  }
}

function capturing(): Logger & { lines: { fields: Record<string, unknown>; message: string }[] } {
  const lines: { fields: Record<string, unknown>; message: string }[] = [];
  const keep = (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message });
  return { lines, debug: keep, warn: keep, error: keep };
}

describe('telemetry: log lines join traces', () => {
  let otel: OtelWorld;
  beforeEach(() => (otel = openOtelWorld()));
  afterEach(() => otel.close());

  // A hook that fails after the action: its failure is a warning, logged about the call.
  const hooks = [{ relevantTools: ['echo_tool'], postToolExecutionHook: () => { throw new Error('the hook fell over'); } }];

  it('stamps the call ID, trace ID and span ID of the call on every line about it', async () => {
    const logger = capturing();
    const kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('t', new BrokenTool(), new EchoTool())], hooks, logger, telemetry: { tracerProvider: otel.tracerProvider, metrics: false } });
    await kit.execute('broken_tool', { text: 'x' });
    await kit.execute('echo_tool', { text: 'y' });
    await kit.close();

    const failed = logger.lines.find((line) => line.message === 'tool call did not complete')!;
    const broken = otel.span('execute_tool broken_tool');
    expect(failed.fields).to.include({ callId: broken.attributes['hedera_agent_hooks.call.id'], trace_id: broken.spanContext().traceId, span_id: broken.spanContext().spanId });
    const warned = logger.lines.find((line) => line.message === 'tool call warning')!;
    const echo = otel.span('execute_tool echo_tool');
    expect(warned.fields).to.include({ callId: echo.attributes['hedera_agent_hooks.call.id'], trace_id: echo.spanContext().traceId, span_id: echo.spanContext().spanId });
  });

  it('carries the call ID without telemetry, and no trace IDs', async () => {
    const logger = capturing();
    const kit = await createAgentKit({ client: offlineClient(), pluginsDir: null, plugins: [pluginOf('t', new BrokenTool())], logger });
    await kit.execute('broken_tool', { text: 'x' });
    await kit.close();
    const failed = logger.lines.find((line) => line.message === 'tool call did not complete')!;
    expect(failed.fields.callId).to.match(/^[0-9a-f-]{36}$/);
    expect(failed.fields).to.not.have.property('trace_id');
  });
});
