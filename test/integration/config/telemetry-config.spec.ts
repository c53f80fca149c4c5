import { expect } from 'chai';
import { trace } from '@opentelemetry/api';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { configProblemsOf } from '../../support/config-problems.js';
import { openOtelWorld, type OtelWorld } from '../../support/otel-world.js';

describe('telemetry in a configuration file', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let otel: OtelWorld;

  beforeEach(() => {
    otel = openOtelWorld();
  });

  afterEach(async () => {
    await otel.close();
  });

  const configWith = (extra: object) =>
    parseConfig(
      {
        network: 'local',
        local: { grpcAddress: suite.net.grpcAddress, mirrorUrl: suite.net.mirrorUrl },
        tools: ['get_hbar_balance_query_tool'],
        policies: [{ policy: 'RejectToolPolicy', args: [['get_hbar_balance_query_tool']] }],
        ...extra,
      },
      'agent-hooks.config.json',
      process.cwd(),
    );
  const env = () => ({ HEDERA_OPERATOR_ID: suite.net.operatorId, HEDERA_OPERATOR_KEY: suite.net.operatorKey.toStringDer() });

  /** Opens the configured kit, makes one (blocked) call and closes it again. */
  async function oneCall(extra: object, telemetry?: object): Promise<void> {
    const { kit, close } = await createKitFromConfig(configWith(extra), { env: env(), ...(telemetry ? { telemetry } : {}) });
    try {
      expect((await kit.execute('get_hbar_balance_query_tool', {})).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    } finally {
      await close();
    }
  }

  describe('when the file says "telemetry": true', () => {
    it('traces every call through the globally registered tracer provider', async () => {
      trace.setGlobalTracerProvider(otel.tracerProvider);
      await oneCall({ telemetry: true });
      expect(otel.span('execute_tool get_hbar_balance_query_tool').attributes).to.include({ 'hedera_agent_hooks.outcome': 'blocked' });
    });
  });

  describe('when the file says { "traces": false } and the program gives a meterProvider', () => {
    it('counts the call on that provider and makes no span', async () => {
      trace.setGlobalTracerProvider(otel.tracerProvider);
      await oneCall({ telemetry: { traces: false } }, { meterProvider: otel.meterProvider });
      expect(otel.spans()).to.deep.equal([]);
      const calls = (await otel.reader.metrics()).get('hedera_agent_hooks.calls');
      expect(calls?.dataPoints.map((point) => [point.attributes['hedera_agent_hooks.outcome'], point.value])).to.deep.equal([['blocked', 1]]);
    });
  });

  describe('when the file leaves the key out and the program gives only a meterProvider', () => {
    it('turns on metrics alone: no span, even with a global tracer provider', async () => {
      trace.setGlobalTracerProvider(otel.tracerProvider);
      await oneCall({}, { meterProvider: otel.meterProvider });
      expect(otel.spans()).to.deep.equal([]);
      expect((await otel.reader.metrics()).get('hedera_agent_hooks.calls')?.dataPoints).to.have.length(1);
    });
  });

  describe('when the file leaves the key out and the program gives nothing', () => {
    it('makes no span', async () => {
      trace.setGlobalTracerProvider(otel.tracerProvider);
      await oneCall({});
      expect(otel.spans()).to.deep.equal([]);
    });
  });

  describe('when the file turns off what the program gives a provider for', () => {
    it('refuses to start, naming the key, rather than ignore the provider', async () => {
      const error = await createKitFromConfig(configWith({ telemetry: false }), { env: env(), telemetry: { meterProvider: otel.meterProvider } }).then(
        async (configured) => (await configured.close(), undefined),
        (thrown: Error) => thrown,
      );
      expect(error?.message).to.contain('telemetry: false here').and.to.contain('meterProvider');
    });
  });

  describe('when the key is not what it takes', () => {
    it('names the key and what is accepted; providers cannot come from the file', () => {
      expect(configProblemsOf({ telemetry: 'yes' })).to.deep.equal([
        'telemetry: true, false or an object { traces?, metrics?, recordParams?, recordPrincipal? } (providers are given in code, not in the file)',
      ]);
      expect(configProblemsOf({ telemetry: { trace: true } })).to.deep.equal(['telemetry.trace: unknown field; accepted fields: traces, metrics, recordParams, recordPrincipal']);
      expect(configProblemsOf({ telemetry: { tracerProvider: {} } })).to.deep.equal(['telemetry.tracerProvider: unknown field; accepted fields: traces, metrics, recordParams, recordPrincipal']);
    });
  });
});
