import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/memory-approval-store.js';
import { stateFileIn } from '../../../src/policies/state/sqlite-store.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/**
 * A program built in code that journals its calls and holds some for approval, restarted: the
 * requests of an ApprovalPolicy given no store used to live in its memory and die with it; they
 * now live in the state file beside the journal, one store per kit.
 */
describe('a kit with a journal folder and ApprovalPolicies built without a store', function () {
  this.timeout(20_000);
  let journalDir: string;
  const clients: Client[] = [];
  const kits: AgentKit[] = [];

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'journal-approvals-'));
  });
  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    clients.splice(0).forEach((each) => each.close());
    rmSync(journalDir, { recursive: true, force: true });
  });

  const start = async (options: { journal: boolean; policies: object[] }): Promise<AgentKit> => {
    const client = offlineClient();
    clients.push(client);
    const kit = await createAgentKit({
      client,
      pluginsDir: null,
      plugins: [pluginOf('p', new EchoTool('echo_tool'))],
      hooks: [...(options.journal ? [new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir, deliver: false })] : []), ...options.policies],
    });
    kits.push(kit);
    return kit;
  };
  const close = async (kit: AgentKit) => {
    kits.splice(kits.indexOf(kit), 1);
    await kit.close();
  };
  const held = () => new ApprovalPolicy({ when: { tools: ['echo_tool'] }, wait: 'deferred', quorum: { required: 1, of: ['alice'] } });
  const hold = async (kit: AgentKit) => {
    const result = await kit.execute('echo_tool', { text: 'hi' });
    expect(result.raw.status, result.humanMessage).to.equal('PENDING_APPROVAL');
    return result.raw.approvalRequestId as string;
  };

  it('finds the held request again after a restart, in the state file beside the journal', async () => {
    const first = await start({ journal: true, policies: [held()] });
    const id = await hold(first);
    await close(first);
    const restarted = await start({ journal: true, policies: [held()] });
    const [store] = restarted.approvalStores();
    expect(store!.description).to.equal(`SQLite at ${stateFileIn(journalDir)}`);
    expect((await store!.listPending()).map((record) => record.id)).to.deep.equal([id]);
  });

  it('gives the ApprovalPolicies of one kit one store, and each kit its own', async () => {
    const one = held();
    const two = new ApprovalPolicy({ when: { tools: ['echo_tool'] }, wait: 'deferred', quorum: { required: 2, of: ['alice', 'bob'] } });
    const kit = await start({ journal: true, policies: [one, two] });
    expect(one.approvalStore).to.equal(two.approvalStore);
    expect(kit.approvalStores()).to.have.length(1);
    const other = held();
    await start({ journal: true, policies: [other] });
    expect(other.approvalStore).to.not.equal(one.approvalStore);
  });

  it('keeps memory for a kit with no journal, and a store given in code where it is', async () => {
    const inMemory = held();
    await start({ journal: false, policies: [inMemory] });
    expect(inMemory.approvalStore.description).to.equal('memory');
    const given = new MemoryApprovalStore();
    const withStore = new ApprovalPolicy({ when: { tools: ['echo_tool'] }, wait: 'deferred', store: given });
    await start({ journal: true, policies: [withStore] });
    expect(withStore.approvalStore).to.equal(given);
  });

  it('never moves a policy that has judged a call: its held request stays where its caller can resume it', async () => {
    const policy = held();
    const memoryKit = await start({ journal: false, policies: [policy] });
    const id = await hold(memoryKit);
    const before = policy.approvalStore;
    await start({ journal: true, policies: [policy] });
    expect(policy.approvalStore).to.equal(before);
    expect((await before.get(id))?.state).to.equal('pending');
  });

  it('refuses a second move: a policy shared by two journaling kits keeps the first kit\'s store', async () => {
    const policy = held();
    await start({ journal: true, policies: [policy] });
    const first = policy.approvalStore;
    const otherDir = mkdtempSync(join(tmpdir(), 'journal-approvals-other-'));
    try {
      const client = offlineClient();
      clients.push(client);
      kits.push(await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool('echo_tool'))], hooks: [new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir: otherDir, deliver: false }), policy] }));
      expect(policy.approvalStore).to.equal(first);
    } finally {
      for (const kit of kits.splice(0)) await kit.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
