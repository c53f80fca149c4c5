import { expect } from 'chai';
import { AccountId, EvmAddress, Hbar, HbarAllowance, Long, NftId, PrivateKey, TokenAllowance, TokenId, TokenNftAllowance } from '@hiero-ledger/sdk';
import { HederaParameterNormaliser } from '@hashgraph/hedera-agent-kit';
import { NEW_ACCOUNT, CURRENT_TREASURY, canonicalAccountId, canonicalTokenId } from '../../../src/policies/account-ids.js';
import { checkedMovements, movementsOf, payerOf } from '../../../src/policies/movements.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { offlineClient } from '../../support/offline-client.js';

const id = (text: string) => AccountId.fromString(text);
const hbarLines = (entries: [unknown, number][]) => ({ hbarTransfers: entries.map(([accountId, amount]) => ({ accountId, amount: Hbar.fromTinybars(amount) })) });
const brief = (list: readonly { asset: string; from: string; to: string; amount: bigint; serial?: number }[] | undefined) =>
  list?.map(({ asset, from, to, amount, serial }) => (serial === undefined ? `${asset} ${from}>${to} ${amount}` : `${asset}#${serial} ${from}>${to}`));
/** The mirror node service the Hedera Agent Kit's token normalisers ask for decimals. */
const kitMirror = { getTokenInfo: async () => ({ decimals: '2' }) } as never;

