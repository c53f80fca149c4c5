import { expect } from 'chai';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import type { DrivableTool } from '../../../src/lifecycle/drivable-tool.js';
import type * as LateBindings from '../../../src/lifecycle/late-bindings.js';
import { strategyForMode as boundStrategyForMode } from '../../../src/lifecycle/late-bindings.js';
import { AgentMode } from '../../../src/index.js';
import { ExecuteStrategy } from '../../../src/modes/execute-strategy.js';
import { ReturnBytesStrategy } from '../../../src/modes/return-bytes-strategy.js';
import { provesNothingSent } from '../../../src/errors/index.js';
import { secondCopyOf, unboundLifecycleBuild, type LifecycleBuild } from '../../support/lifecycle-copies.js';

describe('lateBindings', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('when nothing bound them for the build (its entry was never loaded)', () => {
    let build: LifecycleBuild;
    before(() => (build = unboundLifecycleBuild()));
    after(() => build.remove());

    it('refuses to pick a strategy, with a coded error that says what to import and that nothing was sent', () => {
      const { strategyForMode } = build.load<typeof LateBindings>('late-bindings.js');
      let error: unknown;
      try {
        strategyForMode({});
      } catch (caught) {
        error = caught;
      }
      expect(error).to.have.property('code', 'E_CONFIG');
      expect((error as Error).message).to.contain('Import the package entry').and.to.contain('Nothing was sent');
      expect(provesNothingSent(error), 'a failure here proves nothing went out').to.equal(true);
    });

    it('rejects a standalone run the same way, without running anything', async () => {
      const { runStandalone } = build.load<typeof LateBindings>('late-bindings.js');
      const error = await runStandalone({} as DrivableTool, {} as Client, {}, {}).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).to.have.property('code', 'E_CONFIG');
      expect((error as Error).message).to.contain('the standalone runner (src/kit)');
    });

    it('hands each call to what is bound later, with its arguments and result', async () => {
      const { bindStandaloneRunner, runStandalone } = build.load<typeof LateBindings>('late-bindings.js');
      const result = { raw: { status: 'SUCCESS' }, humanMessage: 'ran' };
      const runner = sandbox.stub().resolves(result);
      bindStandaloneRunner(runner);
      const tool = { method: 'probe_tool' } as unknown as DrivableTool;
      const client = {} as Client;
      expect(await runStandalone(tool, client, { accountId: '0.0.2' }, { a: 1 })).to.equal(result);
      expect(runner.calledOnceWithExactly(tool, client, { accountId: '0.0.2' }, { a: 1 })).to.equal(true);
    });
  });

  describe('when the upper layers bound them', () => {
    it('is bound by the package entry to the mode strategies of src/modes', () => {
      // This spec imports src/index.js, which loads src/kit/bind-lifecycle.js.
      expect(boundStrategyForMode({ mode: AgentMode.AUTONOMOUS })).to.be.instanceOf(ExecuteStrategy);
    });

    it('are there for a second copy of the file that nothing bound (tsx compiles what require() loads again)', async () => {
      const copy = secondCopyOf<typeof LateBindings>('late-bindings.js');
      expect(copy.strategyForMode).to.not.equal(boundStrategyForMode);
      expect(copy.strategyForMode({ mode: AgentMode.RETURN_BYTES })).to.be.instanceOf(ReturnBytesStrategy);
      // The copy's runStandalone reaches the runner the entry bound: a tool with no steps fails in it, not for a missing binding.
      const result = await copy.runStandalone({ method: 'probe_tool' } as unknown as DrivableTool, {} as Client, {}, {}).then(
        (value) => value,
        (caught: unknown) => caught,
      );
      expect(JSON.stringify(result)).to.not.contain('has no binding');
      expect(result).to.have.nested.property('raw.status', 'ERROR');
    });
  });
});
