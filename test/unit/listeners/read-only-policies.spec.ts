import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractHook, createAgentKit } from '../../../src/index.js';
import { MaxTransferPolicy, RateLimitPolicy, SpendLimitPolicy } from '../../../src/policies/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import { ShapeTool, hbarCredits } from '../policies/value-policy-kit.js';

/** A transfer_hbar_tool stand-in that notes whether the params it builds from are frozen. */
class FreezeProbe extends ShapeTool {
  frozen: boolean[] = [];
  constructor() {
    super('transfer_hbar_tool', () => hbarCredits([['0.0.5', 1]]));
  }
  override coreAction(params?: unknown) {
    const shape = params as { hbarTransfers: unknown[] };
    this.frozen.push(Object.isFrozen(shape) && Object.isFrozen(shape.hbarTransfers[0]));
    return 'done';
  }
}

class Observer extends AbstractHook {
  override relevantTools = ['transfer_hbar_tool'];
  override async postToolExecutionHook() {}
}

describe("the kit's read-only policies", () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());

  async function frozenWith(hooks: unknown[], observe = false): Promise<boolean> {
    const probe = new FreezeProbe();
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('probe', probe)], context: { hooks } });
    if (observe) kit.on('postToolExecution', () => undefined);
    try {
      const result = await kit.execute('transfer_hbar_tool', {});
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    } finally {
      await kit.close();
    }
    return probe.frozen[0]!;
  }

  const budget = () => new SpendLimitPolicy({ hbar: 100, windowMs: 60_000 });

  it('leave a call unfrozen when they are its only listeners and nobody observes: nobody could change what they judge', async () => {
    expect(await frozenWith([budget(), new RateLimitPolicy({ limit: 5, windowMs: 60_000 }), new MaxTransferPolicy({ hbar: 10 })])).to.equal(false);
  });

  it('still judge and keep their budgets when nothing is frozen', async () => {
    const probe = new FreezeProbe();
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('probe', probe)], context: { hooks: [new SpendLimitPolicy({ hbar: 2.5, windowMs: 60_000 })] } });
    const statuses = [];
    for (let call = 0; call < 3; call++) statuses.push((await kit.execute('transfer_hbar_tool', {})).raw.status);
    await kit.close();
    expect(statuses).to.deep.equal(['SUCCESS', 'SUCCESS', 'ERROR']);
  });

  it('are guarded like any policy beside a hook, an observer, a subclass or an instance with a method of its own', async () => {
    class OwnBudget extends SpendLimitPolicy {}
    const patched = budget();
    Object.defineProperty(patched, 'explainBlock', { value: () => 'mine', enumerable: false });
    expect(await frozenWith([budget(), new Observer()])).to.equal(true);
    expect(await frozenWith([budget()], true)).to.equal(true);
    expect(await frozenWith([new OwnBudget({ hbar: 100, windowMs: 60_000 })])).to.equal(true);
    expect(await frozenWith([patched])).to.equal(true);
  });
});
