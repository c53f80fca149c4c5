import { expect } from 'chai';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { SqliteApprovalStore } from '../../../src/policies/approvals/index.js';
import { runCliIn } from '../../support/cli-run.js';

/**
 * An operator with no Redis: the agent keeps its approval requests in the state file beside its
 * journal (the default file of its policies), and the operator decides with `agent-hooks approve`
 * from the configuration's folder. The CLI once refused without a Redis "approvals" store.
 */
describe('agent-hooks approve on the SQLite state file, with an agent on the devnet', function () {
  this.timeout(120_000);
  let net: Devnet;
  let client: Client;
  let cwd: string;
  let recipient: string;
  let kit: AgentKit | undefined;
  let store: SqliteApprovalStore | undefined;
  const env = { PATH: process.env.PATH };
  const stateFile = () => join(cwd, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite');

  before(async () => {
    net = await startDevnet();
    client = net.client();
  });
  after(async () => {
    client?.close();
    await net?.stop();
  });
  beforeEach(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'approve-sqlite-'));
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
  });
  afterEach(async () => {
    await kit?.close();
    await store?.close();
    kit = undefined;
    store = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  /** The agent: every transfer over 5 HBAR waits for alice, its request kept in `file`. */
  async function startAgent(file: string): Promise<AgentKit> {
    store = new SqliteApprovalStore({ path: file });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', quorum: { required: 1, of: ['alice'] }, store });
    kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    return kit;
  }
  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(client)).hbars.toTinybars().toString();

  it('decides in the state file beside the journal when the configuration names no store, and the agent resumes the approved call', async () => {
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet' }));
    const agent = await startAgent(stateFile());
    const held = await agent.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
    const id = held.raw.approvalRequestId as string;

    const run = await runCliIn(cwd, env, 'approve', id, '--as', 'alice', '--reason', 'invoice 42');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('recorded: alice approved; the request is approved (1 of 1 approvals)');

    const resumed = await agent.resume(id);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
    expect(await balanceOf(recipient)).to.equal('1000000000');
  });

  it('decides in the file "approvals" names, read from the configuration\'s folder', async () => {
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet', approvals: { store: { sqlite: 'shared/approvals.sqlite' } } }));
    const agent = await startAgent(join(cwd, 'shared', 'approvals.sqlite'));
    const held = await agent.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    const id = held.raw.approvalRequestId as string;
    const run = await runCliIn(cwd, env, 'approve', id, '--as', 'alice', '--deny', '--reason', 'unknown recipient', '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.include({ recorded: true, decision: 'deny', approver: 'alice', state: 'denied' });
    const refused = await agent.resume(id);
    expect(refused.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await balanceOf(recipient)).to.equal('0');
  });

  it('says where it looked when no agent has kept state yet, and creates no file', async () => {
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet' }));
    const run = await runCliIn(cwd, env, 'approve', 'f3a1c2d4-0000-4000-8000-000000000000', '--as', 'alice');
    expect(run.code).to.equal(2);
    expect(run.stderr).to.contain(`approvals: the configuration names no approval store, and its state file ${stateFile()}`).and.contain('does not exist yet');
    expect(existsSync(stateFile())).to.equal(false);
  });

  it('refuses a store that is neither a file nor a Redis server, naming both forms', async () => {
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet', approvals: { store: { sqlite: 'a.sqlite', prefix: 'payments' } } }));
    const run = await runCliIn(cwd, env, 'approve', 'f3a1c2d4-0000-4000-8000-000000000000', '--as', 'alice');
    expect(run.code).to.equal(2);
    expect(run.stderr).to.contain('approvals.store');
  });
});
