import { expect } from 'chai';
import { ContractFunctionParameters } from '@hiero-ledger/sdk';
import { ERC721_MINT_FUNCTION_ABI, ERC721_TRANSFER_FUNCTION_ABI, HederaParameterNormaliser } from '@hashgraph/hedera-agent-kit';
import { movementsOf } from '../../../src/policies/movements.js';
import { VALUE_MOVING_TOOLS } from '../../../src/policies/value-moving-tools.js';
import { encodeCall, uint256 } from '../../../plugins/core-evm/_support/evm-call.js';
import { offlineClient } from '../../support/offline-client.js';

const params = () => new ContractFunctionParameters();
const alias = '0x742d35cc6634c0532925a3b844bc454e4438f44e';
const longZero = (num: number) => `0x${num.toString(16).padStart(40, '0')}`;
const brief = (list: readonly { asset: string; from: string; to: string; amount: bigint; serial?: number }[] | undefined) =>
  list?.map(({ asset, from, to, amount, serial }) => (serial === undefined ? `${asset} ${from}>${to} ${amount}` : `${asset}#${serial} ${from}>${to}`));
const erc20 = (to: string, amount: bigint, extra: Record<string, unknown> = {}) => ({
  contractId: '0.0.1001', functionParameters: encodeCall('transfer', params().addAddress(to).addUint256(uint256(amount))), gas: 100_000, ...extra,
});

describe('movementsOf the EVM tools', () => {
  it('are value-moving tools the value policies guard by default', () => {
    expect(VALUE_MOVING_TOOLS).to.include.members(['transfer_erc20_tool', 'transfer_erc721_tool', 'mint_erc721_tool']);
  });

  describe('when reading an ERC-20 transfer', () => {
    it('moves the base units in the call from the sender to the account the tool resolved, with the token\'s decimals', () => {
      const list = movementsOf('transfer_erc20_tool', erc20(alias, 10n ** 20n, { senderAccountId: '0.0.2', recipientAddress: alias, recipientAccountId: '0.0.1005', decimals: 18, amount: 1n }));
      expect(brief(list)).to.deep.equal([`0.0.1001 0.0.2>0.0.1005 ${10n ** 20n}`]);
      expect(list![0]).to.include({ decimals: 18, display: '100 of 0.0.1001' });
    });

    it('reads the Hedera Agent Kit\'s shape: the payer sends, a long-zero recipient is its account, decimals unknown', () => {
      const list = movementsOf('transfer_erc20_tool', erc20(longZero(1234), 250n), { payer: '0.0.77' });
      expect(brief(list)).to.deep.equal(['0.0.1001 0.0.77>0.0.1234 250']);
      expect(list![0]).to.include({ display: '250 base units of 0.0.1001' });
    });

    it('refuses an EVM alias nobody resolved, and a resolution of another address than the call\'s', () => {
      expect(() => movementsOf('transfer_erc20_tool', erc20(alias, 5n), { payer: '0.0.2' })).to.throw('recipientAddress: the EVM address 0x742d35cc');
      const mismatched = erc20(alias, 5n, { senderAccountId: '0.0.2', recipientAddress: longZero(9), recipientAccountId: '0.0.9' });
      expect(() => movementsOf('transfer_erc20_tool', mismatched)).to.throw('names an account only the network can look up');
      expect(() => movementsOf('transfer_erc20_tool', erc20(longZero(5), 5n))).to.throw(/^senderAccountId: undefined is not an account ID/);
    });

    it('moves nothing for an amount of 0, and throws for another call than transfer', () => {
      expect(movementsOf('transfer_erc20_tool', erc20(longZero(5), 0n), { payer: '0.0.2' })).to.deep.equal([]);
      const approve = { contractId: '0.0.1001', functionParameters: encodeCall('approve', params().addAddress(longZero(5)).addUint256(1)) };
      expect(() => movementsOf('transfer_erc20_tool', approve, { payer: '0.0.2' })).to.throw('the call is not transfer');
    });
  });

  describe('when reading an ERC-721 transfer', () => {
    it('moves the token ID (0 included) from its holder to the receiver, in this project\'s shape and the Hedera Agent Kit\'s', async () => {
      const ours = {
        contractId: '0.0.1003', gas: 100_000, fromAddress: alias, fromAccountId: '0.0.1010', toAddress: longZero(1011),
        functionParameters: encodeCall('transferFrom', params().addAddress(alias).addAddress(longZero(1011)).addUint256(0)),
      };
      const list = movementsOf('transfer_erc721_tool', ours);
      expect(brief(list)).to.deep.equal(['0.0.1003#0 0.0.1010>0.0.1011']);
      expect(list![0]).to.include({ amount: 1n, decimals: 0, display: 'ERC-721 token 0 of 0.0.1003' });
      const client = offlineClient();
      try {
        const kit = await HederaParameterNormaliser.normaliseTransferERC721Params(
          { contractId: '0.0.1003', fromAddress: longZero(2), toAddress: longZero(1011), tokenId: 7 }, ERC721_TRANSFER_FUNCTION_ABI, 'transferFrom', {}, {} as never, client as never,
        );
        expect(brief(movementsOf('transfer_erc721_tool', kit))).to.deep.equal(['0.0.1003#7 0.0.2>0.0.1011']);
      } finally {
        client.close();
      }
    });
  });

  describe('when reading an ERC-721 mint', () => {
    it('moves nothing when the minter mints to itself, and one new token to anyone else', async () => {
      const mint = (to: string, extra: Record<string, unknown> = {}) => ({ contractId: '0.0.1003', gas: 100_000, functionParameters: encodeCall('safeMint', params().addAddress(to)), ...extra });
      expect(movementsOf('mint_erc721_tool', mint(alias, { minterAccountId: '0.0.1010', toAddress: alias, toAccountId: '0.0.1010' }))).to.deep.equal([]);
      const list = movementsOf('mint_erc721_tool', mint(alias, { minterAccountId: '0.0.2', toAddress: alias, toAccountId: '0.0.1010' }));
      expect(brief(list)).to.deep.equal(['0.0.1003 0.0.2>0.0.1010 1']);
      expect(list![0]).to.include({ decimals: 0, display: 'a newly minted ERC-721 token of 0.0.1003' });
      const client = offlineClient();
      try {
        const kit = await HederaParameterNormaliser.normaliseMintERC721Params({ contractId: '0.0.1003', toAddress: longZero(1011) }, ERC721_MINT_FUNCTION_ABI, 'safeMint', {}, {} as never, client as never);
        expect(brief(movementsOf('mint_erc721_tool', kit, { payer: '0.0.2' }))).to.deep.equal(['0.0.1003 0.0.2>0.0.1011 1']);
        expect(movementsOf('mint_erc721_tool', { ...kit }, { payer: '0.0.1011' })).to.deep.equal([]);
      } finally {
        client.close();
      }
    });
  });
});
