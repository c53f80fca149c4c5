import { expect } from 'chai';
import sinon from 'sinon';
import { Hbar, Long } from '@hiero-ledger/sdk';
import { MaxRecipientsPolicy as KitMaxRecipientsPolicy, RejectToolPolicy as KitRejectToolPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { MaxRecipientsPolicy, RejectToolPolicy } from '../../../../src/policies/index.js';

/**
 * The Hedera Agent Kit's policy behaviour, ported: each case runs on that kit's class and on this
 * project's, and expects the same. Where this project differs on purpose, the case says so and
 * checks both sides (docs/coming-from-hedera-agent-kit.md lists each difference and why).
 */
type AnyPolicy = {
  name: string;
  description: string;
  relevantTools: string[];
  preToolExecutionHook(params: unknown, method: string): Promise<unknown>;
  postParamsNormalizationHook(params: unknown, method: string): Promise<unknown>;
  postCoreActionHook(params: unknown, method: string): Promise<unknown>;
  postToolExecutionHook(params: unknown, method: string): Promise<unknown>;
};
type Judge = (params: unknown, method: string) => boolean | Promise<boolean>;

const sides = [
  { side: 'the real kit', Max: KitMaxRecipientsPolicy as unknown as new (...args: any[]) => AnyPolicy, Reject: KitRejectToolPolicy as unknown as new (...args: any[]) => AnyPolicy },
  { side: 'this project', Max: MaxRecipientsPolicy as unknown as new (...args: any[]) => AnyPolicy, Reject: RejectToolPolicy as unknown as new (...args: any[]) => AnyPolicy },
] as const;

const DEFAULT_TOOLS = [
  'transfer_hbar_tool',
  'transfer_hbar_with_allowance_tool',
  'airdrop_fungible_token_tool',
  'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool',
  'transfer_non_fungible_token_with_allowance_tool',
  'transfer_non_fungible_token_tool',
];

/** The params that kit passes at postParamsNormalization. */
const normalised = (normalisedParams: unknown) => ({ context: {}, rawParams: {}, normalisedParams, client: {}, toolType: 'transaction' });
const judge = (policy: AnyPolicy): Judge => (policy as unknown as { shouldBlockPostParamsNormalization: Judge }).shouldBlockPostParamsNormalization.bind(policy);
const hbar = (...amounts: unknown[]) => normalised({ hbarTransfers: amounts.map((amount, at) => ({ accountId: `0.0.${1001 + at}`, amount })) });

async function thrown(run: () => unknown): Promise<Error | undefined> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('the Hedera Agent Kit’s policy suite, ported', () => {
  const sandbox = sinon.createSandbox();
  beforeEach(() => {
    // That kit's policies log their verdicts to the console.
    sandbox.stub(console, 'log');
    sandbox.stub(console, 'warn');
  });
  afterEach(() => sandbox.restore());

  for (const { side, Max, Reject } of sides) {
    describe(`RejectToolPolicy (${side})`, () => {
      it('is named and described as that kit’s, and covers exactly the tools given', () => {
        const policy = new Reject(['delete_account_tool', 'delete_topic_tool']);
        expect([policy.name, policy.description]).to.deep.equal(['Reject Tool Call', 'Stops agent from calling predefined tools']);
        expect(policy.relevantTools).to.deep.equal(['delete_account_tool', 'delete_topic_tool']);
      });

      it('blocks its tools at preToolExecution with the block sentence, and ignores the rest', async () => {
        const policy = new Reject(['delete_account_tool']);
        const error = await thrown(() => policy.preToolExecutionHook({ context: {}, rawParams: {}, client: {} }, 'delete_account_tool'));
        expect(error?.message).to.contain('Action delete_account_tool blocked by policy: Reject Tool Call (Stops agent from calling predefined tools)');
        expect(await thrown(() => policy.preToolExecutionHook({ context: {}, rawParams: {}, client: {} }, 'transfer_hbar_tool'))).to.equal(undefined);
      });

      it('judges nothing at the later stages', async () => {
        const policy = new Reject(['delete_account_tool']);
        expect(await thrown(() => policy.postParamsNormalizationHook(normalised({}), 'delete_account_tool'))).to.equal(undefined);
        expect(await thrown(() => policy.postCoreActionHook(normalised({}), 'delete_account_tool'))).to.equal(undefined);
        expect(await thrown(() => policy.postToolExecutionHook({ ...normalised({}), toolResult: { raw: {} } }, 'delete_account_tool'))).to.equal(undefined);
      });
    });

    describe(`MaxRecipientsPolicy (${side})`, () => {
      it('is named and describes its limit', () => {
        const policy = new Max(3);
        expect([policy.name, policy.description]).to.deep.equal(['Max Recipients Policy', 'Limits the maximum number of recipients to 3']);
      });

      it('covers the core transfer and airdrop tools, and the additional tools given', () => {
        const policy = new Max(2, ['bulk_tool'], { bulk_tool: () => 1 });
        expect(policy.relevantTools).to.include.members([...DEFAULT_TOOLS, 'bulk_tool']);
      });

      for (const bad of [0, -1, 1.5, Number.NaN, '3']) {
        it(`refuses maxRecipients ${String(bad)} with its message`, () => {
          expect(() => new Max(bad)).to.throw("MaxRecipientsPolicy: 'maxRecipients' must be a positive integer");
        });
      }

      it('counts HBAR recipients credited a positive amount: numbers, numeric strings and Hbar', async () => {
        const policy = judge(new Max(2));
        expect(await policy(hbar(1, 2), 'transfer_hbar_tool')).to.equal(false);
        expect(await policy(hbar(1, 2, 3), 'transfer_hbar_tool')).to.equal(true);
        // The sender's debit and zero amounts are no recipients.
        expect(await policy(hbar(-3, 1, 2, 0), 'transfer_hbar_tool')).to.equal(false);
        expect(await policy(hbar('1', '2', '0.5'), 'transfer_hbar_tool')).to.equal(true);
        expect(await policy(hbar(new Hbar(1), new Hbar(2), new Hbar(-3)), 'transfer_hbar_tool')).to.equal(false);
        expect(await policy(hbar(new Hbar(1), new Hbar(2), Hbar.fromTinybars(1)), 'transfer_hbar_with_allowance_tool')).to.equal(true);
      });

      it('counts token recipients of transfers and airdrops', async () => {
        const policy = judge(new Max(1));
        const tokens = (...amounts: number[]) => normalised({ tokenTransfers: amounts.map((amount, at) => ({ tokenId: '0.0.7', accountId: `0.0.${1001 + at}`, amount })) });
        for (const tool of ['airdrop_fungible_token_tool', 'transfer_fungible_token_tool', 'transfer_fungible_token_with_allowance_tool']) {
          expect(await policy(tokens(5), tool), tool).to.equal(false);
          expect(await policy(tokens(5, 6), tool), tool).to.equal(true);
          expect(await policy(tokens(-11, 5, 6), tool), tool).to.equal(true);
        }
      });

      it('counts the receivers of NFT transfers', async () => {
        const policy = judge(new Max(1));
        const nfts = (...receivers: string[]) => normalised({ transfers: receivers.map((receiver, at) => ({ nftId: { tokenId: '0.0.9', serial: at + 1 }, receiver })) });
        for (const tool of ['transfer_non_fungible_token_tool', 'transfer_non_fungible_token_with_allowance_tool']) {
          expect(await policy(nfts('0.0.1001'), tool), tool).to.equal(false);
          expect(await policy(nfts('0.0.1001', '0.0.1002'), tool), tool).to.equal(true);
        }
      });

      it('uses a custom strategy for an additional tool, and one that replaces a default tool’s', async () => {
        const policy = judge(new Max(2, ['bulk_tool'], { bulk_tool: (params: { to: string[] }) => params.to.length, transfer_hbar_tool: () => 3 }));
        expect(await policy(normalised({ to: ['a', 'b'] }), 'bulk_tool')).to.equal(false);
        expect(await policy(normalised({ to: ['a', 'b', 'c'] }), 'bulk_tool')).to.equal(true);
        expect(await policy(hbar(1), 'transfer_hbar_tool')).to.equal(true);
      });

      it("throws `MaxRecipientsPolicy: Unhandled tool '<name>'` for a tool it has no strategy for", async () => {
        const error = await thrown(() => judge(new Max(2))(normalised({}), 'mystery_tool'));
        expect(error?.message).to.match(/^MaxRecipientsPolicy: Unhandled tool 'mystery_tool'\./);
      });

      it('blocks through its hook method with the block sentence, and leaves other tools alone', async () => {
        const policy = new Max(1);
        const error = await thrown(() => policy.postParamsNormalizationHook(hbar(1, 1), 'transfer_hbar_tool'));
        expect(error?.message).to.contain('Action transfer_hbar_tool blocked by policy: Max Recipients Policy (Limits the maximum number of recipients to 1)');
        expect(await thrown(() => policy.postParamsNormalizationHook(hbar(1), 'transfer_hbar_tool'))).to.equal(undefined);
        expect(await thrown(() => policy.postParamsNormalizationHook(normalised({}), 'create_topic_tool'))).to.equal(undefined);
        expect(await thrown(() => policy.preToolExecutionHook({ context: {}, rawParams: {}, client: {} }, 'transfer_hbar_tool'))).to.equal(undefined);
      });
    });
  }

  describe('where this project’s MaxRecipientsPolicy differs on purpose', () => {
    const theirs = (max = 1) => judge(new KitMaxRecipientsPolicy(max) as unknown as AnyPolicy);
    const ours = (max = 1) => judge(new MaxRecipientsPolicy(max) as unknown as AnyPolicy);

    it('counts an account listed twice once (that kit counts entries)', async () => {
      const twice = hbar(1, 1);
      (twice.normalisedParams as { hbarTransfers: { accountId: string }[] }).hbarTransfers.forEach((line) => (line.accountId = '0.0.1001'));
      expect([await theirs()(twice, 'transfer_hbar_tool'), await ours()(twice, 'transfer_hbar_tool')]).to.deep.equal([true, false]);
      const nfts = normalised({ transfers: [{ nftId: { tokenId: '0.0.9', serial: 1 }, receiver: '0.0.5' }, { nftId: { tokenId: '0.0.9', serial: 2 }, receiver: '0.0.5' }] });
      expect([await theirs()(nfts, 'transfer_non_fungible_token_tool'), await ours()(nfts, 'transfer_non_fungible_token_tool')]).to.deep.equal([true, false]);
    });

    it('blocks params it cannot count (that kit counts them as no recipients and allows)', async () => {
      for (const params of [normalised({}), hbar('abc', 'abc')]) {
        expect(await theirs()(params, 'transfer_hbar_tool')).to.equal(false);
        expect((await thrown(() => ours()(params, 'transfer_hbar_tool')))?.message).to.match(/^cannot count recipients: /);
      }
    });

    it('refuses at construction an additional tool without a strategy (that kit throws at its first call)', async () => {
      expect(() => new KitMaxRecipientsPolicy(1, ['bulk_tool'])).not.to.throw();
      expect(() => new MaxRecipientsPolicy(1, ['bulk_tool'])).to.throw('MaxRecipientsPolicy: custom tool "bulk_tool" requires a strategy function in customStrategies.');
    });

    it('also covers transfer_erc20_tool and transfer_erc721_tool, and refuses a maxRecipients beyond a safe integer', () => {
      expect(new KitMaxRecipientsPolicy(1).relevantTools).not.to.include('transfer_erc20_tool');
      expect(new MaxRecipientsPolicy(1).relevantTools).to.include.members(['transfer_erc20_tool', 'transfer_erc721_tool']);
      expect(() => new KitMaxRecipientsPolicy(1e300)).not.to.throw();
      expect(() => new MaxRecipientsPolicy(1e300)).to.throw("MaxRecipientsPolicy: 'maxRecipients' must be a positive integer");
    });

    it('says by how much in its block, after that kit’s sentence, and writes nothing to the console', async () => {
      const error = await thrown(() => (new MaxRecipientsPolicy(1) as unknown as AnyPolicy).postParamsNormalizationHook(hbar(1, 1), 'transfer_hbar_tool'));
      expect(error?.message).to.equal(
        'Action transfer_hbar_tool blocked by policy: Max Recipients Policy (Limits the maximum number of recipients to 1) at postParamsNormalization: 2 recipients exceed the maximum of 1',
      );
      expect((error as { code?: string }).code).to.equal('E_POLICY_BLOCKED');
      expect((console.warn as sinon.SinonStub).called).to.equal(false);
    });
  });
});
