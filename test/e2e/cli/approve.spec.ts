import { PrivateKey } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisApprovalStore, approvalRequestDigest, checkApprovalSignature } from '../../../src/policies/approvals/index.js';
import { runCliIn } from '../../support/cli-run.js';
import { sampleRecord } from '../../support/approval-store-contract.js';
import { skipWithoutRedis, startTestRedis, type TestRedis } from '../../support/redis-server.js';

describe('agent-hooks approve', function () {
  this.timeout(120_000);
  let redis: TestRedis;
  let cwd: string;
  let store: RedisApprovalStore;
  const env = { PATH: process.env.PATH };

  before(async function () {
    skipWithoutRedis(this);
    redis = await startTestRedis();
  });
  after(async () => {
    await redis?.stop();
  });
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'approve-cli-'));
    store = new RedisApprovalStore({ url: redis.url, prefix: 'approve-cli' });
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet', approvals: { store: { redis: redis.url, prefix: 'approve-cli' } } }));
  });
  afterEach(async () => {
    await store.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('shows the request and records a decision signed with the key from a file, never printing the key', async () => {
    const key = PrivateKey.generateED25519();
    writeFileSync(join(cwd, 'alice.key'), key.toStringDer());
    const record = await store.create(sampleRecord({ quorum: { required: 2, of: ['bob', key.publicKey.toStringDer()] } }));
    const run = await runCliIn(cwd, env, 'approve', record.id, '--key', 'alice.key', '--as', 'alice', '--reason', 'known recipient');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.contain(record.summary).and.contain('moves: 10 HBAR from 0.0.2 to 0.0.1001').and.contain('recorded: alice approved (signed, ED25519); the request is pending (1 of 2 approvals)');
    expect(run.stdout + run.stderr).not.to.contain(key.toStringDer()).and.not.contain(key.toStringRaw());
    const stored = await store.get(record.id);
    const decision = stored!.decisions[0]!;
    expect(decision).to.include({ approver: 'alice', approve: true, reason: 'known recipient', publicKey: key.publicKey.toStringDer() });
    expect(checkApprovalSignature(approvalRequestDigest(stored!), decision.signature!, decision.publicKey!).ok).to.equal(true);
  });

  it('reads the key from AGENT_HOOKS_APPROVER_KEY with --key env, and denies with --deny', async () => {
    const key = PrivateKey.generateECDSA();
    const record = await store.create(sampleRecord());
    const run = await runCliIn(cwd, { ...env, AGENT_HOOKS_APPROVER_KEY: key.toStringDer() }, 'approve', record.id, '--key', 'env', '--deny', '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(JSON.parse(run.stdout)).to.include({ recorded: true, decision: 'deny', approver: key.publicKey.toStringDer(), signed: true, state: 'denied' });
    expect(run.stdout + run.stderr).not.to.contain(key.toStringDer());
  });

  it('refuses an unsigned decision where the quorum names keys (exit 3), and says what is missing without a store or a name (exit 2)', async () => {
    const record = await store.create(sampleRecord({ quorum: { required: 1, of: [PrivateKey.generateED25519().publicKey.toStringDer()] } }));
    const unsigned = await runCliIn(cwd, env, 'approve', record.id, '--as', 'mallory');
    expect(unsigned.code).to.equal(3);
    expect(unsigned.stdout).to.contain('not recorded: mallory is not one of the approvers');
    expect((await store.get(record.id))!.decisions).to.deep.equal([]);
    const nameless = await runCliIn(cwd, env, 'approve', record.id);
    expect(nameless.code).to.equal(2);
    expect(nameless.stderr).to.contain('say who decides: --as <name>, or sign with --key');
    writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify({ network: 'devnet' }));
    const noStore = await runCliIn(cwd, env, 'approve', record.id, '--as', 'alice');
    expect(noStore.code).to.equal(2);
    expect(noStore.stderr).to.contain('approvals: the configuration names no approval store, and its state file');
  });
});
