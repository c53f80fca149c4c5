import { PrivateKey, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { RedisApprovalStore } from '../../../src/policies/approvals/index.js';
import { CORE_PLUGINS, tinybarsOf } from '../../integration/plugins/core-plugins-world.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

describe('agent-hooks approve on a request the ledger approves (via: schedule)', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let net: Devnet;
  let operator: Client;
  let agentClient: Client;
  let kit: AgentKit;
  let store: RedisApprovalStore;
  let cwd: string;
  let approvers: PrivateKey[];
  let treasury: string;
  let bob: string;
  let env: NodeJS.ProcessEnv;
  let topicId: string;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });

  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    operator = net.client();
    const agent = await net.createAccount({ hbar: 50 });
    agentClient = createDevnetClient(net.grpcAddress, agent.accountId, agent.privateKey);
    ({ approvers, treasury } = await createThresholdTreasury(operator, ['ED25519', 'ECDSA', 'ED25519']));
    bob = (await net.createAccount({ hbar: 1 })).accountId;
    const prefix = `ledger-${Date.now()}`;
    store = new RedisApprovalStore({ url: redis.url, prefix });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: approvers.map((key) => key.publicKey.toStringDer()) }, store });
    cwd = mkdtempSync(join(tmpdir(), 'approve-schedule-cli-'));
    topicId = (await (await new TopicCreateTransaction().execute(operator)).getReceipt(operator)).topicId!.toString();
    // The agent's audit trail: the schedule's outcome closes the request, and `audit verify` reads it.
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir: join(cwd, 'journal'), lingerMs: 0, scheduleWatch: { intervalMs: 50 } });
    kit = await createAgentKit({ client: agentClient, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [hook, policy] } });
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ ...localNetworkOf(net), approvals: { store: { redis: redis.url, prefix } } }));
    // The ScheduleSign's fee payer: the configuration's operator, from the environment as for every command.
    env = { PATH: process.env.PATH, ...operatorEnvOf(net) };
  });

  afterEach(async () => {
    await kit?.close();
    await store?.close();
    agentClient?.close();
    await net?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  const scheduleTen = async () => {
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: bob, amount: 10 }] });
    expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', awaitingApproval: true });
    return String(result.raw.approvalRequestId);
  };

  it('signs the schedule with each approver key; the ledger runs the transfer at the second, and no key is printed', async () => {
    const id = await scheduleTen();
    const bobBefore = await tinybarsOf(operator, bob);
    writeFileSync(join(cwd, 'a.key'), approvers[0]!.toStringDer());
    const first = await runCliIn(cwd, env, 'approve', id, '--key', 'a.key');
    expect(first.code, first.stdout + first.stderr).to.equal(0);
    expect(first.stdout).to.contain('approved by the ledger: schedule').and.contain(`2 of 3 keys of ${treasury}`).and.contain('ScheduleSign').and.contain('SUCCESS; the schedule has not executed yet');
    expect(await tinybarsOf(operator, bob)).to.equal(bobBefore);

    const second = await runCliIn(cwd, { ...env, AGENT_HOOKS_APPROVER_KEY: approvers[1]!.toStringDer() }, 'approve', id, '--key', 'env', '--json');
    expect(second.code, second.stdout + second.stderr).to.equal(0);
    expect(JSON.parse(second.stdout)).to.include({ recorded: true, decision: 'approve', status: 'SUCCESS', executed: true });
    expect(await tinybarsOf(operator, bob)).to.equal(bobBefore + 1_000_000_000n);
    for (const run of [first, second]) for (const key of approvers.slice(0, 2)) expect(run.stdout + run.stderr).not.to.contain(key.toStringDer()).and.not.to.contain(key.toStringRaw());
    expect((await store.get(id))!.decisions.map((decision) => [decision.approve, decision.via, decision.publicKey])).to.deep.equal([
      [true, 'cli', approvers[0]!.publicKey.toStringDer()],
      [true, 'cli', approvers[1]!.publicKey.toStringDer()],
    ]);

    // The agent's kit closes the request by the schedule's outcome; `audit verify` proves the approval by the ledger.
    for (let attempt = 0; attempt < 300 && (await store.get(id))!.state !== 'executed'; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await store.get(id))!.state).to.equal('executed');
    const [status] = await kit.audit.flush(10_000);
    expect(status!.undelivered).to.equal(0);
    const verified = await runCliIn(cwd, env, 'audit', 'verify', '--topic', topicId, '--journal', 'journal', '--mirror', net.mirrorUrl);
    expect(verified.code, verified.stdout + verified.stderr).to.equal(0);
    expect(verified.stdout).to.contain("approvals: 1 call that needed approval checked (1 sent as a schedule the ledger runs only once the approvers' threshold keys sign; its outcome entry says whether it ran), 0 signed decisions checked");
  });

  it('refuses a key that is not an approver (exit 3) and sends nothing; needs --key (exit 2); records a denial saying the schedule cannot be unsigned', async () => {
    const id = await scheduleTen();
    const stranger = await runCliIn(cwd, { ...env, AGENT_HOOKS_APPROVER_KEY: PrivateKey.generateED25519().toStringDer() }, 'approve', id, '--key', 'env');
    expect(stranger.code).to.equal(3);
    expect(stranger.stdout).to.contain('not signed: the key given is not one of the approvers');
    const keyless = await runCliIn(cwd, env, 'approve', id, '--as', 'alice');
    expect(keyless.code).to.equal(2);
    expect(keyless.stderr).to.contain('is approved by the ledger: sign its schedule with your key');
    const denied = await runCliIn(cwd, { ...env, AGENT_HOOKS_APPROVER_KEY: approvers[2]!.toStringDer() }, 'approve', id, '--key', 'env', '--deny', '--reason', 'unknown recipient');
    expect(denied.code, denied.stdout + denied.stderr).to.equal(0);
    expect(denied.stdout).to.contain('recorded: denied; a signature on the ledger cannot be withdrawn');
    const record = (await store.get(id))!;
    expect([record.state, record.decisions.map((decision) => decision.approve)]).to.deep.equal(['scheduled', [false]]);
  });
});
