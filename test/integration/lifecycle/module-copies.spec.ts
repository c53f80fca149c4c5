import { expect } from 'chai';
import { AccountBalanceQuery, AccountId, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import type * as BaseTools from '../../../src/lifecycle/base-tool.js';
import type { MovementCall } from '../../../src/values/movement.js';
import { SpendLimitPolicy } from '../../../src/policies/index.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { secondCopyOf, unboundLifecycleBuild, type LifecycleBuild } from '../../support/lifecycle-copies.js';
import { pluginOf } from '../../support/noop-tools.js';

type Normalised = { to: AccountId; hbar: Hbar };

/** An HBAR transfer tool written on `Base`, the BaseTransactionTool of one copy of the lifecycle, with a movements view for the budgets. */
function transferToolOn(Base: typeof BaseTools.BaseTransactionTool, method: string, payer: string) {
  return new (class extends Base<{ to: string; hbar: number }, Normalised, TransferTransaction> {
    method = method;
    name = 'Copy transfer';
    description = 'Transfers HBAR from the operator to one account.';
    parameters = z.object({ to: z.string(), hbar: z.number().positive() }).strict();
    normalizeParams(params: { to: string; hbar: number }): Normalised {
      return { to: AccountId.fromString(params.to), hbar: new Hbar(params.hbar) };
    }
    coreAction(params: Normalised) {
      return new TransferTransaction().addHbarTransfer(params.to, params.hbar).addHbarTransfer(payer, params.hbar.negated());
    }
    override movements(params: Normalised, _call: MovementCall) {
      return [{ asset: 'HBAR', from: payer, to: params.to.toString(), amount: BigInt(params.hbar.toTinybars().toString()), display: params.hbar.toString(), decimals: 8 }];
    }
  })();
}

async function tinybarsOf(client: Client, accountId: string): Promise<bigint> {
  return BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());
}

/**
 * tsx's loader (`npx tsx`, `node --import tsx`) compiles what require() loads into a second copy of
 * the package's modules, beside the ES modules the app imported: the README's quick start then
 * failed every transfer with E_CONFIG, reported it as "failed while being submitted", and a
 * SpendLimitPolicy counted the HBAR that never left.
 */
describe('tools whose lifecycle modules are another copy, on the devnet', function () {
  this.timeout(60_000);
  const suite = devnetSuite();
  let kit: AgentKit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  describe('when the tool extends a second copy of BaseTool from this build (what tsx makes)', () => {
    it('sends its transfer through the strategies this build bound, once', async () => {
      const { BaseTransactionTool } = secondCopyOf<typeof BaseTools>('base-tool.js');
      const { accountId: recipient } = await suite.net.createAccount({ hbar: 0 });
      kit = await createAgentKit({ client: suite.client, pluginsDir: null, plugins: [pluginOf('copies', transferToolOn(BaseTransactionTool, 'copy_transfer_tool', suite.net.operatorId))] });

      const sent = await kit.execute('copy_transfer_tool', { to: recipient, hbar: 2 });
      expect(sent.raw, sent.humanMessage).to.include({ status: 'SUCCESS', submitted: true });
      expect(await tinybarsOf(suite.client, recipient)).to.equal(200_000_000n);
    });
  });

  describe('when nothing bound the strategies of the build the tool comes from (a configuration error at secondaryAction)', () => {
    let build: LifecycleBuild;
    before(() => (build = unboundLifecycleBuild()));
    after(() => build.remove());

    it('says E_CONFIG and that nothing was sent, and a spend limit gives the amount back', async () => {
      const { BaseTransactionTool } = build.load<typeof BaseTools>('base-tool.js');
      const { accountId: recipient } = await suite.net.createAccount({ hbar: 0 });
      kit = await createAgentKit({
        client: suite.client,
        mirrorNodeUrl: suite.net.mirrorUrl,
        plugins: [pluginOf('copies', transferToolOn(BaseTransactionTool, 'unbound_transfer_tool', suite.net.operatorId))],
        hooks: [new SpendLimitPolicy({ hbar: 10, windowMs: 3_600_000, tools: ['unbound_transfer_tool', 'transfer_hbar_tool'] })],
      });

      const failed = await kit.execute('unbound_transfer_tool', { to: recipient, hbar: 6 });
      expect(failed.raw).to.include({ status: 'ERROR', errorCode: 'E_CONFIG', stage: 'secondaryAction', submitted: false });
      expect(failed.raw.error).to.contain('has no binding for the transaction strategies').and.to.contain('Nothing was sent');
      expect(failed.humanMessage).to.match(/^The unbound_transfer_tool call was not submitted: /);
      expect(failed.humanMessage).to.not.contain('while being submitted').and.to.not.contain('Check the account');
      expect(await tinybarsOf(suite.client, recipient), 'nothing moved').to.equal(0n);

      // 6 of the 10 HBAR counted as spent would refuse this one: nothing was, so it goes out.
      const paid = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 6 }] });
      expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
      expect(await tinybarsOf(suite.client, recipient), 'only the second call moved HBAR').to.equal(600_000_000n);

      const over = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 5 }] });
      expect(over.raw.blockedBy?.policy, 'the budget still holds what did go out').to.equal('Spend Limit Policy');
    });
  });
});
