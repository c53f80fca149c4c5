import { Hbar, PrivateKey, ScheduleCreateTransaction, ScheduleId, ScheduleInfoQuery, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { RedisApprovalStore, approvalRequestDigest } from '../../../src/policies/approvals/index.js';
import { checkApprovalSignature } from '../../../src/policies/approvals/approver-signature.js';
import { CORE_PLUGINS, tinybarsOf } from '../../integration/plugins/core-plugins-world.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { createThresholdTreasury } from '../../support/threshold-treasury.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';
import { tamperApprovalRecord } from '../../support/tamper-approval-record.js';

/**
 * An attacker with the approval store's Redis credentials rewrites a request the ledger approves, so
 * that an approver signs a schedule they did not mean to. `agent-hooks approve --key` reads the
 * schedule from the ledger first: it shows what the ledger will run and refuses to sign a mismatch.
 */
describe('agent-hooks approve refuses a ledger-approved request whose record does not match the ledger (via: schedule)', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let net: Devnet;
  let operator: Client;
  let agentClient: Client;
  let kit: AgentKit;
  let store: RedisApprovalStore;
  let prefix: string;
  let cwd: string;
  let approvers: PrivateKey[];
  let treasury: string;
  let bob: string;
  let mallory: { accountId: string; client: Client };
  let env: NodeJS.ProcessEnv;

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
    const made = await net.createAccount({ hbar: 20 });
    mallory = { accountId: made.accountId, client: createDevnetClient(net.grpcAddress, made.accountId, made.privateKey) };
    prefix = `tampered-${Date.now()}`;
    store = new RedisApprovalStore({ url: redis.url, prefix });
    const policy = new ApprovalPolicy({ when: { hbarAbove: 5 }, via: 'schedule', quorum: { required: 2, of: approvers.map((key) => key.publicKey.toStringDer()) }, store });
    kit = await createAgentKit({ client: agentClient, pluginsDir: null, plugins: CORE_PLUGINS, mirrorNodeUrl: net.mirrorUrl, context: { hooks: [policy] } });
    cwd = mkdtempSync(join(tmpdir(), 'approve-tampered-'));
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ ...localNetworkOf(net), approvals: { store: { redis: redis.url, prefix } } }));
    writeFileSync(join(cwd, 'a.key'), approvers[0]!.toStringDer());
    env = { PATH: process.env.PATH, ...operatorEnvOf(net) };
  });

  afterEach(async () => {
    await kit?.close();
    await store?.close();
    agentClient?.close();
    mallory?.client.close();
    await net?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  const scheduleTen = async (to: string) => {
    const result = await kit.execute('transfer_hbar_tool', { sourceAccountId: treasury, transfers: [{ accountId: to, amount: 10 }] });
    expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', awaitingApproval: true });
    return { id: String(result.raw.approvalRequestId), scheduleId: String(result.raw.scheduleId) };
  };
  /** The public keys (DER) that have signed a schedule, as the ledger says. */
  const signersOf = async (scheduleId: string) => {
    const info = await new ScheduleInfoQuery().setScheduleId(ScheduleId.fromString(scheduleId)).execute(operator);
    return (info.signers?.toArray() ?? []).map((key) => key.toString());
  };
  const approverKeyDer = () => approvers[0]!.publicKey.toString();

  it('an honest request: shows the transfer decoded from the ledger, signs it, and the signed decision covers the scheduled body', async () => {
    const { id } = await scheduleTen(bob);
    const run = await runCliIn(cwd, env, 'approve', id, '--key', 'a.key');
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.contain(`the ledger moves: ${treasury} -10 HBAR, ${bob} +10 HBAR`).and.contain('decoded from the ledger');
    // The record's own movement line is not shown as fact: what is signed is read from the ledger.
    expect(run.stdout).not.to.contain('  moves: ');
    const record = (await store.get(id))!;
    expect(record.schedule!.scheduledBody!.payer).to.equal(agentClient.operatorAccountId!.toString());
    const [decision] = record.decisions;
    expect(checkApprovalSignature(approvalRequestDigest(record), decision!.signature!, decision!.publicKey!).ok).to.equal(true);
    const withoutBody = { ...record, schedule: { ...record.schedule!, scheduledBody: undefined } };
    expect(checkApprovalSignature(approvalRequestDigest(withoutBody), decision!.signature!, decision!.publicKey!).ok, 'the signature covers the scheduled body').to.equal(false);
  });

  it('the store says schedule X, and X (made by the attacker) moves 90 HBAR to them: refused, X is shown as the ledger has it, and no ScheduleSign reaches the ledger', async () => {
    const { id, scheduleId } = await scheduleTen(bob);
    const theirs = new TransferTransaction().addHbarTransfer(treasury, Hbar.fromTinybars(-9_000_000_000)).addHbarTransfer(mallory.accountId, Hbar.fromTinybars(9_000_000_000));
    const created = await new ScheduleCreateTransaction().setScheduledTransaction(theirs).execute(mallory.client);
    const forged = (await created.getReceipt(mallory.client)).scheduleId!.toString();
    await tamperApprovalRecord(redis.url, prefix, id, (record) => ({ ...record, schedule: { ...record.schedule!, scheduleId: forged } }));
    const [malloryBefore, signedBefore] = [await tinybarsOf(operator, mallory.accountId), await signersOf(forged)];

    const run = await runCliIn(cwd, env, 'approve', id, '--key', 'a.key');
    expect(run.code, run.stdout + run.stderr).to.equal(3);
    expect(run.stdout).to.contain(`not signed: schedule ${forged} on the ledger does not run what request ${id} recorded`).and.contain('nothing was signed');
    expect(run.stdout).to.contain(`the ledger moves: ${treasury} -90 HBAR, ${mallory.accountId} +90 HBAR`);
    expect(await signersOf(forged)).to.deep.equal(signedBefore).and.not.include(approverKeyDer());
    expect(await signersOf(scheduleId)).not.to.include(approverKeyDer());
    expect(await tinybarsOf(operator, mallory.accountId)).to.equal(malloryBefore);
    expect((await store.get(id))!.decisions).to.deep.equal([]);
  });

  it("the agent scheduled 10 HBAR to the attacker and the record was rewritten to say bob: refused, naming both, and the ledger's recipient is shown", async () => {
    const { id, scheduleId } = await scheduleTen(mallory.accountId);
    await tamperApprovalRecord(redis.url, prefix, id, (record) => ({
      ...record,
      summary: `Transfer 10 HBAR from ${treasury} to ${bob}`,
      movements: record.movements!.map((movement) => ({ ...movement, to: bob })),
    }));
    const json = await runCliIn(cwd, env, 'approve', id, '--key', 'a.key', '--json');
    expect(json.code, json.stdout + json.stderr).to.equal(3);
    const answer = JSON.parse(json.stdout) as { recorded: boolean; reason: string; ledger: { changes: { account: string; amount: string }[] } };
    expect(answer.recorded).to.equal(false);
    expect(answer.reason).to.equal(
      `request ${id} says it moves ${treasury} -10 HBAR, ${bob} +10 HBAR, but schedule ${scheduleId} on the ledger moves ${treasury} -10 HBAR, ${mallory.accountId} +10 HBAR (the request in the approval store was changed); nothing was signed`,
    );
    expect(answer.ledger.changes.map((change) => [change.account, change.amount])).to.deep.equal([[treasury, '-1000000000'], [mallory.accountId, '1000000000']]);
    expect(await signersOf(scheduleId)).not.to.include(approverKeyDer());
  });

  it('a record made before the scheduled body was recorded (or with it removed) is refused, saying why', async () => {
    const { id, scheduleId } = await scheduleTen(bob);
    await tamperApprovalRecord(redis.url, prefix, id, (record) => {
      const { scheduledBody: _dropped, ...schedule } = record.schedule!;
      return { ...record, schedule };
    });
    const run = await runCliIn(cwd, env, 'approve', id, '--key', 'a.key');
    expect(run.code, run.stdout + run.stderr).to.equal(3);
    expect(run.stdout).to.contain(`not signed: request ${id} was recorded without the digest of the transaction its schedule runs (made by an older version)`);
    expect(await signersOf(scheduleId)).not.to.include(approverKeyDer());
  });
});
