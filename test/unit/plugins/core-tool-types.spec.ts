import { expect } from 'chai';
import { PrivateKey, type Hbar, type PublicKey } from '@hiero-ledger/sdk';
import { Hook } from '../../../src/di/decorators.js';
import type { StageEvent } from '../../../src/lifecycle/stage-events.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import coreAccountPlugin from '../../../plugins/core-account/index.js';
import coreConsensusPlugin from '../../../plugins/core-consensus/index.js';
import { offlineClient } from '../../support/offline-client.js';

const AGENT_KEY = PrivateKey.generateED25519().publicKey;

/**
 * Hooks on the core tools are typed through ToolParamRegistry: this class compiles only because the
 * plugins declared each tool's raw and normalised params, and each @ts-expect-error line must fail.
 */
class CoreWatcher {
  static seen: string[] = [];

  @Hook('postParamsNormalization', ['transfer_hbar_tool', 'transfer_hbar_with_allowance_tool'])
  transfers(event: StageEvent<'postParamsNormalization', 'transfer_hbar_tool' | 'transfer_hbar_with_allowance_tool'>): void {
    const amounts: Hbar[] = event.normalisedParams.hbarTransfers.map((entry) => entry.amount);
    const firstRecipient: string = event.rawParams.transfers[0].accountId;
    // @ts-expect-error normalised amounts are Hbar objects, not numbers
    const wrong: number = event.normalisedParams.hbarTransfers[0].amount;
    void wrong;
    CoreWatcher.seen.push(`${event.method}:${firstRecipient}:${amounts.map((amount) => amount.toTinybars().toString()).join(',')}`);
  }

  @Hook('postParamsNormalization', ['create_topic_tool'])
  topic(event: StageEvent<'postParamsNormalization', 'create_topic_tool'>): void {
    const admin: PublicKey = event.normalisedParams.adminKey;
    // @ts-expect-error create_topic_tool has no message parameter
    void event.rawParams.message;
    CoreWatcher.seen.push(`${event.method}:${admin.toStringRaw() === AGENT_KEY.toStringRaw()}:${String(event.rawParams.isSubmitKey)}`);
  }
}

describe('core tool typed hooks', () => {
  afterEach(() => { CoreWatcher.seen = []; });

  describe('when a decorated hook listens to core tools', () => {
    it('receives the declared raw and normalised shapes', async () => {
      const client = offlineClient();
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [coreAccountPlugin, coreConsensusPlugin],
        hooks: [CoreWatcher],
        context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.1001', accountPublicKey: AGENT_KEY.toStringDer() },
      });
      try {
        await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.7', amount: 1.5 }] });
        await kit.execute('transfer_hbar_with_allowance_tool', { sourceAccountId: '0.0.5', transfers: [{ accountId: '0.0.8', amount: '0.25' }] });
        await kit.execute('create_topic_tool', { isSubmitKey: true });
      } finally {
        await kit.close();
        client.close();
      }
      expect(CoreWatcher.seen).to.deep.equal([
        'transfer_hbar_tool:0.0.7:150000000,-150000000',
        'transfer_hbar_with_allowance_tool:0.0.8:25000000,-25000000',
        'create_topic_tool:true:true',
      ]);
    });
  });
});
