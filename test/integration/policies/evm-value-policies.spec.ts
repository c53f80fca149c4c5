import { expect } from 'chai';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { MaxRecipientsPolicy, MaxTransferPolicy, RecipientAllowlistPolicy, SpendLimitPolicy } from '../../../src/policies/index.js';
import { longZero, startEvmWorld, succeeded, type EvmActor, type EvmWorld } from '../plugins/evm-fixtures.js';

/** Asserts a policy refused the call before anything was built; returns the reason it gave. */
function blocked(result: ToolResult, policy: string): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  expect(result.raw.transactionId, 'nothing may be submitted').to.equal(undefined);
  expect(result.raw.blockedBy?.policy).to.equal(policy);
  return String(result.raw.blockedBy?.reason ?? '');
}

describe('value policies on the EVM tools, on the devnet', function () {
  this.timeout(60_000);
  let world: EvmWorld;
  let bob: { accountId: string };
  let carol: EvmActor;
  let gold: string;
  let art: string;

  before(async () => {
    world = await startEvmWorld();
    bob = await world.net.createAccount({ hbar: 5 });
    carol = await world.ecdsaActor(20);
    gold = String(succeeded(await world.kit.execute('create_erc20_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', decimals: 2, initialSupply: 1000 })).erc20ContractId);
    art = String(succeeded(await world.kit.execute('create_erc721_tool', { tokenName: 'Art', tokenSymbol: 'ART' })).erc721ContractId);
    for (let i = 0; i < 3; i++) succeeded(await world.kit.execute('mint_erc721_tool', { contractId: art }));
  });
  after(async () => { await world.close(); });

  describe('MaxTransferPolicy({ tokens: { <erc20>: 10, <erc721>: 1 } })', () => {
    let kit: AgentKit;
    before(async () => {
      kit = await world.kitWith({ hooks: [new MaxTransferPolicy({ tokens: { [gold]: 10, [art]: 1 } })] });
    });

    it('lets a transfer within the cap through, and the ledger moves exactly that', async () => {
      succeeded(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: bob.accountId, amount: 7.5 }));
      expect(await world.balanceOf(gold, longZero(bob.accountId))).to.equal(750n);
    });

    it('refuses a transfer over the cap in the token\'s units, saying by how much, and nothing moves', async () => {
      const before = await world.balanceOf(gold, world.operatorEvm);
      const reason = blocked(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: bob.accountId, amount: 10.01 }), 'Max Transfer Policy');
      expect(reason).to.equal(`transfer_erc20_tool moves 10.01 of ${gold} (1001 base units) in this call, to ${bob.accountId}; the cap is 10 of ${gold} per call`);
      expect(await world.balanceOf(gold, world.operatorEvm)).to.equal(before);
      expect(await world.balanceOf(gold, longZero(bob.accountId))).to.equal(750n);
    });

    it('counts an ERC-721 transfer as one of the collection', async () => {
      succeeded(await kit.execute('transfer_erc721_tool', { contractId: art, toAddress: carol.accountId, tokenId: 1 }));
      expect(await world.ownerOf(art, 1)).to.equal(carol.evmAddress);
    });
  });

  describe('SpendLimitPolicy({ tokens: { <erc20>: 20 } }) over a day', () => {
    it('counts what the caller sends across calls, with the decimals the tool read from the contract', async () => {
      const kit = await world.kitWith({ hooks: [new SpendLimitPolicy({ tokens: { [gold]: 20 }, windowMs: 86_400_000 })] });
      succeeded(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: carol.evmAddress, amount: 15 }));
      const reason = blocked(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: carol.evmAddress, amount: 6 }), 'Spend Limit Policy');
      expect(reason).to.contain(`${world.net.operatorId} may spend 20 of ${gold} per`);
      succeeded(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: carol.evmAddress, amount: 5 }));
      expect(await world.balanceOf(gold, carol.evmAddress)).to.equal(2_000n);
    });
  });

  describe('RecipientAllowlistPolicy([bob])', () => {
    it('sees the account behind an EVM alias, and a mint to someone else as a move to them', async () => {
      const kit = await world.kitWith({ hooks: [new RecipientAllowlistPolicy([bob.accountId])] });
      succeeded(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: longZero(bob.accountId), amount: 1 }));
      expect(blocked(await kit.execute('transfer_erc20_tool', { contractId: gold, recipientAddress: carol.evmAddress, amount: 1 }), 'Recipient Allowlist Policy')).to.contain(carol.accountId);
      expect(blocked(await kit.execute('mint_erc721_tool', { contractId: art, toAddress: carol.accountId }), 'Recipient Allowlist Policy')).to.contain(carol.accountId);
      succeeded(await kit.execute('mint_erc721_tool', { contractId: art }));
      succeeded(await kit.execute('mint_erc721_tool', { contractId: art, toAddress: bob.accountId }));
      expect(await world.ownerOf(art, 5)).to.equal(longZero(bob.accountId));
    });
  });

  describe('MaxRecipientsPolicy(1)', () => {
    it('counts the one recipient of an ERC transfer and lets it through', async () => {
      const kit = await world.kitWith({ hooks: [new MaxRecipientsPolicy(1)] });
      succeeded(await kit.execute('transfer_erc721_tool', { contractId: art, toAddress: bob.accountId, tokenId: 2 }));
      expect(await world.ownerOf(art, 2)).to.equal(longZero(bob.accountId));
    });
  });

  describe('when a value policy covers every tool', () => {
    it('starts a kit with the EVM tools: each has a view or moves no value', async () => {
      const kit = await world.kitWith({ hooks: [new MaxTransferPolicy({ hbar: 1 })] });
      succeeded(await kit.execute('create_erc20_tool', { tokenName: 'Free', tokenSymbol: 'FREE' }));
      succeeded(await kit.execute('get_contract_info_query_tool', { contractId: gold }));
    });
  });
});
