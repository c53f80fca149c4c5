import { expect } from 'chai';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import type { DrivableTool } from '../../../src/lifecycle/drivable-tool.js';
import type * as LateBindings from '../../../src/lifecycle/late-bindings.js';
import { strategyForMode as boundStrategyForMode } from '../../../src/lifecycle/late-bindings.js';
import { AgentMode } from '../../../src/index.js';
import { ExecuteStrategy } from '../../../src/modes/execute-strategy.js';

const esmFile = pathToFileURL(path.resolve(__dirname, '../../../esm/src/lifecycle/late-bindings.js')).href;
let copies = 0;
/** A copy of the module no entry has loaded yet: an ES module imported under a new URL is a new instance. */
const unboundCopy = () => import(`${esmFile}?copy=${++copies}`) as Promise<typeof LateBindings>;

describe('lateBindings', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => sandbox.restore());

  describe('when nothing has bound them (a program that imports src/lifecycle files past every entry)', () => {
    it('refuses to pick a strategy, with a coded error that says what to import', async () => {
      const { strategyForMode } = await unboundCopy();
      expect(() => strategyForMode({})).to.throw('import the package entry').with.property('code', 'E_CONFIG');
    });

    it('rejects a standalone run the same way, without running anything', async () => {
      const { runStandalone } = await unboundCopy();
      const error = await runStandalone({} as DrivableTool, {} as Client, {}, {}).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).to.have.property('code', 'E_CONFIG');
      expect((error as Error).message).to.contain('the standalone runner (src/kit)');
    });
  });

  describe('when the upper layers bound them', () => {
    it('hands each call to what was bound, with its arguments and result', async () => {
      const copy = await unboundCopy();
      const result = { raw: { status: 'SUCCESS' }, humanMessage: 'ran' };
      const runner = sandbox.stub().resolves(result);
      copy.bindStandaloneRunner(runner);
      const tool = { method: 'probe_tool' } as unknown as DrivableTool;
      const client = {} as Client;
      expect(await copy.runStandalone(tool, client, { accountId: '0.0.2' }, { a: 1 })).to.equal(result);
      expect(runner.calledOnceWithExactly(tool, client, { accountId: '0.0.2' }, { a: 1 })).to.equal(true);
    });

    it('is bound by the package entry to the mode strategies of src/modes', () => {
      // This spec imports src/index.js, which loads src/kit/bind-lifecycle.js.
      expect(boundStrategyForMode({ mode: AgentMode.AUTONOMOUS })).to.be.instanceOf(ExecuteStrategy);
    });
  });
});
