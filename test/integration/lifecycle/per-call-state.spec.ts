import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import { callEntries, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { reportOnly } from '../../../src/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { tinybarsOf } from '../plugins/core-plugins-world.js';

// The module every call of this build takes its ID from: stubbed so two kits' calls get one ID, as
// two kits (or two builds) whose IDs collide would. What one call notes must stay on that call.
const callIds = require('../../../src/lifecycle/call-ids.js') as { nextCallId: () => string };
const TOPIC = '0.0.4242';
const ONE_HBAR = 100_000_000n;

describe('two kits in one process whose calls have the same call ID share no per-call state (devnet)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let operator: Client;
  let bob: string;
  const folders: string[] = [];
  const kits: AgentKit[] = [];
  const sandbox = sinon.createSandbox();

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    bob = (await net.createAccount({ hbar: 1 })).accountId;
  });
  after(async () => net?.stop());
  beforeEach(() => sandbox.stub(callIds, 'nextCallId').returns('3f1c9a52-0b7e-4d21-8c3a-000000000001'));
  afterEach(async () => {
    sandbox.restore();
    for (const kit of kits.splice(0)) await kit.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A kit on the devnet whose calls are journaled (not delivered) in a folder of its own; returns the kit and its call entries. */
  async function auditedKit(client: Client, ...listeners: object[]): Promise<{ kit: AgentKit; entries: () => AuditEntry[] }> {
    const journalDir = mkdtempSync(join(tmpdir(), 'per-call-state-'));
    folders.push(journalDir);
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], TOPIC, undefined, { journalDir, deliver: false });
    const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [hook, ...listeners] } });
    kits.push(kit);
    return { kit, entries: () => callEntries(readJournalSnapshot(join(journalDir, `hcs-${TOPIC}.jsonl`))?.entries ?? []) };
  }
  const pay = (kit: AgentKit, amount: number, extra: object = {}) => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: bob, amount }], ...extra });

  describe("when kit A's call is approved in the call and kit B's call with the same ID needed no approval", () => {
    it("B's audit entry names no approval request: the quorum A's call had is not B's", async () => {
      const asked: string[] = [];
      const approving = await auditedKit(operator, new ApprovalPolicy({ when: { hbarAbove: 1 }, approver: (request) => (asked.push(request.id!), true) }));
      const plain = await auditedKit(operator);

      const approved = await pay(approving.kit, 3);
      const unasked = await pay(plain.kit, 3);

      expect([approved.raw.status, unasked.raw.status], `${approved.humanMessage} / ${unasked.humanMessage}`).to.deep.equal(['SUCCESS', 'SUCCESS']);
      expect(asked).to.have.length(1);
      expect(approving.entries()[0]).to.include({ outcome: 'executed', approvalRequestId: asked[0] });
      const [entry] = plain.entries();
      expect(entry).to.include({ outcome: 'executed' });
      expect(entry, 'an entry claiming an approval its call never had').to.not.have.property('approvalRequestId');
    });
  });

  describe("when kit A's call, held in flight, would have been blocked by a policy in report mode", () => {
    it("kit B's call with the same ID, audited meanwhile, carries no wouldBlock; A's own entry does", async () => {
      let arrived!: () => void;
      const atGate = new Promise<void>((resolve) => (arrived = resolve));
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const holding = { name: 'Gate', relevantTools: ['transfer_hbar_tool'], postCoreActionHook: async () => (arrived(), await gate) };
      const reporting = await auditedKit(operator, reportOnly(new MaxTransferPolicy({ hbar: 2 })), holding);
      const plain = await auditedKit(operator);

      const first = pay(reporting.kit, 5);
      await atGate;
      const second = await pay(plain.kit, 1);
      open();
      const firstResult = await first;

      expect([firstResult.raw.status, second.raw.status]).to.deep.equal(['SUCCESS', 'SUCCESS']);
      expect(reporting.kit.wouldBlockCounts()).to.deep.equal({ 'Max Transfer Policy': 1 });
      expect(reporting.entries()[0]?.wouldBlock?.map((each) => each.policy)).to.deep.equal(['Max Transfer Policy']);
      const [entry] = plain.entries();
      expect(entry).to.include({ outcome: 'executed' });
      expect(entry, "another kit's report-mode verdict on this call's entry").to.not.have.property('wouldBlock');
    });
  });

  describe('when a ledger approval was asked for a call that a later policy then blocked', () => {
    it('leaves nothing behind: the next call with that ID, in another kit, goes out at once, not as a schedule', async () => {
      const made = await net.createAccount({ hbar: 50 });
      const agent = createDevnetClient(net.grpcAddress, made.accountId, made.privateKey);
      try {
        const { treasury, publicKeys } = await createThresholdTreasury(operator, ['ED25519', 'ED25519']);
        const ledgerApproval = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: publicKeys } });
        const asking = await auditedKit(agent, ledgerApproval, new MaxTransferPolicy({ hbar: 8 }));
        const plain = await auditedKit(agent);

        const blocked = await pay(asking.kit, 10, { sourceAccountId: treasury });
        expect(blocked.raw.blockedBy?.policy, blocked.humanMessage).to.equal('Max Transfer Policy');

        const bobBefore = await tinybarsOf(operator, bob);
        const next = await pay(plain.kit, 1);
        expect(next.raw.status, next.humanMessage).to.equal('SUCCESS');
        expect(next.raw, 'sent as a schedule an approval policy of another kit asked for').to.not.have.property('scheduled');
        expect(next.raw).to.not.have.property('scheduleId');
        expect(await tinybarsOf(operator, bob)).to.equal(bobBefore + ONE_HBAR);
        expect(plain.entries()[0]).to.not.have.property('scheduleId');
      } finally {
        agent.close();
      }
    });
  });
});
