import { expect } from 'chai';
import { telemetrySettings } from '../../../src/telemetry/telemetry-options.js';

function refusal(option: unknown): string {
  try {
    telemetrySettings(option);
  } catch (error) {
    expect((error as { code?: string }).code).to.equal('E_INVALID_ARGUMENT');
    return (error as Error).message;
  }
  throw new Error(`accepted ${String(option)}`);
}

describe('telemetrySettings (createAgentKit({ telemetry }))', () => {
  describe('when telemetry is off', () => {
    it('is undefined for false and for no option, so nothing is loaded', () => {
      expect(telemetrySettings(undefined)).to.equal(undefined);
      expect(telemetrySettings(false)).to.equal(undefined);
    });
  });

  describe('when it is on', () => {
    it('turns true into traces and metrics through the global providers, without params', () => {
      expect(telemetrySettings(true)).to.deep.equal({ traces: true, metrics: true, tracerProvider: undefined, meterProvider: undefined, recordParams: false, recordPrincipal: false, approvalsRefreshMs: 10_000 });
    });
  });

  describe('when the option is wrong', () => {
    it('names what was wrong and what is accepted', () => {
      expect(refusal('yes')).to.include("createAgentKit: 'telemetry' must be true, false or an object");
      expect(refusal({ trace: true })).to.include("unknown option 'telemetry.trace'").and.include('accepted: traces, metrics, tracerProvider, meterProvider, recordParams');
      expect(refusal({ recordParams: 'true' })).to.include("'telemetry.recordParams' must be true or false, got \"true\"");
      expect(refusal({ tracerProvider: {} })).to.include("'telemetry.tracerProvider' must be a TracerProvider").and.include('getTracer()');
      expect(refusal({ meterProvider: null })).to.include("'telemetry.meterProvider' must be a MeterProvider");
      expect(refusal({ approvalsRefreshMs: -1 })).to.include("'telemetry.approvalsRefreshMs' must be at least 0 ms");
      expect(refusal({ approvalsRefreshMs: '5s' })).to.include("'telemetry.approvalsRefreshMs' must be a number of milliseconds");
    });
  });
});
