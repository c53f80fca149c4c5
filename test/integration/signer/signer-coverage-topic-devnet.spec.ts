import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hbar, PrivateKey, TopicCreateTransaction, TopicMessageSubmitTransaction, TransactionId, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { privateKeySigner } from '../../../src/signer/keys/text-key.js';
import { decisionTrail } from '../../../src/signer/server/decision-trail.js';
import { startSigner } from '../../../src/signer/server/start-signer.js';
import { createSigningJudge } from '../../../src/signer/signing-judge.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf } from '../../support/local-devnet-config.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';

const TOKEN = 'coverage-topic-agent-token-0123456789';

interface CoverageJson {
  checked: number;
  source: { kind: string; topicId?: string; submitKey?: boolean; submitKeyIsAccountKey?: boolean };
  uncovered: { transactionId: string }[];
  problems: string[];
  error?: { code: string; problems: string[] };
}

/*
 * A verifier on another machine has no journal of the signer's, and a journal on the signer's host is
 * what an attacker there could edit: `audit verify --account` reads the signer's decisions from its
 * audit topic. The signer ran, delivered its decisions and is gone; its journal folder is deleted
 * before any check, so only the topic can say which transactions the signer signed.
 */
describe('audit verify --account reads the signer decisions from its audit topic (devnet)', function () {
  this.timeout(90_000);
  let net: Devnet;
  let topicId: string;
  let treasury: string;
  let throughSigner: string;
  let refusedThenLeaked: string;
  let leaked: string;
  let verifierDir: string;

  const cli = (...argv: string[]) => runCliIn(verifierDir, {}, ...argv);

  before(async () => {
    net = await startDevnet();
    const operator = net.client();
    // The audit topic only the signer's logging client (here the devnet operator) may write to.
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(operator)).getReceipt(operator)).topicId!.toString();
    const key = PrivateKey.generateED25519();
    treasury = (await net.createAccount({ hbar: 100, key })).accountId;
    const recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const journalDir = mkdtempSync(join(tmpdir(), 'signer-coverage-topic-'));
    const hook = new HcsAuditTrailHook(['sign_transaction'], topicId, net.client(), { journalDir });
    const judge = await createSigningJudge({ policies: [new MaxTransferPolicy({ hbar: 5 }), hook] });
    const signer = await startSigner({ accountId: treasury, key: privateKeySigner(key, 'test key'), judge: (request) => judge.judge(request), tokens: { agent: TOKEN }, network: { grpcAddress: net.grpcAddress, nodeAccountId: '0.0.3' }, record: decisionTrail([hook]) });
    const agent = await signerClient({ url: signer.url, token: TOKEN });
    // The same key used outside the signer: what a leaked key looks like on the ledger.
    const elsewhere = net.client().setOperator(treasury, key);
    const pay = async (client: Client, hbar: number, id = TransactionId.generate(treasury)): Promise<string> => {
      const response = await new TransferTransaction().setTransactionId(id).addHbarTransfer(treasury, new Hbar(-hbar)).addHbarTransfer(recipient, new Hbar(hbar)).execute(client);
      await response.getReceipt(client);
      return response.transactionId.toString();
    };
    try {
      throughSigner = await pay(agent, 1);
      // Over the cap: the signer refuses it and says so on the topic; the holder of the leaked key then signs the same transaction ID itself.
      const overCap = TransactionId.generate(treasury);
      let refusal: unknown;
      await pay(agent, 10, overCap).catch((error: unknown) => (refusal = error));
      expect(refusal, 'the signer refuses a transfer over its cap').to.not.equal(undefined);
      refusedThenLeaked = await pay(elsewhere, 10, overCap);
      leaked = await pay(elsewhere, 1);
      await hook.flushAudit();
      await decisionsOnTopic([throughSigner, overCap.toString()]);
    } finally {
      agent.close();
      await signer.close();
      await judge.close();
      rmSync(journalDir, { recursive: true, force: true });
    }
    expect(existsSync(journalDir), 'the signer journal is gone').to.equal(false);
    verifierDir = mkdtempSync(join(tmpdir(), 'signer-coverage-verifier-'));
  });

  after(async () => {
    await net?.stop();
    if (verifierDir) rmSync(verifierDir, { recursive: true, force: true });
  });

  /** Waits until the mirror shows a signing decision for each transaction ID: delivery is asynchronous. */
  async function decisionsOnTopic(ids: readonly string[]): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const decided = new Set(auditEntries(await readTopicMessages(net.mirrorUrl, topicId)).filter((entry) => entry.kind === 'signingDecision').map((entry) => String(entry.transactionId)));
      if (ids.every((id) => decided.has(id))) return;
      if (Date.now() > deadline) throw new Error(`no signing decision on topic ${topicId} for ${ids.filter((id) => !decided.has(id)).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('names exactly the transactions signed outside the signer, a refused one re-signed elsewhere included, with no journal anywhere', async () => {
    const run = await cli('--json', 'audit', 'verify', '--account', treasury, '--topic', topicId, '--mirror', net.mirrorUrl);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    const report = JSON.parse(run.stdout) as CoverageJson;
    expect(report.checked).to.equal(3);
    expect(report.uncovered.map((transaction) => transaction.transactionId)).to.deep.equal([refusedThenLeaked, leaked]);
    expect(report.source).to.deep.include({ kind: 'topic', topicId, submitKey: true, submitKeyIsAccountKey: false });
    expect(report.problems).to.deep.equal([]);
    expect(report.error?.code).to.equal('E_AUDIT_MISMATCH');
    expect(readdirSync(verifierDir), 'the verifier wrote no journal either').to.deep.equal([]);
  });

  it('says in its text that the decisions came from the topic', async () => {
    const run = await cli('audit', 'verify', '--account', treasury, '--topic', topicId, '--mirror', net.mirrorUrl);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    expect(run.stdout).to.contain(`signer decisions from topic ${topicId}`);
    expect(run.stdout).to.contain(`NO SIGNER DECISION ${leaked}`);
    expect(run.stdout).to.contain(`NO SIGNER DECISION ${refusedThenLeaked}`);
    expect(run.stdout).not.to.contain(throughSigner);
  });

  it("reads the configuration's audit topic when --topic is not given", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'signer-coverage-config-'));
    try {
      const config = join(folder, 'agent-hooks.config.json');
      writeFileSync(config, JSON.stringify({ ...localNetworkOf(net), hooks: [{ hook: 'HcsAuditTrailHook', args: [['sign_transaction'], topicId] }] }));
      const run = await cli('--json', 'audit', 'verify', '--account', treasury, '--config', config);
      expect(run.code, run.stdout + run.stderr).to.equal(4);
      const report = JSON.parse(run.stdout) as CoverageJson;
      expect(report.source).to.deep.include({ kind: 'topic', topicId });
      expect(report.uncovered.map((transaction) => transaction.transactionId)).to.deep.equal([refusedThenLeaked, leaked]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses a malformed --topic, naming it and what is accepted', async () => {
    const run = await cli('--json', 'audit', 'verify', '--account', treasury, '--topic', 'signer-topic', '--mirror', net.mirrorUrl);
    expect(run.code).to.equal(2);
    const { error } = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(error.code).to.equal('E_USAGE');
    expect(error.message).to.equal(`--topic must be the signer's audit topic ID, like 0.0.1234, got "signer-topic"`);
  });

  it('refuses a topic the mirror does not know rather than calling every transaction a leak', async () => {
    const run = await cli('audit', 'verify', '--account', treasury, '--topic', '0.0.987654', '--mirror', net.mirrorUrl);
    expect(run.code, run.stdout + run.stderr).to.equal(2);
    expect(run.stderr).to.contain(`knows no topic 0.0.987654`);
  });

  it('refuses --topic with --journal: two sources of decisions, one is meant', async () => {
    const run = await cli('audit', 'verify', '--account', treasury, '--topic', topicId, '--journal', 'audit', '--mirror', net.mirrorUrl);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.contain('--topic and --journal name two places to read the signer decisions from');
  });

  // Last: it adds a message to the topic.
  it('reports a message on the topic it cannot read instead of skipping it, and still names the leaks', async () => {
    const operator = net.client();
    await (await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('{"decision":"signed","transactionId":"forged"').execute(operator)).getReceipt(operator);
    const run = await cli('--json', 'audit', 'verify', '--account', treasury, '--topic', topicId, '--mirror', net.mirrorUrl);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    const report = JSON.parse(run.stdout) as CoverageJson;
    expect(report.problems).to.have.length(1);
    expect(report.problems[0]).to.match(/^Message #\d+ /);
    expect(report.error?.problems).to.include(report.problems[0]);
    expect(report.uncovered.map((transaction) => transaction.transactionId)).to.deep.equal([refusedThenLeaked, leaked]);
  });
});
