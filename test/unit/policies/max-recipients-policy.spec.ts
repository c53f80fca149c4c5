import { expect } from 'chai';
import { AccountId, ContractFunctionParameters, Hbar, Long, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool, createAgentKit, type AgentKit } from '../../../src/index.js';
import { MaxRecipientsPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { DEFAULT_RECIPIENT_COUNTERS } from '../../../src/policies/recipient-counting.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import { encodeCall } from '../../../plugins/core-evm/_support/evm-call.js';

/** Stands in for a core tool: normalises to the shape the real tool produces, builds nothing. */
class ShapeTool extends BaseTool {
  parameters = z.object({}).strict();
  name = 'Shape';
  description = 'Normalises to whatever the test says.';
  constructor(readonly method: string, private readonly shape: () => unknown) {
    super();
  }
  normalizeParams() {
    return this.shape();
  }
  coreAction() {
    return 'done';
  }
}

const hbar = (entries: [string, number][]) => ({
  hbarTransfers: entries.map(([accountId, amount]) => ({ accountId: AccountId.fromString(accountId), amount: new Hbar(amount) })),
});
const tokens = (entries: [string, number][]) => ({
  tokenTransfers: entries.map(([accountId, amount]) => ({ tokenId: '0.0.900', accountId: AccountId.fromString(accountId), amount: Long.fromNumber(amount) })),
});
const nfts = (receivers: string[]) => ({
  transfers: receivers.map((receiver, serial) => ({ tokenId: '0.0.901', serialNumber: Long.fromNumber(serial + 1), senderAccountId: AccountId.fromString('0.0.2'), receiverAccountId: AccountId.fromString(receiver) })),
});

describe('MaxRecipientsPolicy', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function statusOf(policy: MaxRecipientsPolicy, method: string, shape: unknown) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('shapes', new ShapeTool(method, () => shape))], context: { hooks: [policy] } });
    const result = await kit.execute(method, {});
    await kit.close();
    kit = undefined;
    return result;
  }

  describe('when counting HBAR transfers', () => {
    it('does not count the sender negative entry', async () => {
      const result = await statusOf(new MaxRecipientsPolicy(2), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.6', 1], ['0.0.2', -2]]));
      expect(result.raw.status).to.equal('SUCCESS');
    });

    it('counts an account listed twice once', async () => {
      const result = await statusOf(new MaxRecipientsPolicy(1), 'transfer_hbar_with_allowance_tool', hbar([['0.0.5', 1], ['0.0.5', 2], ['0.0.2', -3]]));
      expect(result.raw.status).to.equal('SUCCESS');
    });

    it('does not count zero-amount entries, as the Hedera Agent Kit does', async () => {
      const result = await statusOf(new MaxRecipientsPolicy(1), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.6', 0], ['0.0.2', -1]]));
      expect(result.raw.status).to.equal('SUCCESS');
    });

    it('blocks one recipient over the limit, saying how many', async () => {
      const result = await statusOf(new MaxRecipientsPolicy(2), 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.6', 1], ['0.0.7', 1], ['0.0.2', -3]]));
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'Max Recipients Policy', stage: 'postParamsNormalization', reason: '3 recipients exceed the maximum of 2' });
    });
  });

  describe('when counting token and NFT transfers', () => {
    it('counts distinct credited accounts of airdrops and fungible transfers', async () => {
      const shape = tokens([['0.0.5', 10], ['0.0.6', 10], ['0.0.6', 5], ['0.0.2', -25]]);
      expect((await statusOf(new MaxRecipientsPolicy(2), 'airdrop_fungible_token_tool', shape)).raw.status).to.equal('SUCCESS');
      expect((await statusOf(new MaxRecipientsPolicy(1), 'transfer_fungible_token_tool', shape)).raw.status).to.equal('ERROR');
    });

    it('counts distinct NFT receivers', async () => {
      expect((await statusOf(new MaxRecipientsPolicy(1), 'transfer_non_fungible_token_tool', nfts(['0.0.5', '0.0.5']))).raw.status).to.equal('SUCCESS');
      expect((await statusOf(new MaxRecipientsPolicy(1), 'transfer_non_fungible_token_with_allowance_tool', nfts(['0.0.5', '0.0.6']))).raw.status).to.equal('ERROR');
    });

    it('fails closed on a shape it cannot read', async () => {
      const result = await statusOf(new MaxRecipientsPolicy(5), 'transfer_hbar_tool', { somethingElse: [] });
      expect(result.raw.blockedBy?.reason).to.equal('cannot count recipients: normalised params have no "hbarTransfers" list');
    });
  });

  describe('when counting ERC-20 and ERC-721 transfers', () => {
    const call = (name: string, args: ContractFunctionParameters) => ({ contractId: '0.0.1001', gas: 100_000, functionParameters: encodeCall(name, args) });
    const to = '0x00000000000000000000000000000000000003ea';

    it('counts the one recipient a call has, and none for an ERC-20 amount of 0', async () => {
      const erc20 = (amount: number) => call('transfer', new ContractFunctionParameters().addAddress(to).addUint256(amount));
      const erc721 = call('transferFrom', new ContractFunctionParameters().addAddress(to).addAddress(to).addUint256(1));
      expect([DEFAULT_RECIPIENT_COUNTERS.transfer_erc20_tool!(erc20(5)), DEFAULT_RECIPIENT_COUNTERS.transfer_erc20_tool!(erc20(0))]).to.deep.equal([1, 0]);
      expect(DEFAULT_RECIPIENT_COUNTERS.transfer_erc721_tool!(erc721)).to.equal(1);
      expect((await statusOf(new MaxRecipientsPolicy(1), 'transfer_erc20_tool', erc20(5))).raw.status).to.equal('SUCCESS');
      expect((await statusOf(new MaxRecipientsPolicy(1), 'transfer_erc721_tool', erc721)).raw.status).to.equal('SUCCESS');
    });

    it('fails closed on calldata that is not the transfer', async () => {
      const approve = call('approve', new ContractFunctionParameters().addAddress(to).addUint256(5));
      const result = await statusOf(new MaxRecipientsPolicy(5), 'transfer_erc20_tool', approve);
      expect(result.raw.blockedBy?.reason).to.match(/the call is not transfer/);
    });
  });

  describe('custom strategies', () => {
    it('applies to an additional tool', async () => {
      const policy = new MaxRecipientsPolicy(2, ['bulk_tool'], { bulk_tool: (params) => params.recipients.length });
      expect((await statusOf(policy, 'bulk_tool', { recipients: [1, 2, 3] })).raw.blockedBy?.policy).to.equal('Max Recipients Policy');
    });

    it('overrides the default strategy of a default tool', async () => {
      const policy = new MaxRecipientsPolicy(1, [], { transfer_hbar_tool: () => 0 });
      expect((await statusOf(policy, 'transfer_hbar_tool', hbar([['0.0.5', 1], ['0.0.6', 1]]))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('construction', () => {
    it('refuses an additional tool without a strategy, naming it', () => {
      expect(() => new MaxRecipientsPolicy(5, ['my_custom_bulk_tool'])).to.throw('MaxRecipientsPolicy: custom tool "my_custom_bulk_tool" requires a strategy function in customStrategies.');
    });
    for (const bad of [0, -1, 2.5, Number.NaN, '5' as unknown as number]) {
      it(`refuses maxRecipients ${String(bad)}`, () => {
        expect(() => new MaxRecipientsPolicy(bad)).to.throw(/'maxRecipients' must be a positive integer/);
      });
    }
    it('guards the nine default tools: the core transfers and airdrops, HTS and ERC', () => {
      expect(new MaxRecipientsPolicy(5).relevantTools).to.have.members([
        'transfer_hbar_tool',
        'transfer_hbar_with_allowance_tool',
        'airdrop_fungible_token_tool',
        'transfer_fungible_token_tool',
        'transfer_fungible_token_with_allowance_tool',
        'transfer_non_fungible_token_tool',
        'transfer_non_fungible_token_with_allowance_tool',
        'transfer_erc20_tool',
        'transfer_erc721_tool',
      ]);
    });
  });
});

describe('RejectToolPolicy', () => {
  it('blocks the listed tools at preToolExecution, before normalisation', async () => {
    const client = offlineClient();
    let normalised = 0;
    const tool = new ShapeTool('delete_account_tool', () => normalised++);
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', tool)], context: { hooks: [new RejectToolPolicy(['delete_account_tool'])] } });
    const result = await kit.execute('delete_account_tool', {});
    expect(result.raw.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
    expect(normalised).to.equal(0);
    await kit.close();
    client.close();
  });

  it('refuses a relevantTools that is not a list of names', () => {
    expect(() => new RejectToolPolicy('delete_account_tool' as never)).to.throw(/^RejectToolPolicy: 'relevantTools' must be a list of tool names \(or \['\*'\] for every tool\), got "delete_account_tool"\.$/);
  });
});
