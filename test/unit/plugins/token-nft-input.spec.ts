import { expect } from 'chai';
import sinon from 'sinon';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AGENT, FUNGIBLE, MISSING, NFT, expectRefused, offlineTokenKit, stubMirrorTokens } from './token-test-kit.js';

/** The NFT transfer tools, each with a builder of valid input around a recipient list. */
const FAMILY: Array<{ tool: string; sender: string; args: (recipients: unknown, extra?: object) => Record<string, unknown> }> = [
  { tool: 'transfer_non_fungible_token_tool', sender: AGENT, args: (recipients, extra) => ({ tokenId: NFT, recipients, ...extra }) },
  {
    tool: 'transfer_non_fungible_token_with_allowance_tool',
    sender: '0.0.2000',
    args: (recipients, extra) => ({ tokenId: NFT, sourceAccountId: '0.0.2000', recipients, ...extra }),
  },
];

describe('core-token NFT tools: bad input', () => {
  const sandbox = sinon.createSandbox();
  let kit: AgentKit;

  beforeEach(async () => {
    stubMirrorTokens(sandbox);
    kit = await offlineTokenKit();
  });
  afterEach(async () => {
    await kit.close();
    sandbox.restore();
  });

  for (const { tool, sender, args } of FAMILY) {
    describe(`when ${tool} gets bad input`, () => {
      const one = (serialNumber: unknown, recipientId: unknown = '0.0.3000') => args([{ recipientId, serialNumber }]);

      it('accepts valid input (control)', async () => {
        const result = await kit.execute(tool, one(1));
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
        expect(result.humanMessage).to.contain(`(serial 1) from ${sender} to 0.0.3000`);
      });

      it('refuses zero, negative, fractional and NaN serial numbers', async () => {
        expectRefused(await kit.execute(tool, one(0)), 'recipients[0].serialNumber', 'must be 1 or more');
        expectRefused(await kit.execute(tool, one(-2)), 'recipients[0].serialNumber', 'must be 1 or more');
        expectRefused(await kit.execute(tool, one(1.5)), 'recipients[0].serialNumber', 'whole number');
        expectRefused(await kit.execute(tool, one('NaN')), 'recipients[0].serialNumber', 'serial number');
        expectRefused(await kit.execute(tool, one(Number.NaN)), 'recipients[0].serialNumber', 'serial number');
      });

      it('refuses malformed IDs', async () => {
        expectRefused(await kit.execute(tool, one(1, '0.0.-5')), 'recipients[0].recipientId', 'expected an account ID');
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: 'cats' }), 'tokenId', 'expected a token ID');
      });

      it('refuses the owner as a recipient and a serial listed twice', async () => {
        expectRefused(await kit.execute(tool, one(1, sender)), 'recipients[0].recipientId', 'is the sending account');
        const twice = args([{ recipientId: '0.0.3000', serialNumber: 4 }, { recipientId: '0.0.3001', serialNumber: 4 }]);
        expectRefused(await kit.execute(tool, twice), 'recipients[1].serialNumber', 'already listed at recipients[0]');
      });

      it('refuses empty and oversized lists', async () => {
        expectRefused(await kit.execute(tool, args([])), 'recipients', 'at least one');
        const eleven = Array.from({ length: 11 }, (_, at) => ({ recipientId: '0.0.3000', serialNumber: at + 1 }));
        expectRefused(await kit.execute(tool, args(eleven)), 'recipients', 'at most 10');
      });

      it('refuses an amount and a fungible token, pointing at the fungible tools', async () => {
        expectRefused(await kit.execute(tool, args([{ recipientId: '0.0.3000', serialNumber: 1, amount: 5 }])), 'recipients[0]', 'NFTs move by serialNumber');
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: FUNGIBLE }), 'tokenId', 'is a fungible token and has no serial numbers');
      });

      it('refuses unknown keys, unknown tokens and __proto__', async () => {
        expectRefused(await kit.execute(tool, args([{ recipientId: '0.0.3000', serialNumber: 1 }], { note: 1 })), 'parameters', 'unknown key "note"');
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: MISSING }), 'tokenId', 'does not exist');
        const polluted = JSON.parse(`{"tokenId":"${NFT}","__proto__":{"x":1},"recipients":[]}`);
        expectRefused(await kit.execute(tool, polluted), '__proto__', 'is not allowed');
      });
    });
  }

  describe('when approve_nft_allowance_tool gets bad input', () => {
    const approve = (extra: object) => kit.execute('approve_nft_allowance_tool', { spenderAccountId: '0.0.3000', tokenId: NFT, ...extra });

    it('accepts serials or allSerials (control)', async () => {
      expect((await approve({ serialNumbers: [1, 2] })).raw.status).to.equal('SUCCESS');
      expect((await approve({ allSerials: true })).raw.status).to.equal('SUCCESS');
    });

    it('refuses both, neither, duplicates, bad serials and oversized lists', async () => {
      expectRefused(await approve({ allSerials: true, serialNumbers: [1] }), 'serialNumbers', 'must be left out when allSerials is true');
      expectRefused(await approve({}), 'serialNumbers', 'or set allSerials: true');
      expectRefused(await approve({ serialNumbers: [] }), 'serialNumbers', 'at least one');
      expectRefused(await approve({ serialNumbers: [3, 3] }), 'serialNumbers[1]', 'listed twice');
      expectRefused(await approve({ serialNumbers: [0] }), 'serialNumbers[0]', 'must be 1 or more');
      expectRefused(await approve({ serialNumbers: Array.from({ length: 21 }, (_, at) => at + 1) }), 'serialNumbers', 'at most 20');
    });

    it('refuses the owner as spender, a fungible token and an amount', async () => {
      expectRefused(await approve({ spenderAccountId: AGENT, serialNumbers: [1] }), 'spenderAccountId', 'is the owner');
      expectRefused(await approve({ tokenId: FUNGIBLE, serialNumbers: [1] }), 'tokenId', 'use approve_token_allowance_tool');
      expectRefused(await approve({ amount: 3 }), 'parameters', 'not amount');
    });
  });

  describe('when delete_non_fungible_token_allowance_tool gets bad input', () => {
    const remove = (args: object) => kit.execute('delete_non_fungible_token_allowance_tool', { tokenId: NFT, ...args });

    it('accepts serials of an NFT collection, for the agent or a named owner (control)', async () => {
      const own = await remove({ serialNumbers: [1, 2] });
      expect(own.raw.status, own.humanMessage).to.equal('SUCCESS');
      expect(own.humanMessage).to.contain(`NFT serial(s) 1, 2 of ${NFT} owned by ${AGENT}`);
      const named = await remove({ serialNumbers: [3], ownerAccountId: '0.0.2000' });
      expect(named.humanMessage).to.contain('owned by 0.0.2000');
    });

    it('removes a serial listed twice once, as the request is the same', async () => {
      const result = await remove({ serialNumbers: [4, 4, 5] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(result.humanMessage).to.contain('NFT serial(s) 4, 5 of');
    });

    it('refuses no serials, bad serials and more than Hedera takes in one transaction', async () => {
      expectRefused(await remove({}), 'serialNumbers', 'expected a list of serial numbers');
      expectRefused(await remove({ serialNumbers: [] }), 'serialNumbers', 'at least one');
      expectRefused(await remove({ serialNumbers: [0] }), 'serialNumbers[0]', 'must be 1 or more');
      expectRefused(await remove({ serialNumbers: [1.5] }), 'serialNumbers[0]', 'whole number');
      expectRefused(await remove({ serialNumbers: ['1'] }), 'serialNumbers[0]', 'serial number');
      expectRefused(await remove({ serialNumbers: Array.from({ length: 21 }, (_, at) => at + 1) }), 'serialNumbers', 'at most 20');
    });

    it('refuses a fungible token, an unknown token and malformed IDs', async () => {
      expectRefused(await remove({ tokenId: FUNGIBLE, serialNumbers: [1] }), 'tokenId', 'use delete_token_allowance_tool');
      expectRefused(await remove({ tokenId: MISSING, serialNumbers: [1] }), 'tokenId', 'does not exist');
      expectRefused(await remove({ tokenId: 'cats', serialNumbers: [1] }), 'tokenId', 'expected a token ID');
      expectRefused(await remove({ ownerAccountId: '0.0.-1', serialNumbers: [1] }), 'ownerAccountId', 'expected an account ID');
    });

    it('refuses a spender and allSerials, saying how Hedera removes NFT allowances', async () => {
      expectRefused(await remove({ serialNumbers: [1], spenderAccountId: '0.0.3000' }), 'parameters', 'no spender is named');
      expectRefused(await remove({ allSerials: true }), 'parameters', 'Hedera removes NFT allowances per serial');
    });
  });

  describe('when mint_non_fungible_token_tool gets bad input', () => {
    const mint = (args: object) => kit.execute('mint_non_fungible_token_tool', { tokenId: NFT, ...args });

    it('accepts URIs (control)', async () => {
      expect((await mint({ uris: ['ipfs://1'] })).raw.status).to.equal('SUCCESS');
    });

    it('refuses empty and oversized URI lists, long URIs, an amount and a fungible token', async () => {
      expectRefused(await mint({ uris: [] }), 'uris', 'at least one');
      expectRefused(await mint({ uris: Array.from({ length: 11 }, (_, at) => `u${at}`) }), 'uris', 'at most 10');
      expectRefused(await mint({ uris: ['x'.repeat(101)] }), 'uris[0]', 'at most 100 bytes');
      expectRefused(await mint({ uris: ['a'], amount: 2 }), 'parameters', 'use mint_fungible_token_tool');
      expectRefused(await mint({ uris: ['a'], tokenId: FUNGIBLE }), 'tokenId', 'use mint_fungible_token_tool');
    });
  });
});
