import { expect } from 'chai';
import { MemoryOversight, explorerLinks } from '../../../src/console/index.js';
import { callView, hbarCredited } from '../../../src/console/call-view.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { KillSwitch } from '../../../src/policies/kill-switch.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

const ask = { tool: 'transfer_hbar_tool', policy: 'Approval Policy', summary: 's', why: 'w', stage: 'postParamsNormalization', params: {}, movements: [] };

describe('MemoryOversight', () => {
  describe('when a quorum of two is asked for', () => {
    it('counts each approver once and settles on the second distinct one', async () => {
      const oversight = new MemoryOversight();
      const { id, decided } = oversight.request({ ...ask, required: 2 });
      expect(oversight.decide(id, { approve: true, approver: 'alice' })).to.deep.equal({ id, status: 'waiting' });
      expect(oversight.decide(id, { approve: true, approver: 'alice' })).to.deep.equal({ id, status: 'waiting' });
      expect(oversight.pendingApprovals()[0]).to.include({ approvals: 1, required: 2 });
      expect(oversight.decide(id, { approve: true, approver: 'bob' })).to.deep.equal({ id, status: 'approved' });
      expect(await decided).to.deep.equal({ approved: true });
    });
  });

  describe('when denied', () => {
    it('settles at once with who denied and why', async () => {
      const oversight = new MemoryOversight();
      const { id, decided } = oversight.request({ ...ask, required: 3 });
      oversight.decide(id, { approve: false, approver: 'carol', reason: 'too much' });
      expect(await decided).to.deep.equal({ approved: false, reason: 'denied by carol: too much' });
      expect(oversight.pendingApprovals()).to.deep.equal([]);
    });
  });

  describe('as an Approver whose time runs out', () => {
    it('withdraws the request and refuses', async () => {
      const oversight = new MemoryOversight();
      const stop = new AbortController();
      const answer = oversight.approve({ ...ask, movements: undefined, hbarTinybars: undefined, normalisedParams: {}, timeoutMs: 1_000 }, stop.signal);
      expect(oversight.pendingApprovals()).to.have.length(1);
      stop.abort();
      expect(await answer).to.deep.equal({ approved: false, reason: 'nobody decided in the operator console in time' });
      expect(oversight.pendingApprovals()).to.deep.equal([]);
    });
  });
});

describe('MemoryOversight and the kill switch', () => {
  const refusal = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: Error) => error.message);

  describe('when it is given no kill switch', () => {
    it('refuses to pause or unpause, since no agent would obey it, and never says paused', async () => {
      const oversight = new MemoryOversight();
      expect(await refusal(oversight.pause('runaway agent', 'alice'))).to.equal(
        'MemoryOversight: cannot pause: no kill switch is connected, so a pause here would stop no agent. Give it the switch the agents obey: the KillSwitch passed to createAgentKit({ killSwitch }), or one on the same store and name, ' +
          "e.g. new KillSwitch({ store: { sqlite: '<journal folder>/agent-hooks-state.sqlite' } }), the file where kits with an audit journal and configuration files keep theirs.",
      );
      expect(await refusal(oversight.unpause('alice'))).to.contain('MemoryOversight: cannot unpause: no kill switch is connected');
      expect(oversight.state()).to.deep.equal({ paused: false, canPause: false });
    });

    it('refuses a killSwitch that is not one, and an unknown option, by name', () => {
      expect(() => new MemoryOversight({ killSwitch: { paused: true } as never })).to.throw("MemoryOversight: 'killSwitch' must be a KillSwitch (the one the agents' kits obey)");
      expect(() => new MemoryOversight({ paused: true } as never)).to.throw("MemoryOversight: unknown option 'paused'; the options are { killSwitch? }");
    });
  });

  describe('when it holds the switch a kit obeys', () => {
    it('a pause pressed there stops the kit, and shows who paused and why until unpaused', async () => {
      const killSwitch = new KillSwitch();
      const oversight = new MemoryOversight({ killSwitch });
      const client = offlineClient();
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool('transfer_hbar_tool'))], killSwitch });
      try {
        await oversight.pause('runaway agent', 'alice');
        expect(oversight.state()).to.deep.equal({ paused: true, reason: 'runaway agent', pausedBy: 'alice' });
        const refused = await kit.execute('transfer_hbar_tool', { text: 'pay' });
        expect(refused.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'preToolExecution' });
        expect(refused.raw.blockedBy?.reason).to.contain('alice paused every value-moving call').and.contain('agent-hooks unpause');
        await oversight.unpause('bob');
        expect(oversight.state()).to.deep.equal({ paused: false });
        expect((await kit.execute('transfer_hbar_tool', { text: 'pay' })).raw.status).to.equal('SUCCESS');
      } finally {
        await kit.close();
        client.close();
      }
    });
  });
});

describe('the console views', () => {
  it('reads the HBAR credited from the amounts the journal writes', () => {
    expect(hbarCredited({ hbarTransfers: [{ accountId: '0.0.5', amount: '5 tℏ' }, { accountId: '0.0.2', amount: '-5 tℏ' }] })).to.equal(5n);
    expect(hbarCredited({ hbarTransfers: [{ accountId: '0.0.5', amount: '10 ℏ' }, { accountId: '0.0.6', amount: '0.5 ℏ' }] })).to.equal(1_050_000_000n);
    expect(hbarCredited({ memo: 'x' })).to.equal(undefined);
  });

  it("reads the HBAR a transfer credits from an entry that holds the agent's input (its params once), as from older entries' normalised params", () => {
    const entry = {
      type: 'hedera-agent-hooks/audit-entry', version: 1, id: 'e1', seq: 1, session: '0.0.2', timestamp: '2026-01-01T00:00:00.000Z', tool: 'transfer_hbar_tool',
      outcome: 'executed', stage: 'postToolExecution', params: { transfers: [{ accountId: '0.0.5', amount: 2.5 }, { accountId: '0.0.6', amount: '0.00000001' }], transactionMemo: 'rent' }, paramsKind: 'input', status: 'SUCCESS',
    } as const;
    const view = callView(entry as never, 'test', true, explorerLinks(undefined, undefined));
    expect(view).to.include({ hbarTinybars: '250000001', memo: 'rent' });
    const older = callView({ ...entry, params: { hbarTransfers: [{ accountId: '0.0.5', amount: '2.5 ℏ' }, { accountId: '0.0.2', amount: '-2.5 ℏ' }] }, paramsKind: 'normalised', input: entry.params } as never, 'test', true, explorerLinks(undefined, undefined));
    expect(older).to.include({ hbarTinybars: '250000000' });
  });

  it('links hashscan for the public networks, the mirror for the devnet, and nothing without a network', () => {
    expect(explorerLinks('testnet', undefined).transaction('0.0.2@1700000000.5')).to.equal('https://hashscan.io/testnet/transaction/0.0.2-1700000000-000000005');
    expect(explorerLinks('mainnet', undefined).topic('0.0.9')).to.equal('https://hashscan.io/mainnet/topic/0.0.9');
    expect(explorerLinks('devnet', 'http://127.0.0.1:5551/').transaction('0.0.2@1700000000.000000005')).to.equal('http://127.0.0.1:5551/api/v1/transactions/0.0.2-1700000000-000000005');
    expect(explorerLinks(undefined, 'http://127.0.0.1:5551').transaction('0.0.2@1700000000.5')).to.equal(undefined);
    expect(explorerLinks('testnet', undefined).transaction('javascript:alert(1)')).to.equal(undefined);
  });
});
