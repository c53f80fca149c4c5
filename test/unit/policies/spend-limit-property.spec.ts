import { expect } from 'chai';
import fc from 'fast-check';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { offlineClient } from '../../support/offline-client.js';
import { ScriptedTransferTool, scriptedTransferPlugin, type ScriptedEnd } from '../../support/scripted-transfer-tool.js';

/** One account in several spellings: the budget must see one account. */
const PAYERS: Record<string, string[]> = { '0.0.2': ['0.0.2', '0.0.000002', '00.0.2'], '0.0.3': ['0.0.3', '0.000.3'] };

const call = fc.record({
  payer: fc.constantFrom(...Object.keys(PAYERS)),
  spelling: fc.nat(2),
  tinybars: fc.oneof(fc.bigInt({ min: 1n, max: 600n }), fc.constant(1_000n), fc.constant(1_001n)),
  end: fc.constantFrom<ScriptedEnd>('SUCCESS', 'SUCCESS', 'ERROR', 'UNKNOWN', 'throw'),
  to: fc.constantFrom('0.0.1001', '0.0.1002', '0.0.2', '0.0.3'),
});

describe('SpendLimitPolicy under random interleavings (fast-check)', function () {
  this.timeout(120_000);
  let client: Client;

  before(() => {
    client = offlineClient();
  });
  after(() => client.close());

  it('never lets what executed from an account exceed its budget, and holds exactly that afterwards', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 40 }), fc.scheduler(), async (calls, s) => {
        const tool = new ScriptedTransferTool();
        // Every submission waits for the scheduler, which picks the order in which they finish.
        tool.beforeEnd = () => s.schedule(Promise.resolve());
        const policy = new SpendLimitPolicy({ hbar: '0.00001', windowMs: 3_600_000 }); // 1000 tinybars
        const kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { hooks: [policy] } });
        const all = Promise.all(
          calls.map(async (each) => {
            await s.schedule(Promise.resolve(), 'start');
            const spellings = PAYERS[each.payer]!;
            return kit.execute('transfer_hbar_tool', { from: spellings[each.spelling % spellings.length]!, to: each.to, tinybars: each.tinybars.toString(), end: each.end });
          }),
        );
        await s.waitFor(all);

        for (const payer of Object.keys(PAYERS)) {
          const spent = tool.executed.filter((each) => each.from === payer).reduce((sum, each) => sum + each.tinybars, 0n);
          expect(spent <= 1_000n, `${payer} spent ${spent} of 1000`).to.equal(true);
          expect(await policy.usage(payer)).to.deep.equal({ committed: spent, pending: 0n });
        }
        await kit.close();
      }),
      { numRuns: 200 },
    );
  });
});
