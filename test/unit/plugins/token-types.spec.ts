import { expect } from 'chai';
import sinon from 'sinon';
import type { Long } from '@hiero-ledger/sdk';
import { Hook } from '../../../src/di/decorators.js';
import type { StageEvent } from '../../../src/lifecycle/stage-events.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import coreTokenPlugin from '../../../plugins/core-token/index.js';
import { offlineClient } from '../../support/offline-client.js';
import { AGENT, AGENT_KEY, FUNGIBLE, NFT, stubMirrorTokens } from './token-test-kit.js';

/**
 * Hooks on token tools are typed through ToolParamRegistry: this class only compiles because the
 * plugin declared each tool's raw and normalised params (the @ts-expect-error lines must fail).
 */
class TokenWatcher {
  static seen: Array<{ tool: string; credited: string[]; debit?: string; receivers?: string[] }> = [];

  @Hook('postParamsNormalization', ['airdrop_fungible_token_tool'])
  airdrop(event: StageEvent<'postParamsNormalization', 'airdrop_fungible_token_tool'>): void {
    const amounts: Long[] = event.normalisedParams.tokenTransfers.map((entry) => entry.amount);
    const recipients: string = event.rawParams.recipients[0].accountId;
    // @ts-expect-error normalised amounts are Long, not number
    const wrong: number = event.normalisedParams.tokenTransfers[0].amount;
    void wrong;
    void recipients;
    TokenWatcher.seen.push({
      tool: event.method,
      credited: amounts.filter((amount) => !amount.isNegative()).map(String),
      debit: amounts.find((amount) => amount.isNegative())?.toString(),
    });
  }

  @Hook('postParamsNormalization', ['transfer_non_fungible_token_tool'])
  nft(event: StageEvent<'postParamsNormalization', 'transfer_non_fungible_token_tool'>): void {
    const serial: Long = event.normalisedParams.transfers[0].serialNumber;
    // @ts-expect-error NFT recipients are recipientId, not accountId
    void event.rawParams.recipients[0].accountId;
    TokenWatcher.seen.push({ tool: event.method, credited: [serial.toString()], receivers: event.normalisedParams.transfers.map((t) => t.receiverAccountId.toString()) });
  }
}

describe('core-token typed hooks', () => {
  const sandbox = sinon.createSandbox();
  afterEach(() => {
    sandbox.restore();
    TokenWatcher.seen = [];
  });

  describe('when a decorated hook listens to token tools', () => {
    it('receives the declared normalised shapes: Long amounts with the sender debit, NFT entries with receivers', async () => {
      stubMirrorTokens(sandbox);
      const kit = await createAgentKit({
        client: offlineClient(),
        pluginsDir: null,
        plugins: [coreTokenPlugin],
        hooks: [TokenWatcher],
        mirrorNodeUrl: 'http://127.0.0.1:9',
        context: { mode: AgentMode.RETURN_BYTES, accountId: AGENT, accountPublicKey: AGENT_KEY.toStringDer() },
      });
      await kit.execute('airdrop_fungible_token_tool', { tokenId: FUNGIBLE, recipients: [{ accountId: '0.0.7', amount: 1.5 }, { accountId: '0.0.8', amount: '0.25' }] });
      await kit.execute('transfer_non_fungible_token_tool', { tokenId: NFT, recipients: [{ recipientId: '0.0.9', serialNumber: 4 }] });
      await kit.close();
      expect(TokenWatcher.seen).to.deep.equal([
        { tool: 'airdrop_fungible_token_tool', credited: ['150', '25'], debit: '-175' },
        { tool: 'transfer_non_fungible_token_tool', credited: ['4'], receivers: ['0.0.9'] },
      ]);
    });
  });
});
