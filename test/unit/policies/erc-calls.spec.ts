import { expect } from 'chai';
import { ContractFunctionParameters } from '@hiero-ledger/sdk';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ERC_CALL_SELECTORS, decodeErcCall } from '../../../src/policies/erc-calls.js';
import { encodeCall, uint256 } from '../../../plugins/core-evm/_support/evm-call.js';

const selectorOf = (signature: string) => Buffer.from(keccak_256(Buffer.from(signature))).subarray(0, 4).toString('hex');
const alias = '0x742d35cc6634c0532925a3b844bc454e4438f44e';
const longZero = '0x00000000000000000000000000000000000004d2';
const params = () => new ContractFunctionParameters();

describe('decodeErcCall', () => {
  describe('when the selectors are checked', () => {
    it('holds the first 4 bytes of keccak-256 of each signature', () => {
      expect(ERC_CALL_SELECTORS).to.deep.equal({
        transfer: selectorOf('transfer(address,uint256)'),
        transferFrom: selectorOf('transferFrom(address,address,uint256)'),
        safeMint: selectorOf('safeMint(address)'),
      });
    });
  });

  describe('when reading calls the EVM tools encode', () => {
    it('reads back addresses and amounts of any size, from bytes or hex', () => {
      const big = 2n ** 200n + 12345n;
      const transfer = encodeCall('transfer', params().addAddress(alias).addUint256(uint256(big)));
      expect(decodeErcCall(transfer, 'transfer')).to.deep.equal({ kind: 'transfer', to: alias, amount: big });
      expect(decodeErcCall(`0x${Buffer.from(transfer).toString('hex')}`, 'transfer').amount).to.equal(big);
      const moved = encodeCall('transferFrom', params().addAddress(longZero).addAddress(alias).addUint256(0));
      expect(decodeErcCall(moved, 'transferFrom')).to.deep.equal({ kind: 'transferFrom', from: longZero, to: alias, tokenId: 0n });
      expect(decodeErcCall(Buffer.from(encodeCall('safeMint', params().addAddress(alias))), 'safeMint')).to.deep.equal({ kind: 'safeMint', to: alias });
    });
  });

  describe('when the call is not the one expected', () => {
    it('throws, naming what it found, so a value policy blocks', () => {
      const approve = encodeCall('approve', params().addAddress(alias).addUint256(5));
      expect(() => decodeErcCall(approve, 'transfer')).to.throw(`functionParameters: the call is not transfer (selector 0xa9059cbb) but selector 0x${selectorOf('approve(address,uint256)')}`);
      const transfer = Buffer.from(encodeCall('transfer', params().addAddress(alias).addUint256(5)));
      expect(() => decodeErcCall(Buffer.concat([transfer, Buffer.alloc(32)]), 'transfer')).to.throw('transfer takes 2 ABI words, the call has 3');
      const dirty = Buffer.from(transfer);
      dirty[4] = 1;
      expect(() => decodeErcCall(dirty, 'transfer')).to.throw('argument 1 of transfer is not an address');
      for (const value of [undefined, null, 42, 'xyz', '0x123', [1, 2]]) {
        expect(() => decodeErcCall(value, 'safeMint', 'params.functionParameters'), String(value)).to.throw(/^params\.functionParameters: /);
      }
    });
  });
});
