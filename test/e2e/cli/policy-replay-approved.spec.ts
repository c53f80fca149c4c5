import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { readJournalSnapshot, type AuditEntry } from '../../../src/audit/index.js';
import { ExitCode } from '../../../src/cli/exit-codes.js';
import type { ReplayReport } from '../../../src/cli/replay/replay-run.js';
import { createKitFromConfig } from '../../../src/config/create-kit-from-config.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

/**
 * An operator replays a day in which a deferred approval let a large transfer through: the
 * budget (10 ℏ an hour) counted it live, so a later call was blocked. The replay must count the
 * approved call too, or it reports that later block as a change the configuration never made.
 */
describe('agent-hooks policy replay of a call approved and resumed live', function () {
  this.timeout(180_000);
  let devnet: Devnet;
  let cwd: string;
  let topicId: string;
  let journal: string;
  let recipient: string;

  before(async () => {
    cwd = mkdtempSync(path.join(tmpdir(), 'agent-hooks-replay-approved-'));
    devnet = await startDevnet();
    const client = devnet.client();
    topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    recipient = (await devnet.createAccount({ hbar: 1 })).accountId;
    client.close();
    journal = path.join(cwd, 'journal', `hcs-${topicId}.jsonl`);
    writeFileSync(
      path.join(cwd, 'agent-hooks.config.json'),
      JSON.stringify({
        ...localNetworkOf(devnet),
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: 'journal' }] }],
        policies: [
          { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] },
          { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred' }] },
        ],
      }),
    );
    const live = await createKitFromConfig(await loadConfig({ path: path.join(cwd, 'agent-hooks.config.json'), cwd }), { env: operatorEnvOf(devnet) });
    const pay = (hbar: number) => live.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: hbar }] });
    try {
      const held = await pay(6);
      expect(held.raw.status).to.equal('PENDING_APPROVAL');
      const requestId = held.raw.approvalRequestId as string;
      const [store] = live.kit.approvalStores();
      expect((await store!.decide(requestId, { approver: 'treasury lead', approve: true })).ok).to.equal(true);
      expect((await live.kit.resume(requestId)).raw.status).to.equal('SUCCESS'); // spent 6
      expect((await pay(3)).raw.status).to.equal('SUCCESS'); // spent 9
      expect((await pay(3)).raw.blockedBy?.policy).to.match(/spend/i); // 12 would pass the 10 ℏ budget
      expect((await pay(1)).raw.status).to.equal('SUCCESS'); // spent 10
    } finally {
      await live.close();
    }
  });

  after(async () => {
    await devnet?.stop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it('journaled the hold, the approved call (naming its request) and the calls after it', () => {
    // Call entries only: the request and its decision are oversight entries of their own.
    const entries = (readJournalSnapshot(journal)!.entries as (AuditEntry & { kind?: string })[]).filter((entry) => entry.kind === undefined);
    expect(entries.map((entry) => entry.outcome)).to.deep.equal(['blocked', 'executed', 'executed', 'blocked', 'executed']);
    expect(entries[1]!.approvalRequestId).to.be.a('string').and.equal(entries[0]!.approvalRequestId);
  });

  it('replays the approved call as approved, so the budget counts it and nothing shows as changed', async () => {
    const run = await runCliIn(cwd, {}, 'policy', 'replay', '--json', '--fail-on-change');
    expect(run.code, run.stderr).to.equal(ExitCode.OK);
    const all = JSON.parse(run.stdout) as ReplayReport;
    expect(all.entries.filter((row) => row.kind !== 'call').map((row) => row.kind)).to.include.members(['approvalRequest', 'approvalDecision']);
    const report = { ...all, entries: all.entries.filter((row) => row.kind === 'call') };
    expect(report.entries.map((row) => row.live?.verdict)).to.deep.equal(['hold', 'hold', 'allow', 'block', 'allow']);
    expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['hold', 'hold', 'allow', 'block', 'allow']);
    expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false, false, false]);
    expect(report.entries[1]!.replay!.reason).to.contain('approved live');
    expect(report.entries[3]!.replay!.policy).to.equal(report.entries[3]!.live!.policy);
    expect(report.totals).to.deep.include({ replayed: 5, changed: 0, wouldHold: 2, wouldBlock: 1, wouldAllow: 2 });
    const text = await runCliIn(cwd, {}, 'policy', 'replay');
    expect(text.stdout).to.not.contain('CHANGED');
  });
});
