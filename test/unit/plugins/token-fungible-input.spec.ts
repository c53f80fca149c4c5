import { expect } from 'chai';
import sinon, { type SinonStub } from 'sinon';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import { MirrorError, MirrorErrorCode } from '../../../src/mirror/mirror-error.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { AGENT, FUNGIBLE, MISSING, NFT, expectRefused, offlineTokenKit, stubMirrorTokens } from './token-test-kit.js';

/** The fungible amount tools, each with a builder of valid input around a list of credits. */
const FAMILY: Array<{ tool: string; list: string; args: (credits: unknown, extra?: object) => Record<string, unknown> }> = [
  { tool: 'transfer_fungible_token_tool', list: 'transfers', args: (credits, extra) => ({ tokenId: FUNGIBLE, transfers: credits, ...extra }) },
  { tool: 'airdrop_fungible_token_tool', list: 'recipients', args: (credits, extra) => ({ tokenId: FUNGIBLE, recipients: credits, ...extra }) },
  {
    tool: 'transfer_fungible_token_with_allowance_tool',
    list: 'transfers',
    args: (credits, extra) => ({ tokenId: FUNGIBLE, sourceAccountId: '0.0.2000', transfers: credits, ...extra }),
  },
];

describe('core-token fungible tools: bad input', () => {
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

  for (const { tool, list, args } of FAMILY) {
    describe(`when ${tool} gets bad input`, () => {
      const one = (amount: unknown, accountId: unknown = '0.0.3000') => args([{ accountId, amount }]);

      it('accepts valid input (control) and scales it by the mirror-reported decimals', async () => {
        const result = await kit.execute(tool, one('1.25'));
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
        expect(result.humanMessage).to.contain('1.25 of token 0.0.500');
      });

      it('refuses negative, zero and NaN amounts, naming the entry', async () => {
        expectRefused(await kit.execute(tool, one(-1)), `${list}[0].amount`, /greater than 0|positive/);
        expectRefused(await kit.execute(tool, one(0)), `${list}[0].amount`, 'greater than 0');
        expectRefused(await kit.execute(tool, one('NaN')), `${list}[0].amount`, /number/);
        expectRefused(await kit.execute(tool, one(Number.NaN)), `${list}[0].amount`, /number/);
      });

      it('refuses more decimal places than the token has', async () => {
        expectRefused(await kit.execute(tool, one(1.234)), `${list}[0].amount`, 'has 3 decimal places but at most 2');
      });

      it('refuses malformed account and token IDs', async () => {
        expectRefused(await kit.execute(tool, one(1, 'alice')), `${list}[0].accountId`, 'expected an account ID like 0.0.1234');
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: '0.0' }), 'tokenId', 'expected a token ID like 0.0.1234');
      });

      it('refuses the sender listed among the recipients', async () => {
        const sender = tool.includes('allowance') ? '0.0.2000' : AGENT;
        expectRefused(await kit.execute(tool, args([{ accountId: '0.0.3000', amount: 1 }, { accountId: sender, amount: 1 }])), `${list}[1].accountId`, 'is the sending account');
      });

      it('refuses empty and oversized recipient lists', async () => {
        expectRefused(await kit.execute(tool, args([])), list, 'at least one');
        const ten = Array.from({ length: 10 }, (_, at) => ({ accountId: `0.0.${3000 + at}`, amount: 1 }));
        expectRefused(await kit.execute(tool, args(ten)), list, 'at most 9');
      });

      it('refuses unknown keys, listing the accepted ones', async () => {
        expectRefused(await kit.execute(tool, args([{ accountId: '0.0.3000', amount: 1 }], { memo: 'x' })), 'parameters', /unknown key "memo"; accepted keys are .*tokenId/);
      });

      it('refuses an NFT collection and a serial number, pointing at the NFT tools', async () => {
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: NFT }), 'tokenId', 'is a non-fungible token');
        expectRefused(await kit.execute(tool, args([{ accountId: '0.0.3000', amount: 1, serialNumber: 1 }])), `${list}[0]`, 'fungible tokens move by amount');
      });

      it('refuses a token the mirror node does not know', async () => {
        expectRefused(await kit.execute(tool, { ...one(1), tokenId: MISSING }), 'tokenId', 'does not exist');
      });

      it('refuses prototype-polluting keys before any stage', async () => {
        const polluted = JSON.parse(`{"tokenId":"${FUNGIBLE}","${list}":[{"accountId":"0.0.3000","amount":1,"__proto__":{"admin":true}}]}`);
        expectRefused(await kit.execute(tool, polluted), `${list}[0].__proto__`, 'is not allowed');
      });
    });
  }

  describe('when the mirror node cannot be reached', () => {
    it('fails the call before anything is built, with the mirror error code rather than blaming the input', async () => {
      (MirrorClient.prototype.getToken as SinonStub).rejects(new MirrorError(MirrorErrorCode.UNAVAILABLE, 'mirror node at http://127.0.0.1:9 is unavailable'));
      const result = await kit.execute('transfer_fungible_token_tool', { tokenId: FUNGIBLE, transfers: [{ accountId: '0.0.3000', amount: 1 }] });
      expect(result.raw).to.include({ status: 'ERROR', errorCode: MirrorErrorCode.UNAVAILABLE, stage: 'normalizeParams' });
      expect(result.raw.bytes).to.equal(undefined);
      expect(result.humanMessage).to.contain('Nothing was submitted');
    });
  });

  describe('when mint_fungible_token_tool gets bad input', () => {
    it('accepts a valid amount (control)', async () => {
      expect((await kit.execute('mint_fungible_token_tool', { tokenId: FUNGIBLE, amount: 3 })).raw.status).to.equal('SUCCESS');
    });

    it('refuses bad amounts, an NFT collection and NFT metadata', async () => {
      expectRefused(await kit.execute('mint_fungible_token_tool', { tokenId: FUNGIBLE, amount: -3 }), 'amount', /greater than 0|positive/);
      expectRefused(await kit.execute('mint_fungible_token_tool', { tokenId: FUNGIBLE, amount: 0 }), 'amount', 'greater than 0');
      expectRefused(await kit.execute('mint_fungible_token_tool', { tokenId: FUNGIBLE, amount: 0.001 }), 'amount', 'at most 2');
      expectRefused(await kit.execute('mint_fungible_token_tool', { tokenId: NFT, amount: 1 }), 'tokenId', 'use mint_non_fungible_token_tool');
      expectRefused(await kit.execute('mint_fungible_token_tool', { tokenId: FUNGIBLE, amount: 1, uris: ['x'] }), 'parameters', 'mint_non_fungible_token_tool');
    });
  });
});
