import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, auditEntryProblems, oversightEntry, type AnyAuditEntry, type OversightEvent } from '../../../../src/audit/index.js';
import { boundedParams } from '../../../../src/audit/entries/bounded-params.js';
import { replayTrail } from '../../../../src/cli/replay/replay-run.js';
import { readJournalFolder, type RecordedTrail } from '../../../../src/cli/replay/replay-sources.js';
import { replayText } from '../../../../src/cli/replay/replay-text.js';
import { ConfigError } from '../../../../src/config/config-error.js';
import { parseConfig } from '../../../../src/config/load-config.js';
import { silentLogger } from '../../../../src/lifecycle/logger.js';

const T0 = Date.parse('2026-01-05T10:00:00.000Z');
let seq = 0;

/** A call entry as the audit hook writes one for an executed transfer of `hbar` to 0.0.5. */
function transfer(hbar: number | string, atMs: number, extra: Record<string, unknown> = {}): AnyAuditEntry {
  seq += 1;
  return {
    type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id: `entry-${seq}`, seq, session: '0.0.2', timestamp: new Date(atMs).toISOString(), tool: 'transfer_hbar_tool',
    outcome: 'executed', stage: 'postToolExecution', params: { hbarTransfers: [] }, paramsKind: 'normalised', input: { transfers: [{ accountId: '0.0.5', amount: hbar }] }, status: 'SUCCESS',
    ...extra,
  } as AnyAuditEntry;
}

const trailOf = (entries: AnyAuditEntry[]): RecordedTrail => ({ description: 'test trail', entries: entries.map((entry) => ({ entry, source: 'test', problems: auditEntryProblems(entry) })), problems: [] });
const configWith = (policies: unknown[], extra: Record<string, unknown> = {}) => parseConfig({ policies, ...extra }, '(test)', tmpdir());

