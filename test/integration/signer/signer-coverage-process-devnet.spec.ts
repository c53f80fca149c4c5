import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hbar, PrivateKey, TopicCreateTransaction, TopicMessageSubmitTransaction, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf } from '../../support/local-devnet-config.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { startSignerProcess } from '../../support/signer-process.js';

const TOKEN = 'coverage-process-token-0123456789';

/*
 * The deployment as docs/signer.md shows it: `agent-hooks signer` with an HcsAuditTrailHook in its
 * configuration and no other client, so the signer delivers its decisions to the topic with the
 * account's own key, paying from the account. Those deliveries are transactions of the account too;
 * the operator then runs `audit verify --account` with the signer's configuration file and no journal.
 */
describe('audit verify --account against a signer process delivering its own decisions (devnet)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let topicId: string;
  let treasury: string;
  let throughSigner: string;
  let leaked: string;
  let config: string;
  let signerFolder: string;
  let verifierFolder: string;
  let elsewhere: Client;

  before(async () => {
    net = await startDevnet();
    const key = PrivateKey.generateED25519();
    treasury = (await net.createAccount({ hbar: 100, key })).accountId;
    const recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const operator = net.client();
    // Only the account's key may write to the topic: the signer's own client is the one that delivers.
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(key.publicKey).execute(operator)).getReceipt(operator)).topicId!.toString();
    signerFolder = mkdtempSync(path.join(tmpdir(), 'signer-coverage-process-'));
    config = path.join(signerFolder, 'agent-hooks.config.json');
    writeFileSync(
      config,
      JSON.stringify({ ...localNetworkOf(net), policies: [{ policy: 'MaxTransferPolicy', args: [{ hbar: 5 }] }], hooks: [{ hook: 'HcsAuditTrailHook', args: [['sign_transaction'], topicId, null, { lingerMs: 0 }] }] }, null, 2),
    );
    const signer = await startSignerProcess(signerFolder, { TREASURY_KEY: key.toStringDer(), AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ 'agent-1': TOKEN }) }, ['--config', config, '--account', treasury, '--key-env', 'TREASURY_KEY', '--port', '0']);
    const agent = await signerClient({ url: signer.url, token: TOKEN });
    elsewhere = net.client().setOperator(treasury, key);
    const pay = async (client: Client): Promise<string> => {
      const response = await new TransferTransaction().addHbarTransfer(treasury, new Hbar(-1)).addHbarTransfer(recipient, new Hbar(1)).execute(client);
      await response.getReceipt(client);
      return response.transactionId.toString();
    };
    try {
      throughSigner = await pay(agent);
      leaked = await pay(elsewhere);
      const deadline = Date.now() + 20_000;
      while (!auditEntries(await readTopicMessages(net.mirrorUrl, topicId)).some((entry) => entry.kind === 'signingDecision' && entry.transactionId === throughSigner)) {
        if (Date.now() > deadline) throw new Error(`the signer's decision for ${throughSigner} never reached topic ${topicId}; signer log:\n${signer.stderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      agent.close();
      await signer.stop();
    }
    // The verifier has the signer's configuration file, not its journal.
    rmSync(path.join(signerFolder, '.agent-hooks'), { recursive: true, force: true });
    verifierFolder = mkdtempSync(path.join(tmpdir(), 'signer-coverage-verifier-'));
  });

  after(async () => {
    await net?.stop();
    for (const folder of [signerFolder, verifierFolder]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("names only the leaked transaction: the signer's own deliveries to its audit topic are not leaks", async () => {
    const run = await runCliIn(verifierFolder, {}, '--json', 'audit', 'verify', '--account', treasury, '--config', config);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    const report = JSON.parse(run.stdout) as { source: { kind: string; topicId: string; submitKey: boolean; submitKeyIsAccountKey: boolean }; auditDeliveries: number; uncovered: { transactionId: string; name: string }[]; problems: string[] };
    expect(report.source, "the topic's submit key is the account's key: the output says so").to.deep.include({ kind: 'topic', topicId, submitKey: true, submitKeyIsAccountKey: true });
    expect(report.auditDeliveries, 'the signer paid for its own audit messages').to.be.at.least(1);
    expect(report.uncovered.map((transaction) => `${transaction.transactionId} ${transaction.name}`)).to.deep.equal([`${leaked} CRYPTOTRANSFER`]);
    expect(report.problems).to.deep.equal([]);
  });

  it('says so in its text', async () => {
    const run = await runCliIn(verifierFolder, {}, 'audit', 'verify', '--account', treasury, '--config', config);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    expect(run.stdout).to.contain(`signer decisions from topic ${topicId}`);
    expect(run.stdout).to.match(new RegExp(`\\d+ of them the signer's own audit messages to topic ${topicId.replace(/\./g, '\\.')}`));
    expect(run.stdout).to.contain("its submit key is the account's own key, so whoever holds the key can write decisions to it too");
    expect(run.stdout).to.contain(`NO SIGNER DECISION ${leaked}`);
  });

  // Last: it adds a message to the topic.
  it('names a message the leaked key paid to the audit topic that is no audit message', async () => {
    const response = await new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage('cover me').execute(elsewhere);
    await response.getReceipt(elsewhere);
    const run = await runCliIn(verifierFolder, {}, '--json', 'audit', 'verify', '--account', treasury, '--config', config);
    expect(run.code, run.stdout + run.stderr).to.equal(4);
    const report = JSON.parse(run.stdout) as { uncovered: { transactionId: string }[]; problems: string[] };
    expect(report.uncovered.map((transaction) => transaction.transactionId)).to.deep.equal([leaked, response.transactionId.toString()]);
    expect(report.problems).to.have.length(1);
  });
});
