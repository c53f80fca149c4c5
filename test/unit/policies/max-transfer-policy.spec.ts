import { expect } from 'chai';
import { AccountId, Hbar, Long, TokenId, type Client } from '@hiero-ledger/sdk';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { PolicyBlockedError } from '../../../src/lifecycle/policy-blocked-error.js';
import { offlineClient } from '../../support/offline-client.js';
import { callWith, hbarCredits, tokenCredits } from './value-policy-kit.js';

describe('MaxTransferPolicy', () => {
  let client: Client;
  beforeEach(() => (client = offlineClient()));
  afterEach(() => client.close());

  describe('when constructed', () => {
    it('describes its caps', () => {
      expect(new MaxTransferPolicy({ hbar: 100, tokens: { '0.0.0900': 2.5, '0.0.901': { baseUnits: '40' } } }).description).to.equal(
        'Caps what one call may move: 100 HBAR; 2.5 of 0.0.900; 40 base units of 0.0.901',
      );
    });

    it('refuses limits that would cap nothing or cannot be read, saying which', () => {
      const cases: [unknown, string][] = [
        [{}, "give a cap, 'hbar', 'tokens' or 'usd'"],
        [{ hbars: 100 }, "unknown option 'hbars'"],
        [{ hbar: -1 }, "'hbar' must be an amount of HBAR"],
        [{ hbar: '0.000000001' }, '9 decimal places'],
        [{ hbar: 'lots' }, "'hbar' must be"],
        [{ tokens: { gold: 1 } }, `'tokens.gold' must be keyed by token IDs such as 0.0.5678 (shard.realm.num), got "gold"`],
        [{ tokens: { '0.0.9': 1, '0.0.009': 2 } }, 'lists 0.0.9 twice'],
        [{ tokens: { '0.0.9': { baseUnits: 1.5 } } }, `'tokens["0.0.9"].baseUnits' must be a whole, non-negative number of base units, such as "2500", got 1.5`],
        [{ tokens: { '0.0.9': { units: 1 } } }, `unknown option 'tokens["0.0.9"].units'; accepted: baseUnits`],
        [{ tokens: { '0.0.9': -3 } }, 'must be an amount in display units'],
        [{ hbar: 1, allowUnbounded: 'yes' }, "'allowUnbounded' must be true or false"],
        [{ hbar: 1, tools: 'transfer_hbar_tool' }, "'tools' must be a list of tool names"],
        [null, 'expected { hbar?, tokens?'],
      ];
      for (const [limits, message] of cases) {
        expect(() => new MaxTransferPolicy(limits as never), JSON.stringify(limits)).to.throw(message);
      }
    });
  });

  describe('when a call moves HBAR', () => {
    it('allows up to the cap and refuses beyond it, summing every recipient, with the numbers', async () => {
      const policy = new MaxTransferPolicy({ hbar: 100 });
      expect((await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 60], ['0.0.6', 40]]))).raw.status).to.equal('SUCCESS');
      const over = await callWith(client, [policy], 'transfer_hbar_tool', hbarCredits([['0.0.5', 60], ['0.0.6', '40.00000001']]));
      expect(over.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(over.raw.blockedBy).to.deep.equal({
        policy: 'Max Transfer Policy',
        stage: 'postParamsNormalization',
        reason: 'transfer_hbar_tool moves 100.00000001 HBAR (10000000001 tinybars) in this call, to 0.0.5, 0.0.6; the cap is 100 HBAR per call',
      });
    });

    it('counts an approval as what it allows and a new account’s initial balance as a move', async () => {
      const policy = new MaxTransferPolicy({ hbar: '0.5' });
      const approval = { ownerAccountId: AccountId.fromString('0.0.2'), spenderAccountId: AccountId.fromString('0.0.5'), amount: Hbar.fromTinybars(60_000_000) };
      expect((await callWith(client, [policy], 'approve_hbar_allowance_tool', approval)).raw.blockedBy?.reason).to.contain('moves 0.6 HBAR');
      const creation = await callWith(client, [policy], 'create_account_tool', { initialBalance: 1, initialBalanceHbar: new Hbar(1) });
      expect(creation.raw.blockedBy?.reason).to.equal('create_account_tool moves 1 HBAR (100000000 tinybars) in this call, to new-account; the cap is 0.5 HBAR per call');
    });

    it('refuses a move of unknown size under an HBAR cap unless told to allow it', async () => {
      const deletion = { accountId: AccountId.fromString('0.0.7'), transferAccountId: AccountId.fromString('0.0.2') };
      const refused = await callWith(client, [new MaxTransferPolicy({ hbar: 100 })], 'delete_account_tool', deletion);
      expect(refused.raw.blockedBy?.reason).to.equal(
        'delete_account_tool moves the whole HBAR balance of 0.0.7 to 0.0.2, an amount not known before it executes; the cap is 100 HBAR per call, so moves of unknown size are refused (allowUnbounded: true lets them through)',
      );
      expect((await callWith(client, [new MaxTransferPolicy({ hbar: 100, allowUnbounded: true })], 'delete_account_tool', deletion)).raw.status).to.equal('SUCCESS');
      expect((await callWith(client, [new MaxTransferPolicy({ tokens: { '0.0.900': 1 } })], 'delete_account_tool', deletion)).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a call moves tokens', () => {
    it('applies display-unit caps with the decimals the params carry, and leaves other tokens alone', async () => {
      const policy = new MaxTransferPolicy({ tokens: { '0.0.900': 2.5 } });
      expect((await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 250]]))).raw.status).to.equal('SUCCESS');
      const over = await callWith(client, [policy], 'airdrop_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 200], ['0.0.6', 51]]));
      expect(over.raw.blockedBy?.reason).to.equal('airdrop_fungible_token_tool moves 2.51 of 0.0.900 (251 base units) in this call, to 0.0.5, 0.0.6; the cap is 2.5 of 0.0.900 per call');
      expect((await callWith(client, [policy], 'transfer_fungible_token_tool', tokenCredits('0.0.901', [['0.0.5', 10_000]]))).raw.status).to.equal('SUCCESS');
      // A cap finer than the token's decimals rounds down to whole base units.
      const fine = new MaxTransferPolicy({ tokens: { '0.0.900': '2.509' } });
      expect((await callWith(client, [fine], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 251]]))).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    });

    it('refuses a display-unit cap when the call does not know the decimals, and takes base-unit caps instead', async () => {
      const unknown = tokenCredits('0.0.900', [['0.0.5', 10]], null);
      const refused = await callWith(client, [new MaxTransferPolicy({ tokens: { '0.0.900': 1 } })], 'transfer_fungible_token_tool', unknown);
      expect(refused.raw.blockedBy?.reason).to.contain('the decimals of token 0.0.900 are not known for this call').and.to.contain('"baseUnits"');
      const base = new MaxTransferPolicy({ tokens: { '0.0.900': { baseUnits: 10 } } });
      expect((await callWith(client, [base], 'transfer_fungible_token_tool', unknown)).raw.status).to.equal('SUCCESS');
      const over = await callWith(client, [base], 'transfer_fungible_token_tool', tokenCredits('0.0.900', [['0.0.5', 11]], null));
      expect(over.raw.blockedBy?.reason).to.equal('transfer_fungible_token_tool moves 11 base units of 0.0.900 in this call, to 0.0.5; the cap is 10 base units of 0.0.900 per call');
    });

    it('counts NFTs one per serial', async () => {
      const nfts = (count: number) => ({
        transfers: Array.from({ length: count }, (_, at) => ({ tokenId: TokenId.fromString('0.0.902'), serialNumber: Long.fromNumber(at + 1), senderAccountId: AccountId.fromString('0.0.2'), receiverAccountId: AccountId.fromString('0.0.5') })),
      });
      const policy = new MaxTransferPolicy({ tokens: { '0.0.902': 2 } });
      expect((await callWith(client, [policy], 'transfer_non_fungible_token_tool', nfts(2))).raw.status).to.equal('SUCCESS');
      expect((await callWith(client, [policy], 'transfer_non_fungible_token_tool', nfts(3))).raw.blockedBy?.reason).to.contain('moves 3 of 0.0.902');
    });
  });

  describe('when it meets a tool nobody can see into', () => {
    it('blocks the call rather than letting it pass as "moves nothing"', async () => {
      const result = await callWith(client, [new MaxTransferPolicy({ hbar: 1 })], 'pay_invoice_tool', { payees: [] });
      expect(result.raw.blockedBy?.reason).to.contain('pay_invoice_tool has no movements view, so Max Transfer Policy cannot tell what it moves');
    });

    it('blocks when the params cannot be read, e.g. an EVM address it cannot resolve', async () => {
      const params = hbarCredits([['0.0.5', 1]]);
      params.hbarTransfers[0]!.accountId = AccountId.fromEvmAddress(0, 0, '0x742d35cc6634c0532925a3b844bc454e4438f44e');
      const result = await callWith(client, [new MaxTransferPolicy({ hbar: 100 })], 'transfer_hbar_tool', params);
      expect(result.raw.blockedBy?.reason).to.contain('hbarTransfers[0].accountId: the EVM address');
    });
  });

  describe('when called as the Hedera Agent Kit calls policies', () => {
    it('reads the built-in view itself and throws the block error with the reason', async () => {
      const policy = new MaxTransferPolicy({ hbar: 1 });
      const event = { method: 'transfer_hbar_tool', toolType: 'transaction', context: {}, rawParams: {}, client, normalisedParams: hbarCredits([['0.0.5', 2]]) };
      const error = await policy.postParamsNormalizationHook(event as never, 'transfer_hbar_tool').then(() => undefined, (thrown: unknown) => thrown);
      expect(error).to.be.instanceOf(PolicyBlockedError);
      expect((error as PolicyBlockedError).blockedBy.reason).to.contain('moves 2 HBAR');
      expect(await policy.postParamsNormalizationHook({ ...event, normalisedParams: hbarCredits([['0.0.5', 1]]) } as never, 'transfer_hbar_tool')).to.equal(undefined);
    });
  });
});
