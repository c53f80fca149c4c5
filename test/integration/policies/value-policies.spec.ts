import { expect } from 'chai';
import { AccountBalanceQuery, AccountInfoQuery } from '@hiero-ledger/sdk';
import { parseConfig } from '../../../src/config/load-config.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import {
  ExpressionPolicy,
  MaxTransferPolicy,
  RecipientAllowlistPolicy,
  RecipientDenylistPolicy,
  TimeWindowPolicy,
  anyOf,
} from '../../../src/policies/index.js';
import { startAdversarialWorld, tinybarsOf, type AdversarialWorld } from '../adversarial/adversarial-world.js';

/** Asserts a policy refused the call before anything was built; returns the reason it gave. */
function blocked(result: ToolResult, policy: string): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  expect(result.raw.transactionId, 'nothing may be submitted').to.equal(undefined);
  expect(result.raw.blockedBy?.policy).to.equal(policy);
  expect(result.humanMessage).to.contain(policy);
  return String(result.raw.blockedBy?.reason ?? '');
}

function executed(result: ToolResult): void {
  expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
  expect(result.raw.transactionId).to.be.a('string');
}

describe('value policies on the devnet', function () {
  this.timeout(60_000);
  let world: AdversarialWorld;
  let a: string;
  let b: string;
  let fungible: string;
  let nft: string;

  const unitsOf = async (accountId: string, tokenId: string): Promise<bigint> =>
    BigInt(String((await new AccountBalanceQuery().setAccountId(accountId).execute(world.client)).tokens?.get(tokenId) ?? '0'));
  const newAccount = async (): Promise<string> => {
    const created = await world.kit.execute('create_account_tool', { maxAutomaticTokenAssociations: -1 });
    executed(created);
    return String(created.raw.accountId);
  };

  before(async () => {
    world = await startAdversarialWorld();
    a = await newAccount();
    b = await newAccount();
    const token = await world.kit.execute('create_fungible_token_tool', { tokenName: 'Copper', tokenSymbol: 'CU', decimals: 2, initialSupply: 1000 });
    executed(token);
    fungible = String(token.raw.tokenId);
    const collection = await world.kit.execute('create_non_fungible_token_tool', { tokenName: 'Maps', tokenSymbol: 'MAP' });
    executed(collection);
    nft = String(collection.raw.tokenId);
    executed(await world.kit.execute('mint_non_fungible_token_tool', { tokenId: nft, uris: ['ipfs://1', 'ipfs://2', 'ipfs://3'] }));
  });
  after(async () => {
    await world.close();
  });

  describe('MaxTransferPolicy({ hbar: 5, tokens: { <token>: 1.5, <nft>: 1 } })', () => {
    let kit: AgentKit;
    before(async () => {
      kit = await world.kitWith({ context: { hooks: [new MaxTransferPolicy({ hbar: 5, tokens: { [fungible]: 1.5, [nft]: 1 } })] } });
    });

    it('executes a call within the caps and moves exactly that', async () => {
      const [beforeA, beforeB] = [await tinybarsOf(world.client, a), await tinybarsOf(world.client, b)];
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 3 }, { accountId: b, amount: 2 }] }));
      expect(await tinybarsOf(world.client, a)).to.equal(beforeA + 300_000_000n);
      expect(await tinybarsOf(world.client, b)).to.equal(beforeB + 200_000_000n);
      executed(await kit.execute('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: a, amount: 1.5 }] }));
      expect(await unitsOf(a, fungible)).to.equal(150n);
    });

    it('refuses a call over a cap, summed over its recipients, says by how much, and nothing moves', async () => {
      const [beforeA, beforeB] = [await tinybarsOf(world.client, a), await tinybarsOf(world.client, b)];
      const reason = blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 3 }, { accountId: b, amount: 2.5 }] }), 'Max Transfer Policy');
      expect(reason).to.equal(`transfer_hbar_tool moves 5.5 HBAR (550000000 tinybars) in this call, to ${a}, ${b}; the cap is 5 HBAR per call`);
      const tokens = blocked(await kit.execute('airdrop_fungible_token_tool', { tokenId: fungible, recipients: [{ accountId: b, amount: 1 }, { accountId: a, amount: 0.51 }] }), 'Max Transfer Policy');
      expect(tokens).to.contain(`moves 1.51 of ${fungible} (151 base units)`).and.to.contain(`the cap is 1.5 of ${fungible}`);
      const nfts = blocked(await kit.execute('transfer_non_fungible_token_tool', { tokenId: nft, recipients: [{ recipientId: a, serialNumber: 1 }, { recipientId: b, serialNumber: 2 }] }), 'Max Transfer Policy');
      expect(nfts).to.contain(`moves 2 of ${nft}`);
      expect(await tinybarsOf(world.client, a)).to.equal(beforeA);
      expect(await tinybarsOf(world.client, b)).to.equal(beforeB);
      expect(await unitsOf(b, fungible)).to.equal(0n);
      expect(await unitsOf(b, nft)).to.equal(0n);
    });

    it('counts approvals and initial balances, and refuses to delete an account under an HBAR cap', async () => {
      const approval = blocked(await kit.execute('approve_hbar_allowance_tool', { spenderAccountId: a, amount: 50 }), 'Max Transfer Policy');
      expect(approval).to.contain('moves 50 HBAR');
      const funding = blocked(await kit.execute('create_account_tool', { initialBalance: 10 }), 'Max Transfer Policy');
      expect(funding).to.contain('to new-account');
      const doomed = await world.net.createAccount({ hbar: 1 });
      const deletion = blocked(await kit.execute('delete_account_tool', { accountId: doomed.accountId }), 'Max Transfer Policy');
      expect(deletion).to.contain(`the whole HBAR balance of ${doomed.accountId}`).and.to.contain('allowUnbounded');
      const info = await new AccountInfoQuery().setAccountId(doomed.accountId).execute(world.client);
      expect(info.isDeleted).to.equal(false);
    });

    it('leaves tools that move no value alone', async () => {
      executed(await kit.execute('create_topic_tool', {}));
    });
  });

  describe('RecipientAllowlistPolicy and RecipientDenylistPolicy', () => {
    it('lets value go only to listed accounts, through every kind of movement, and nothing moves otherwise', async () => {
      const kit = await world.kitWith({ context: { hooks: [new RecipientAllowlistPolicy([a])] } });
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 0.1 }] }));
      const before = await tinybarsOf(world.client, b);
      const reason = blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 0.1 }, { accountId: b, amount: 0.2 }] }), 'Recipient Allowlist Policy');
      expect(reason).to.equal(`transfer_hbar_tool sends 0.2 HBAR to ${b}, not on the recipient allowlist (${a})`);
      blocked(await kit.execute('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: b, amount: 1 }] }), 'Recipient Allowlist Policy');
      blocked(await kit.execute('transfer_non_fungible_token_tool', { tokenId: nft, recipients: [{ recipientId: b, serialNumber: 3 }] }), 'Recipient Allowlist Policy');
      blocked(await kit.execute('approve_token_allowance_tool', { spenderAccountId: b, tokenApprovals: [{ tokenId: fungible, amount: 1 }] }), 'Recipient Allowlist Policy');
      expect(await tinybarsOf(world.client, b)).to.equal(before);
      expect(await unitsOf(b, fungible)).to.equal(0n);
      expect(await unitsOf(b, nft)).to.equal(0n);
    });

    it('refuses anything sent to a denied account, however the list spells it', async () => {
      const [shard, realm, num] = b.split('.');
      const kit = await world.kitWith({ context: { hooks: [new RecipientDenylistPolicy([`${shard}.${realm}.0000${num}`])] } });
      const before = await tinybarsOf(world.client, b);
      const reason = blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: ` ${b} `, amount: 1 }] }), 'Recipient Denylist Policy');
      expect(reason).to.equal(`transfer_hbar_tool sends 1 HBAR to ${b}, on the recipient denylist`);
      expect(await tinybarsOf(world.client, b)).to.equal(before);
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 0.1 }] }));
    });
  });

  describe('TimeWindowPolicy', () => {
    it('allows calls inside the window and refuses them outside, before anything is parsed', async () => {
      const window = { timeZone: 'Asia/Tokyo', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '18:00' };
      // 2026-03-04 is a Wednesday: 01:00 UTC is 10:00 in Tokyo, 10:00 UTC is 19:00.
      const open = await world.kitWith({ context: { hooks: [new TimeWindowPolicy({ ...window, now: () => new Date('2026-03-04T01:00:00Z') })] } });
      executed(await open.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 0.1 }] }));
      const closed = await world.kitWith({ context: { hooks: [new TimeWindowPolicy({ ...window, now: () => new Date('2026-03-04T10:00:00Z') })] } });
      const before = await tinybarsOf(world.client, a);
      const result = await closed.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 0.1 }] });
      expect(blocked(result, 'Time Window Policy')).to.equal('it is Wed 19:00 in Asia/Tokyo; calls are allowed Mon, Tue, Wed, Thu, Fri 09:00–18:00 (Asia/Tokyo)');
      expect(result.raw.blockedBy?.stage).to.equal('preToolExecution');
      expect(await tinybarsOf(world.client, a)).to.equal(before);
    });
  });

  describe('ExpressionPolicy', () => {
    it('allows what the expression is true for and refuses the rest with its message', async () => {
      const policy = new ExpressionPolicy({
        expression: `movements.all(m, (m.asset == 'HBAR' && m.amount <= 100000000) || (m.asset == '${fungible}' && m.to == '${a}'))`,
        message: 'at most 1 HBAR per recipient, and the token only to the treasury desk',
      });
      const kit = await world.kitWith({ context: { hooks: [policy] } });
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 1 }, { accountId: b, amount: 1 }] }));
      executed(await kit.execute('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: a, amount: 0.01 }] }));
      const before = await tinybarsOf(world.client, b);
      const reason = blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: b, amount: 1.00000001 }] }), 'Expression Policy');
      expect(reason).to.contain('at most 1 HBAR per recipient').and.to.contain(`1.00000001 HBAR from ${world.net.operatorId} to ${b}`);
      blocked(await kit.execute('transfer_fungible_token_tool', { tokenId: fungible, transfers: [{ accountId: b, amount: 0.01 }] }), 'Expression Policy');
      expect(await tinybarsOf(world.client, b)).to.equal(before);
      expect(await unitsOf(b, fungible)).to.equal(0n);
    });
  });

  describe('anyOf(RecipientAllowlistPolicy, MaxTransferPolicy) from a configuration file', () => {
    it('allows listed recipients any amount, others only small amounts, and says why when neither allows', async () => {
      const { listeners } = parseConfig(
        {
          policies: [
            {
              policy: 'anyOf',
              args: [
                { policy: 'RecipientAllowlistPolicy', args: [[a]] },
                { policy: 'MaxTransferPolicy', args: [{ hbar: 1 }] },
              ],
            },
          ],
        },
        'agent-hooks.config.json',
        '/tmp',
      );
      const kit = await world.kitWith({ hooks: listeners as never });
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: a, amount: 5 }] }));
      executed(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: b, amount: 1 }] }));
      const before = await tinybarsOf(world.client, b);
      const reason = blocked(await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: b, amount: 2 }] }), 'anyOf(Recipient Allowlist Policy, Max Transfer Policy)');
      expect(reason).to.contain('none of the alternatives allows the call').and.to.contain(`2 HBAR to ${b}, not on the recipient allowlist`).and.to.contain('the cap is 1 HBAR per call');
      expect(await tinybarsOf(world.client, b)).to.equal(before);
    });
  });
});
