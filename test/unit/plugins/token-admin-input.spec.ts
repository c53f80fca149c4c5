import { expect } from 'chai';
import sinon from 'sinon';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { FUNGIBLE, MISSING, NFT, expectRefused, offlineTokenKit, stubMirrorTokens } from './token-test-kit.js';

describe('core-token create, association and update tools: bad input', () => {
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

  describe('when create_fungible_token_tool gets bad input', () => {
    const create = (extra: object) => kit.execute('create_fungible_token_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', ...extra });

    it('accepts a zero initial supply and a finite cap (control)', async () => {
      expect((await create({ initialSupply: 0, decimals: 2, maxSupply: 10 })).raw.status).to.equal('SUCCESS');
    });

    it('refuses negative, NaN and over-precise supplies, naming the field', async () => {
      expectRefused(await create({ initialSupply: -5 }), 'initialSupply', /positive|greater than 0|decimal number/);
      expectRefused(await create({ initialSupply: 'NaN' }), 'initialSupply', /number/);
      expectRefused(await create({ initialSupply: 1.234, decimals: 2 }), 'initialSupply', 'has 3 decimal places but at most 2');
      expectRefused(await create({ maxSupply: 0.5, decimals: 0 }), 'maxSupply', 'has 1 decimal places but at most 0');
      expectRefused(await create({ maxSupply: 0, supplyType: 'finite' }), 'maxSupply', 'greater than 0');
    });

    it('refuses inconsistent supply settings and bad decimals', async () => {
      expectRefused(await create({ supplyType: 'infinite', maxSupply: 10 }), 'maxSupply', 'only applies to supplyType "finite"');
      expectRefused(await create({ supplyType: 'finite' }), 'maxSupply', 'is required');
      expectRefused(await create({ initialSupply: 11, maxSupply: 10 }), 'initialSupply', 'exceeds maxSupply');
      expectRefused(await create({ decimals: -1 }), 'decimals', '0 or more');
      expectRefused(await create({ decimals: 2.5 }), 'decimals', 'whole number');
      expectRefused(await create({ decimals: 19 }), 'decimals', 'at most 18');
      expectRefused(await create({ supplyType: 'capped' }), 'supplyType', '"finite" or "infinite"');
    });

    it('refuses empty or oversized text, malformed treasury IDs, unknown and NFT keys', async () => {
      expectRefused(await create({ tokenName: ' ' }), 'tokenName', 'must not be empty');
      expectRefused(await create({ tokenSymbol: 'S'.repeat(101) }), 'tokenSymbol', 'at most 100 bytes');
      expectRefused(await create({ treasuryAccountId: '0.0.1.2' }), 'treasuryAccountId', 'expected an account ID');
      expectRefused(await create({ supplyKey: 'abc' }), 'parameters', 'unknown key "supplyKey"');
      expectRefused(await create({ uris: ['x'] }), 'parameters', 'create_non_fungible_token_tool');
    });
  });

  describe('when create_non_fungible_token_tool gets bad input', () => {
    const create = (extra: object) => kit.execute('create_non_fungible_token_tool', { tokenName: 'Cats', tokenSymbol: 'CAT', ...extra });

    it('accepts the defaults (control)', async () => {
      expect((await create({})).raw.status).to.equal('SUCCESS');
    });

    it('refuses a bad maxSupply and fungible settings', async () => {
      expectRefused(await create({ maxSupply: 0 }), 'maxSupply', '1 or more');
      expectRefused(await create({ maxSupply: 2.5 }), 'maxSupply', 'whole number');
      expectRefused(await create({ decimals: 2 }), 'parameters', 'NFTs have no decimals');
      expectRefused(await create({ initialSupply: 10 }), 'parameters', 'mint_non_fungible_token_tool');
    });
  });

  for (const tool of ['associate_token_tool', 'dissociate_token_tool']) {
    describe(`when ${tool} gets bad input`, () => {
      it('accepts a list of distinct tokens (control)', async () => {
        expect((await kit.execute(tool, { tokenIds: [FUNGIBLE, NFT] })).raw.status).to.equal('SUCCESS');
      });

      it('refuses empty, oversized and repeated lists, malformed IDs and a single tokenId', async () => {
        expectRefused(await kit.execute(tool, { tokenIds: [] }), 'tokenIds', 'at least one');
        expectRefused(await kit.execute(tool, { tokenIds: Array.from({ length: 11 }, (_, at) => `0.0.${700 + at}`) }), 'tokenIds', 'at most 10');
        expectRefused(await kit.execute(tool, { tokenIds: [FUNGIBLE, FUNGIBLE] }), 'tokenIds[1]', 'already listed at tokenIds[0]');
        expectRefused(await kit.execute(tool, { tokenIds: ['token-1'] }), 'tokenIds[0]', 'expected a token ID');
        expectRefused(await kit.execute(tool, { tokenIds: [FUNGIBLE], accountId: 'me' }), 'accountId', 'expected an account ID');
        expectRefused(await kit.execute(tool, { tokenId: FUNGIBLE }), 'parameters', 'pass a list');
      });
    });
  }

  describe('when update_token_tool gets bad input', () => {
    const update = (extra: object) => kit.execute('update_token_tool', { tokenId: FUNGIBLE, ...extra });

    it('accepts a change by the admin (control)', async () => {
      const result = await update({ tokenName: 'New', supplyKey: true });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.humanMessage).to.contain('update tokenName, supplyKey of token 0.0.500');
    });

    it('refuses a call that changes nothing', async () => {
      expectRefused(await update({}), 'parameters', 'nothing to update');
      expectRefused(await update({ adminKey: false, tokenDesc: 'why' }), 'parameters', 'nothing to update');
    });

    it('refuses bad keys, private keys and keys the token was created without', async () => {
      expectRefused(await update({ supplyKey: 'not-a-key' }), 'supplyKey', 'is not a public key');
      expectRefused(await update({ kycKey: true }), 'kycKey', 'was created without a kycKey');
      expectRefused(await update({ supplyKey: 7 }), 'supplyKey', 'true');
      const privateDer = PrivateKey.generateED25519().toStringDer();
      const result = await update({ supplyKey: privateDer });
      expectRefused(result, 'supplyKey', 'looks like a PRIVATE key');
      expect(JSON.stringify(result)).to.not.contain(privateDer);
    });

    it('refuses unknown tokens, malformed IDs and unknown keys', async () => {
      expectRefused(await update({ tokenId: MISSING, tokenName: 'x' }), 'tokenId', 'does not exist');
      expectRefused(await update({ treasuryAccountId: 'x', tokenName: 'x' }), 'treasuryAccountId', 'expected an account ID');
      expectRefused(await update({ decimals: 3 }), 'parameters', 'unknown key "decimals"');
    });
  });
});
