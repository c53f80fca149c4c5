import { PrivateKey, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { RedisApprovalStore, approvalRequestDigest } from '../../../src/policies/approvals/index.js';
import { sampleRecord } from '../../support/approval-store-contract.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

/**
 * A decision made with `agent-hooks approve` is this process's change to the shared store, so the
 * agents do not record it: the command records it with the configuration's audit hooks.
 */
describe("agent-hooks approve on the configuration's audit trail", function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let net: Devnet;
  let cwd: string;
  let store: RedisApprovalStore;
  let topicId: string;
  let env: NodeJS.ProcessEnv;
  let prefix: string;

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    const client = net.client();
    topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
    cwd = mkdtempSync(join(tmpdir(), 'approve-audit-cli-'));
    prefix = `approve-audit-${Date.now()}`;
    store = new RedisApprovalStore({ url: redis.url, prefix });
    writeFileSync(
      join(cwd, 'agent-hooks.config.json'),
      JSON.stringify({
        ...localNetworkOf(net),
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: './audit', lingerMs: 0 }] }],
        approvals: { store: { redis: redis.url, prefix } },
      }),
    );
    env = { PATH: process.env.PATH, ...operatorEnvOf(net) };
  });
  afterEach(async () => {
    await store?.close();
    await net?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('puts a signed approval on the topic as an approvalDecision entry: who, the reason, via cli, the signature over the request digest', async () => {
    const key = PrivateKey.generateED25519();
    writeFileSync(join(cwd, 'alice.key'), key.toStringDer());
    const record = await store.create(sampleRecord({ quorum: { required: 2, of: ['alice', 'bob'] } }));
    const run = await runCliIn(cwd, env, 'approve', record.id, '--key', 'alice.key', '--as', 'alice', '--reason', 'known recipient');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain('recorded: alice approved (signed, ED25519)').and.contain('on the audit trail: an approvalDecision entry (1 audit hook)');
    expect(run.stdout + run.stderr).not.to.contain(key.toStringDer());
    // Closing the command's kit delivered the entry: it is on the topic, read back through the mirror.
    const decisions = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)).filter((entry) => entry.kind === 'approvalDecision');
    expect(decisions).to.have.length(1);
    expect(decisions[0]).to.include({ requestId: record.id, decision: 'approve', by: 'alice', via: 'cli', reason: 'known recipient' });
    expect(decisions[0].signature).to.include({ algorithm: 'ED25519', publicKey: key.publicKey.toStringDer(), digest: approvalRequestDigest((await store.get(record.id))!) });
  });

  it('puts a denial there too, with --json saying it is audited', async () => {
    const record = await store.create(sampleRecord());
    const run = await runCliIn(cwd, env, 'approve', record.id, '--as', 'bob', '--deny', '--reason', 'unknown recipient', '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.include({ recorded: true, decision: 'deny', state: 'denied', audited: true });
    const decisions = auditEntries(await readTopicMessages(net.mirrorUrl, topicId)).filter((entry) => entry.kind === 'approvalDecision');
    expect(decisions.map((entry) => [entry.by, entry.decision, entry.reason])).to.deep.equal([['bob', 'deny', 'unknown recipient']]);
  });

  it('decides nothing when the trail cannot be opened (no operator to deliver with), saying why', async () => {
    const record = await store.create(sampleRecord());
    const run = await runCliIn(cwd, { PATH: process.env.PATH }, 'approve', record.id, '--as', 'alice');
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/HEDERA_OPERATOR_ID/);
    expect((await store.get(record.id))!.decisions).to.deep.equal([]);
  });
});