describe('replayTrail', () => {
  describe('when a spend limit has a window', () => {
    it("judges each call at its recorded time, so the window frees as it did then, whatever the replay's clock", async () => {
      const loaded = configWith([{ policy: 'SpendLimitPolicy', args: [{ hbar: 5, windowMs: 60_000 }] }]);
      const trail = trailOf([transfer(4, T0), transfer(4, T0 + 1_000), transfer(4, T0 + 120_000)]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block', 'allow']);
      // Live all three executed: the second is the one this budget changes.
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, true, false]);
      expect(report.totals.blockedBy).to.have.all.keys(report.entries[1]!.replay!.policy!);
    });
  });

  describe('when the trail holds entries of both shapes (params and input before, the input once now)', () => {
    it('replays both, and a budget counts both', async () => {
      const loaded = configWith([{ policy: 'SpendLimitPolicy', args: [{ hbar: 5, windowMs: 60_000 }] }]);
      const oldShape = transfer(3, T0);
      const newShape = transfer(3, T0 + 1_000, { params: { transfers: [{ accountId: '0.0.5', amount: 3 }] }, paramsKind: 'input', input: undefined });
      delete (newShape as { input?: unknown }).input;
      const trail = trailOf([oldShape, newShape]);
      expect(trail.entries.map((recorded) => recorded.problems)).to.deep.equal([[], []]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block']);
      expect(report.totals.notReplayable).to.equal(0);
    });
  });

  describe('when a policy is in report mode', () => {
    it('replays it in report mode: the call is allowed, the would-block is reported with its reason, and a live report that matches is no change', async () => {
      const loaded = configWith([{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }], mode: 'report' }]);
      const reportedLive = { wouldBlock: [{ policy: 'Max Transfer Policy', stage: 'postParamsNormalization', reason: 'over the cap' }] };
      // Live: 8 HBAR executed with the same would-block (no change); 9 HBAR executed unreported (changed); 1 HBAR nothing to report.
      const trail = trailOf([transfer(8, T0, reportedLive), transfer(9, T0 + 1), transfer(1, T0 + 2)]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'allow', 'allow']);
      expect(report.entries[0]!.replay!.reported).to.have.length(1);
      expect(report.entries[0]!.replay!.reported![0]).to.include({ policy: 'Max Transfer Policy', stage: 'postParamsNormalization' });
      expect(report.entries[0]!.replay!.reported![0]!.reason).to.contain('the cap is 5 HBAR per call');
      expect(report.entries[2]!.replay!.reported).to.equal(undefined);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, true, false]);
      expect(report.totals.reportedBy).to.deep.equal({ 'Max Transfer Policy': 2 });
      expect(report.totals.wouldBlock).to.equal(0);
      const text = replayText(report).join('\n');
      expect(text).to.contain('reported by Max Transfer Policy at postParamsNormalization (');
      expect(text).to.contain('would have blocked in report mode (the calls went on): Max Transfer Policy 2');
    });
  });

  describe('when a time window decides', () => {
    it('judges it at the recorded time', async () => {
      const loaded = configWith([{ policy: 'TimeWindowPolicy', args: [{ timeZone: 'UTC', days: ['mon'], from: '09:00', to: '17:00' }] }]);
      // 2026-01-05 is a Monday: 10:00 inside, 20:00 outside.
      const report = await replayTrail(loaded, trailOf([transfer(1, T0), transfer(1, T0 + 10 * 3_600_000)]), { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block']);
    });
  });

  describe('when an ApprovalPolicy would hold a call', () => {
    it('reports it held, and asks nobody: the terminal approver of the configuration is not used', async () => {
      const loaded = configWith([{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 2 }, approver: 'terminal' }] }]);
      // Live the first was held and then approved: the same verdict as a hold now.
      const trail = trailOf([transfer(3, T0, { approvalRequestId: 'req-1' }), transfer(1, T0 + 1)]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['hold', 'allow']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false]);
      expect(report.totals.wouldHold).to.equal(1);
    });
  });

  describe('when a call went on live after its approval', () => {
    const held = (hbar: number, atMs: number, requestId: string) =>
      transfer(hbar, atMs, {
        outcome: 'blocked',
        stage: 'postParamsNormalization',
        status: undefined,
        blockedBy: { policy: 'Approval Policy', stage: 'postParamsNormalization', reason: 'asked because it moves more than 5 HBAR' },
        approvalRequestId: requestId,
      });

    it('replays it as approved, so the budget after it counts it as live did and nothing shows as changed', async () => {
      const loaded = configWith([
        { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] },
        { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred', quorum: { required: 2, of: ['alice', 'bob'] } }] },
      ]);
      const spent = { outcome: 'blocked', stage: 'postParamsNormalization', status: undefined, blockedBy: { policy: 'Spend Limit Policy', stage: 'postParamsNormalization', reason: 'over the budget' } };
      // Held, approved by two people and resumed (6 spent), 3 more (9), then 3 the budget refused live (12 > 10), then 1 (10).
      const trail = trailOf([held(6, T0, 'req-9'), transfer(6, T0 + 60_000, { approvalRequestId: 'req-9' }), transfer(3, T0 + 61_000), transfer(3, T0 + 62_000, spent), transfer(1, T0 + 63_000)]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.live?.verdict)).to.deep.equal(['hold', 'hold', 'allow', 'block', 'allow']);
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['hold', 'hold', 'allow', 'block', 'allow']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false, false, false]);
      expect(report.entries[0]!.replay).to.include({ policy: 'Approval Policy', stage: 'postParamsNormalization' });
      expect(report.entries[1]!.replay!.reason).to.equal('approval request req-9, approved live: counted as approved');
      expect(report.entries[3]!.replay!.policy).to.equal('Spend Limit Policy');
    });

    it('does the same for an in-call approval inside a combination, which replays without a store', async () => {
      const loaded = configWith([
        { policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000 }] },
        { policy: 'anyOf', args: [{ policy: 'RecipientAllowlistPolicy', args: [['0.0.7']] }, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 0 }, approver: 'terminal' }] }] },
      ]);
      const refused = { outcome: 'blocked', stage: 'postParamsNormalization', status: undefined, blockedBy: { policy: 'anyOf(Recipient Allowlist Policy, Approval Policy)', stage: 'postParamsNormalization', reason: 'none of the alternatives allows the call' } };
      const spent = { outcome: 'blocked', stage: 'postParamsNormalization', status: undefined, blockedBy: { policy: 'Spend Limit Policy', stage: 'postParamsNormalization', reason: 'over the budget' } };
      // Approved in the call (8 spent), one the approver refused, then 3 the budget refused live (11 > 10).
      const trail = trailOf([transfer(8, T0, { approvalRequestId: 'req-1' }), transfer(1, T0 + 1_000, refused), transfer(3, T0 + 2_000, spent)]);
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['hold', 'block', 'block']);
      expect(report.entries.map((row) => row.replay?.policy)).to.deep.equal(['Approval Policy', 'anyOf(Recipient Allowlist Policy, Approval Policy)', 'Spend Limit Policy']);
      expect(report.entries.map((row) => row.changed)).to.deep.equal([false, false, false]);
    });
  });

  describe('when the ApprovalPolicy is approved by the ledger (via: schedule)', () => {
    it('replays it as holding the calls it would ask about, and says the keys were not read', async () => {
      const key = '302a300506032b6570032100' + '11'.repeat(32);
      const loaded = configWith([{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 2 }, via: 'schedule', quorum: { required: 1, of: [key] } }] }]);
      const report = await replayTrail(loaded, trailOf([transfer(3, T0), transfer(1, T0 + 1)]), { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['hold', 'allow']);
      expect(report.warnings.join(' ')).to.contain("ApprovalPolicy via: 'schedule' is replayed as holding each call it would ask about");
    });
  });

  describe('when a call needs the network to go on', () => {
    it('reports how far it got offline, as a failure that is not a policy verdict', async () => {
      const loaded = configWith([{ policy: 'RejectToolPolicy', args: [['delete_account_tool']] }]);
      const query = transfer(0, T0, { tool: 'get_hbar_balance_query_tool', input: { accountId: '0.0.2' } });
      const report = await replayTrail(loaded, trailOf([query]), { logger: silentLogger });
      const row = report.entries[0]!;
      expect(row.replayed).to.equal(true);
      expect(row.replay!.verdict).to.equal('fail');
      expect(row.replay!.stage).to.equal('coreAction');
      expect(report.submitted).to.equal(0);
    });
  });

  describe('when entries cannot be replayed', () => {
    it('lists each with its reason, and counts the entries that are not calls apart', async () => {
      const loaded = configWith([]);
      const { input: _none, ...old } = transfer(1, T0) as AnyAuditEntry & { input?: unknown };
      const trail = trailOf([
        old as AnyAuditEntry,
        transfer(1, T0 + 1, { tool: 'no_such_tool' }),
        transfer(boundedParams('x'.repeat(300)) as string, T0 + 2),
        { ...(transfer(1, T0 + 3) as object), outcome: 'interrupted', input: undefined } as AnyAuditEntry,
        oversightEntry({ kind: 'pause', switch: 'main', scope: 'all', reason: 'incident', by: 'ops', at: new Date(T0 + 4).toISOString() } as OversightEvent, 99, '0.0.2'),
        transfer(1, T0 + 5, { input: { transfers: [{ accountId: '0.0.5', amount: 1 }], privateKey: '[REDACTED]' } }),
      ]);
      const report = await replayTrail(loaded, trail, { accountId: '0.0.2', logger: silentLogger });
      const reasons = report.entries.map((row) => row.reason ?? '');
      expect(reasons[0]).to.contain('no input recorded');
      expect(reasons[1]).to.contain('the tool no_such_tool is not in this configuration');
      expect(reasons[2]).to.contain('cut to a sample');
      expect(reasons[3]).to.contain('interrupted');
      expect(reasons[4]).to.equal('not a call (a pause entry)');
      expect(reasons[5]).to.contain('redacted');
      expect(report.entries.every((row) => !row.replayed)).to.equal(true);
      expect(report.totals).to.deep.include({ entries: 6, calls: 5, replayed: 0, notReplayable: 5, notCalls: 1 });
      expect(replayText(report).filter((line) => line.includes('not replayed:'))).to.have.length(6);
    });
  });

  describe('when the trail names a tool with terminal control or bidi characters', () => {
    it('prints them escaped, so a topic writer cannot restyle or forge the report', async () => {
      const hostile = 'evil\u001b[2J\u202etool';
      const report = await replayTrail(configWith([]), trailOf([transfer(1, T0, { tool: hostile })]), { accountId: '0.0.2', logger: silentLogger });
      const text = replayText(report).join('\n');
      expect(text).to.not.contain('\u001b').and.not.contain('\u202e');
      expect(text).to.contain('evil\\u001b[2J\\u202etool');
    });
  });

  describe("when the account cannot be told from the trail's sessions", () => {
    it('refuses, asking for --account, rather than guess a payer', async () => {
      const trail = trailOf([transfer(1, T0, { session: 'agent-a' }), transfer(1, T0 + 1, { session: 'agent-b' })]);
      let error: Error | undefined;
      await replayTrail(configWith([]), trail, { logger: silentLogger }).catch((caught: Error) => (error = caught));
      expect(error?.message).to.contain('pass --account <id>').and.to.contain('agent-a, agent-b');
    });
  });

  describe('when a policy is an instance (a JS configuration)', () => {
    it('is refused: it cannot be rebuilt with fresh state', async () => {
      const { RejectToolPolicy } = await import('../../../../src/policies/reject-tool-policy.js');
      const loaded = configWith([new RejectToolPolicy(['transfer_hbar_tool'])]);
      let error: unknown;
      await replayTrail(loaded, trailOf([transfer(1, T0)]), { logger: silentLogger }).catch((caught: unknown) => (error = caught));
      expect(error).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).problems[0]).to.contain('policies[0]: policy replay rebuilds every policy');
    });
  });

  describe('when policies used Redis stores live', () => {
    // A Redis URL nothing listens on: a replay that reached it would fail closed, blocking every call.
    const spend = (hbar: number, prefix: string) => ({ policy: 'SpendLimitPolicy', args: [{ hbar, windowMs: 60_000, store: { redis: 'redis://127.0.0.1:9', prefix }, name: 'a' }] });

    it('gives each a fresh in-memory store, never the Redis one', async () => {
      const loaded = configWith([spend(100, 'team-1'), spend(5, 'team-2')]);
      const report = await replayTrail(loaded, trailOf([transfer(3, T0), transfer(3, T0 + 1)]), { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'block']);
      expect(report.entries[1]!.replay!.reason).to.not.match(/redis|reach|unavailable/i);
    });

    it('shares one fresh store between policies that shared one store and prefix, as their budgets did', async () => {
      // Budget "a" is one line for both: 3 (the first policy's) + 3 (the second's) passes 5 at once.
      const loaded = configWith([spend(100, 'team'), spend(5, 'team')]);
      const report = await replayTrail(loaded, trailOf([transfer(3, T0)]), { logger: silentLogger });
      expect(report.entries[0]!.replay!.verdict).to.equal('block');
      expect(report.entries[0]!.replay!.reason).to.not.match(/redis|reach|unavailable/i);
    });
  });
});

describe('readJournalFolder', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(path.join(tmpdir(), 'replay-folder-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('merges every stream of the folder by timestamp', () => {
    const line = (entry: AnyAuditEntry) => `${JSON.stringify({ r: 'entry', entry })}\n`;
    writeFileSync(path.join(folder, 'hcs-0.0.7.jsonl'), line(transfer(1, T0)) + line(transfer(2, T0 + 2_000)));
    writeFileSync(path.join(folder, 'hcs-0.0.7.stream-2.jsonl'), line(transfer(3, T0 + 1_000)));
    const trail = readJournalFolder(folder);
    expect(trail.entries.map((recorded) => (recorded.entry as { input: { transfers: { amount: number }[] } }).input.transfers[0]!.amount)).to.deep.equal([1, 3, 2]);
    expect(trail.entries.map((recorded) => recorded.source)).to.deep.equal(['hcs-0.0.7.jsonl', 'hcs-0.0.7.stream-2.jsonl', 'hcs-0.0.7.jsonl']);
    expect(trail.description).to.contain('2 journals');
  });
});
