import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { createKitFromConfig, type ConfiguredKit } from '../../../src/config/create-kit-from-config.js';
import { approvalStorePlace, openApprovalStore } from '../../../src/config/configured-approval-store.js';
import { loadConfig } from '../../../src/config/load-config.js';
import { runCliIn } from '../../support/cli-run.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

/**
 * The operator's story: an agent configured in JSON with an ApprovalPolicy and no store (a file
 * cannot hold one) holds a 10 HBAR transfer, and is restarted before anyone decides. The operator
 * approves with `agent-hooks approve` from the configuration's folder, and the restarted agent
 * resumes the call. The policy once kept its requests in memory: the CLI never found the request,
 * and the restarted agent had lost it.
 */
describe('an ApprovalPolicy in a configuration file, with no store, on the devnet', function () {
  this.timeout(180_000);
  const suite = devnetSuite();
  let folder: string;
  let agents: ConfiguredKit[];

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'approval-config-'));
    agents = [];
  });
  afterEach(async () => {
    for (const agent of agents) await agent.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const env = () => ({ PATH: process.env.PATH, ...operatorEnvOf(suite.net) });
  const startAgent = async (): Promise<ConfiguredKit> => {
    const agent = await createKitFromConfig(await loadConfig({ cwd: folder }), { env: env() });
    agents.push(agent);
    return agent;
  };
  const writeConfig = (extra: object = {}) =>
    writeFileSync(
      path.join(folder, 'agent-hooks.config.json'),
      JSON.stringify({ ...localNetworkOf(suite.net), ...extra, policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, wait: 'deferred', quorum: { required: 1, of: ['alice'] } }] }] }),
    );
  const balanceOf = async (account: string) => (await new AccountBalanceQuery().setAccountId(account).execute(suite.client)).hbars.toTinybars().toString();

  it('keeps the request in the state file, so `agent-hooks approve` decides it and the restarted agent sends the call once', async () => {
    writeConfig();
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const first = await startAgent();
    const held = await first.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    expect(held.raw.status, held.humanMessage).to.equal('PENDING_APPROVAL');
    const id = held.raw.approvalRequestId as string;
    await first.close();
    expect(existsSync(path.join(folder, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite')), 'the state file beside the journal').to.equal(true);

    // Another process (the console's way) opens the configuration's approval store and lists it.
    const loaded = await loadConfig({ cwd: folder });
    const store = openApprovalStore(approvalStorePlace(loaded.config, loaded.baseDir))!;
    try {
      expect((await store.listPending()).map((record) => record.id)).to.deep.equal([id]);
    } finally {
      await store.close();
    }
    const approved = await runCliIn(folder, env(), 'approve', id, '--as', 'alice', '--reason', 'invoice 42');
    expect(approved.code, approved.stderr).to.equal(0);
    expect(approved.stdout).to.contain('the request is approved (1 of 1 approvals)');

    const restarted = await startAgent();
    const resumed = await restarted.kit.resume(id);
    expect(resumed.raw.status, resumed.humanMessage).to.equal('SUCCESS');
    const again = await restarted.kit.resume(id);
    expect(again.raw.errorCode, `a second resume sends nothing: ${again.humanMessage}`).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await balanceOf(recipient)).to.equal('1000000000');
  });

  it('keeps the request in the file "approvals" names, where a denial reaches the agent', async () => {
    writeConfig({ approvals: { store: { sqlite: 'shared/approvals.sqlite' } } });
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const agent = await startAgent();
    const held = await agent.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 10 }] });
    const id = held.raw.approvalRequestId as string;
    expect(existsSync(path.join(folder, 'shared', 'approvals.sqlite'))).to.equal(true);
    const denied = await runCliIn(folder, env(), 'approve', id, '--as', 'alice', '--deny', '--reason', 'unknown recipient', '--json');
    expect(denied.code, denied.stderr).to.equal(0);
    expect(JSON.parse(denied.stdout)).to.include({ recorded: true, decision: 'deny', state: 'denied' });
    const refused = await agent.kit.resume(id);
    expect(refused.raw.errorCode).to.equal('E_APPROVAL_NOT_EXECUTABLE');
    expect(await balanceOf(recipient)).to.equal('0');
  });
});