describe('movementsOf', () => {
  describe('when reading account IDs', () => {
    it('spells every form of one account the same way', () => {
      for (const spelling of ['0.0.5', ' 0.0.5 ', '0.0.000005', '0.0.5-vfmkw', '00.000.5', id('0.0.5'), '0x0000000000000000000000000000000000000005', '0.0.0000000000000000000000000000000000000005']) {
        expect(canonicalAccountId(spelling, 'to'), String(spelling)).to.equal('0.0.5');
      }
      expect(canonicalAccountId('1.2.3', 'to')).to.equal('1.2.3');
      expect(canonicalTokenId(TokenId.fromString('0.0.77'), 'tokenId')).to.equal('0.0.77');
      expect(canonicalTokenId('0.0.0077-abcde', 'tokenId')).to.equal('0.0.77');
    });

    it('refuses aliases and EVM addresses it cannot resolve, naming the field', () => {
      const alias = PrivateKey.generateED25519().publicKey.toAccountId(0, 0);
      const evm = AccountId.fromEvmAddress(0, 0, '0x742d35cc6634c0532925a3b844bc454e4438f44e');
      for (const [value, what] of [[alias, 'alias'], [evm, 'EVM address'], ['0x742d35cc6634c0532925a3b844bc454e4438f44e', 'EVM address'], [`0.0.${PrivateKey.generateED25519().publicKey.toStringRaw()}`, 'alias']] as const) {
        expect(() => canonicalAccountId(value, 'transfers[0].accountId')).to.throw(`transfers[0].accountId: the ${what}`);
      }
      for (const bad of ['alice', '', '0.0', '0.0.-1', 42, null, {}]) {
        expect(() => canonicalAccountId(bad, 'to'), String(bad)).to.throw(/^to: .* is not an account ID/);
      }
    });

    it('uses the account number an EVM address was already resolved to', () => {
      const resolved = AccountId.fromEvmAddress(0, 0, '0x742d35cc6634c0532925a3b844bc454e4438f44e');
      resolved.num = Long.fromNumber(1234);
      expect(canonicalAccountId(resolved, 'to')).to.equal('0.0.1234');
      expect(canonicalAccountId(new AccountId(0, 0, 0, undefined, EvmAddress.fromString('00000000000000000000000000000000000004d2')), 'to')).to.equal('0.0.1234');
    });
  });

  describe('when reading HBAR transfer lists', () => {
    it('gives one movement per recipient from the sender, in tinybars, netting an account listed twice', () => {
      const list = movementsOf('transfer_hbar_tool', hbarLines([[id('0.0.5'), 100], ['0.0.000005', 50], [id('0.0.6'), 7], [id('0.0.2'), -157]]));
      expect(brief(list)).to.deep.equal(['HBAR 0.0.2>0.0.5 150', 'HBAR 0.0.2>0.0.6 7']);
      expect(list![0]).to.include({ display: '0.0000015 HBAR', decimals: 8 });
      expect(Object.isFrozen(list)).to.equal(true);
    });

    it('splits credits over several payers in the order they are listed, and drops what an account pays itself', () => {
      const list = movementsOf('transfer_hbar_tool', hbarLines([['0.0.7', 10], ['0.0.8', 10], ['0.0.2', -15], ['0.0.3', -5], ['0.0.9', 3], ['0.0.9', -3]]));
      expect(brief(list)).to.deep.equal(['HBAR 0.0.2>0.0.7 10', 'HBAR 0.0.2>0.0.8 5', 'HBAR 0.0.3>0.0.8 5']);
    });

    it('refuses a list that does not balance, or an amount that is no Hbar', () => {
      expect(() => movementsOf('transfer_hbar_tool', hbarLines([['0.0.7', 10], ['0.0.2', -9]]))).to.throw('do not balance');
      expect(() => movementsOf('transfer_hbar_tool', { hbarTransfers: [{ accountId: '0.0.7', amount: 10 }] })).to.throw('hbarTransfers[0].amount: expected an Hbar amount');
      expect(() => movementsOf('transfer_hbar_tool', {})).to.throw('no "hbarTransfers" list');
      expect(() => movementsOf('transfer_hbar_tool', null)).to.throw('no "hbarTransfers" list');
    });

    it('reads the Hedera Agent Kit’s transfer_hbar_tool and its allowance variant, whose owner line is kept apart', async () => {
      const client = offlineClient();
      try {
        const plain = await HederaParameterNormaliser.normaliseTransferHbar({ transfers: [{ accountId: '0.0.5', amount: 1.5 }, { accountId: '0.0.6', amount: 0.5 }] } as never, {}, client as never);
        expect(brief(movementsOf('transfer_hbar_tool', plain))).to.deep.equal(['HBAR 0.0.2>0.0.5 150000000', 'HBAR 0.0.2>0.0.6 50000000']);
        const allowance = HederaParameterNormaliser.normaliseTransferHbarWithAllowance({ sourceAccountId: '0.0.9', transfers: [{ accountId: '0.0.5', amount: 2 }] } as never, {}, client as never);
        expect(brief(movementsOf('transfer_hbar_with_allowance_tool', allowance))).to.deep.equal(['HBAR 0.0.9>0.0.5 200000000']);
      } finally {
        client.close();
      }
    });
  });

  describe('when reading token transfers', () => {
    const ours = (lines: [string, number][], decimals = 2) => ({
      tokenId: TokenId.fromString('0.0.900'),
      sourceAccountId: id('0.0.2'),
      decimals,
      tokenTransfers: lines.map(([account, amount]) => ({ tokenId: TokenId.fromString('0.0.900'), accountId: id(account), amount: Long.fromNumber(amount) })),
    });

    it('gives base units with the decimals the params carry', () => {
      const list = movementsOf('transfer_fungible_token_tool', ours([['0.0.5', 250], ['0.0.2', -250]]));
      expect(brief(list)).to.deep.equal(['0.0.900 0.0.2>0.0.5 250']);
      expect(list![0]).to.include({ display: '2.5 of 0.0.900', decimals: 2 });
      expect(brief(movementsOf('airdrop_fungible_token_tool', ours([['0.0.5', 1], ['0.0.6', 1], ['0.0.2', -2]])))).to.have.length(2);
    });

    it('reads the Hedera Agent Kit’s transfer, allowance transfer and airdrop (no decimals in its params)', async () => {
      const client = offlineClient();
      try {
        const transfer = await HederaParameterNormaliser.normaliseTransferFungibleToken({ tokenId: '0.0.900', transfers: [{ accountId: '0.0.5', amount: 1.25 }] } as never, {}, client as never, kitMirror);
        const list = movementsOf('transfer_fungible_token_tool', transfer);
        expect(brief(list)).to.deep.equal(['0.0.900 0.0.2>0.0.5 125']);
        expect(list![0]!.decimals).to.equal(undefined);
        expect(list![0]!.display).to.equal('125 base units of 0.0.900');
        const allowance = await HederaParameterNormaliser.normaliseTransferFungibleTokenWithAllowance({ tokenId: '0.0.900', sourceAccountId: '0.0.9', transfers: [{ accountId: '0.0.5', amount: 1 }] } as never, {}, client as never, kitMirror);
        expect(brief(movementsOf('transfer_fungible_token_with_allowance_tool', allowance))).to.deep.equal(['0.0.900 0.0.9>0.0.5 100']);
        const airdrop = await HederaParameterNormaliser.normaliseAirdropFungibleTokenParams({ tokenId: '0.0.900', recipients: [{ accountId: '0.0.5', amount: 3 }] } as never, {}, client as never, kitMirror);
        expect(brief(movementsOf('airdrop_fungible_token_tool', airdrop))).to.deep.equal(['0.0.900 0.0.2>0.0.5 300']);
      } finally {
        client.close();
      }
    });
  });

  describe('when reading NFT transfers', () => {
    it('gives one movement per serial, in this project’s shape and the Hedera Agent Kit’s', async () => {
      const ours = {
        tokenId: TokenId.fromString('0.0.901'),
        sourceAccountId: id('0.0.2'),
        transfers: [1, 2].map((serial) => ({ tokenId: TokenId.fromString('0.0.901'), serialNumber: Long.fromNumber(serial), senderAccountId: id('0.0.2'), receiverAccountId: id(`0.0.${serial + 4}`) })),
      };
      const list = movementsOf('transfer_non_fungible_token_tool', ours);
      expect(brief(list)).to.deep.equal(['0.0.901#1 0.0.2>0.0.5', '0.0.901#2 0.0.2>0.0.6']);
      expect(list![0]).to.include({ amount: 1n, decimals: 0, display: 'NFT 0.0.901 serial 1' });
      const client = offlineClient();
      try {
        const kit = await HederaParameterNormaliser.normaliseTransferNonFungibleToken({ tokenId: '0.0.901', recipients: [{ recipientId: '0.0.5', serialNumber: 3 }] } as never, {}, client as never);
        expect(brief(movementsOf('transfer_non_fungible_token_tool', kit))).to.deep.equal(['0.0.901#3 0.0.2>0.0.5']);
        const allowance = HederaParameterNormaliser.normaliseTransferNonFungibleTokenWithAllowance({ tokenId: '0.0.901', sourceAccountId: '0.0.9', recipients: [{ recipientId: '0.0.5', serialNumber: 4 }] } as never, {});
        expect(brief(movementsOf('transfer_non_fungible_token_with_allowance_tool', allowance))).to.deep.equal(['0.0.901#4 0.0.9>0.0.5']);
      } finally {
        client.close();
      }
      const hakShape = { senderAccountId: id('0.0.2'), transfers: [{ nftId: new NftId(TokenId.fromString('0.0.901'), 9), receiver: id('0.0.5') }] };
      expect(brief(movementsOf('transfer_non_fungible_token_tool', hakShape))).to.deep.equal(['0.0.901#9 0.0.2>0.0.5']);
    });
  });

  describe('when reading approvals', () => {
    it('counts each as what it allows, owner to spender, in both shapes', async () => {
      expect(brief(movementsOf('approve_hbar_allowance_tool', { ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), amount: new Hbar(3) }))).to.deep.equal(['HBAR 0.0.2>0.0.5 300000000']);
      expect(brief(movementsOf('approve_hbar_allowance_tool', { hbarApprovals: [new HbarAllowance({ ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), amount: new Hbar(1) })] }))).to.deep.equal(['HBAR 0.0.2>0.0.5 100000000']);
      const tokenOurs = { ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), tokenApprovals: [{ tokenId: TokenId.fromString('0.0.900'), amount: Long.fromNumber(500), decimals: 2 }] };
      expect(movementsOf('approve_token_allowance_tool', tokenOurs)![0]).to.include({ asset: '0.0.900', amount: 500n, display: '5 of 0.0.900' });
      const tokenKit = { tokenApprovals: [new TokenAllowance({ tokenId: TokenId.fromString('0.0.900'), ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), amount: Long.fromNumber(7) })] };
      expect(brief(movementsOf('approve_token_allowance_tool', tokenKit))).to.deep.equal(['0.0.900 0.0.2>0.0.5 7']);
      const client = offlineClient();
      try {
        const kitNft = HederaParameterNormaliser.normaliseApproveNftAllowance({ tokenId: '0.0.901', spenderAccountId: '0.0.5', serialNumbers: [1, 2] } as never, {}, client as never);
        expect(brief(movementsOf('approve_nft_allowance_tool', kitNft))).to.deep.equal(['0.0.901#1 0.0.2>0.0.5', '0.0.901#2 0.0.2>0.0.5']);
        const kitHbar = HederaParameterNormaliser.normaliseApproveHbarAllowance({ spenderAccountId: '0.0.5', amount: 2 } as never, {}, client as never);
        expect(brief(movementsOf('approve_hbar_allowance_tool', kitHbar))).to.deep.equal(['HBAR 0.0.2>0.0.5 200000000']);
      } finally {
        client.close();
      }
    });

    it('counts an all-serials NFT approval as a move of unknown size, and a zero approval as none', () => {
      const all = movementsOf('approve_nft_allowance_tool', { tokenId: TokenId.fromString('0.0.901'), ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), allSerials: true, serialNumbers: [] });
      expect(all![0]).to.include({ unbounded: true, amount: 2n ** 63n - 1n, to: '0.0.5' });
      const kitAll = { nftApprovals: [new TokenNftAllowance({ tokenId: TokenId.fromString('0.0.901'), ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), serialNumbers: null, allSerials: true, delegatingSpender: null })] };
      expect(movementsOf('approve_nft_allowance_tool', kitAll)![0]!.unbounded).to.equal(true);
      expect(movementsOf('approve_hbar_allowance_tool', { ownerAccountId: id('0.0.2'), spenderAccountId: id('0.0.5'), amount: new Hbar(0) })).to.deep.equal([]);
    });
  });

  describe('when reading account creation, deletion and treasury changes', () => {
    it('moves a new account’s initial balance from the payer to "new-account"', () => {
      const list = movementsOf('create_account_tool', { initialBalance: 2, initialBalanceHbar: new Hbar(2) }, { payer: '0.0.000002' });
      expect(brief(list)).to.deep.equal([`HBAR 0.0.2>${NEW_ACCOUNT} 200000000`]);
      expect(brief(movementsOf('create_account_tool', { initialBalance: '0.5', key: PrivateKey.generateED25519().publicKey }, { payer: '0.0.2' }))).to.deep.equal([`HBAR 0.0.2>${NEW_ACCOUNT} 50000000`]);
      expect(movementsOf('create_account_tool', { initialBalance: 0, initialBalanceHbar: new Hbar(0) })).to.deep.equal([]);
      expect(() => movementsOf('create_account_tool', { initialBalanceHbar: new Hbar(1) })).to.throw('pays for the new account is not known');
    });

    it('moves the whole balance of a deleted account, an amount not known in advance', () => {
      const [move] = movementsOf('delete_account_tool', { accountId: id('0.0.7'), transferAccountId: id('0.0.2') })!;
      expect(move).to.include({ asset: 'HBAR', from: '0.0.7', to: '0.0.2', unbounded: true, display: 'the whole HBAR balance of 0.0.7' });
    });

    it('moves the treasury balance to a new treasury, and nothing when the treasury stays', () => {
      expect(movementsOf('update_token_tool', { tokenId: TokenId.fromString('0.0.900'), changes: ['tokenName'], tokenName: 'x' })).to.deep.equal([]);
      const [move] = movementsOf('update_token_tool', { tokenId: TokenId.fromString('0.0.900'), treasuryAccountId: '0.0.8' })!;
      expect(move).to.include({ asset: '0.0.900', from: CURRENT_TREASURY, to: '0.0.8', unbounded: true });
    });
  });

  describe('when a tool has no built-in view', () => {
    it('returns undefined, not "nothing moves"', () => {
      expect(movementsOf('create_topic_tool', {})).to.equal(undefined);
      expect(movementsOf('pay_invoice_tool', {})).to.equal(undefined);
      expect(movementsOf('__proto__', {})).to.equal(undefined);
    });
  });

  describe('when a third-party view answers', () => {
    it('canonicalises its accounts and assets, recomputes the display and drops zero amounts', () => {
      const list = checkedMovements([
        { asset: 'HBAR', from: id('0.0.2'), to: '0.0.0005', amount: 100000000n, display: 'nothing at all' },
        { asset: '0.0.0900', from: '0.0.2', to: '0.0.5', amount: Long.fromNumber(5), decimals: 1 },
        { asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 0 },
        { asset: '0.0.901', serial: 3, from: '0.0.2', to: NEW_ACCOUNT, amount: 1n },
      ], 'pay_tool');
      expect(list.map((m) => [m.asset, m.from, m.to, m.amount, m.display])).to.deep.equal([
        ['HBAR', '0.0.2', '0.0.5', 100000000n, '1 HBAR'],
        ['0.0.900', '0.0.2', '0.0.5', 5n, '0.5 of 0.0.900'],
        ['0.0.901', '0.0.2', NEW_ACCOUNT, 1n, 'NFT 0.0.901 serial 3'],
      ]);
    });

    it('refuses what is not a list of movements, naming the tool and entry', () => {
      expect(() => checkedMovements(undefined, 'pay_tool')).to.throw('pay_tool: its movements view returned undefined');
      expect(() => checkedMovements([{ asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: -1n }], 'pay_tool')).to.throw('pay_tool: movements[0].amount: -1 is negative');
      expect(() => checkedMovements([{ asset: 'HBAR', from: '0.0.2', to: '0.0.5', amount: 1.5 }], 'pay_tool')).to.throw('movements[0].amount');
      expect(() => checkedMovements([{ asset: 'GOLD', from: '0.0.2', to: '0.0.5', amount: 1n }], 'pay_tool')).to.throw('movements[0].asset');
      expect(() => checkedMovements([{ asset: 'HBAR', from: '0.0.2', to: 'bob', amount: 1n }], 'pay_tool')).to.throw('movements[0].to');
    });
  });

  describe('when telling who pays', () => {
    it('is the operator, or context.accountId when bytes are returned for it to sign', () => {
      const client = offlineClient();
      try {
        expect(payerOf({ accountId: '0.0.77' }, client)).to.equal('0.0.2');
        expect(payerOf({ accountId: '0.0.77', mode: AgentMode.RETURN_BYTES }, client)).to.equal('0.0.77');
        expect(payerOf({ accountId: '0.0.77' }, undefined)).to.equal('0.0.77');
      } finally {
        client.close();
      }
    });
  });
});
