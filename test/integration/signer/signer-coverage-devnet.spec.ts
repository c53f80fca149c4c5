import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hbar, PrivateKey, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { privateKeySigner } from '../../../src/signer/keys/text-key.js';
import { decisionTrail } from '../../../src/signer/server/decision-trail.js';
import { startSigner } from '../../../src/signer/server/start-signer.js';
import type { RunningSigner } from '../../../src/signer/server/signer-server.js';
import { createSigningJudge, type SigningJudge } from '../../../src/signer/signing-judge.js';
import { runCliIn } from '../../support/cli-run.js';

const TOKEN = 'coverage-agent-token-0123456789';

/*
 * Leaks detectable: a transaction signed through the signer has its decision on the trail; one signed
 * with the same key somewhere else has none, and `agent-hooks audit verify --account` names it.
 */
describe('audit verify --account: transactions no signer decision covers (devnet)', function () {
  this.timeout(60_000);
  let net: Devnet;
  let journalDir: string;
  let judge: SigningJudge;
  let signer: RunningSigner;
  let agent: Client;
  let leaked: Client;
  let treasury: string;
  let recipient: string;

  before(async () => {
    net = await startDevnet();
    journalDir = mkdtempSync(join(tmpdir(), 'signer-coverage-'));
    const key = PrivateKey.generateED25519();
    treasury = (await net.createAccount({ hbar: 100, key })).accountId;
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const hook = new HcsAuditTrailHook(['sign_transaction'], '0.0.5555', undefined, { journalDir, deliver: false });
    judge = await createSigningJudge({ policies: [new MaxTransferPolicy({ hbar: 5 }), hook] });
    signer = await startSigner({ accountId: treasury, key: privateKeySigner(key, 'test key'), judge: (request) => judge.judge(request), tokens: { agent: TOKEN }, network: { grpcAddress: net.grpcAddress, nodeAccountId: '0.0.3' }, record: decisionTrail([hook]) });
    agent = await signerClient({ url: signer.url, token: TOKEN });
    // The same key, used outside the signer: what a leaked key looks like on the ledger.
    leaked = net.client().setOperator(treasury, key);
  });

  after(async () => {
    agent?.close();
    await signer?.close();
    await judge?.close();
    await net?.stop();
    if (journalDir) rmSync(journalDir, { recursive: true, force: true });
  });

  const pay = async (client: Client): Promise<string> => {
    const response = await new TransferTransaction().addHbarTransfer(treasury, new Hbar(-1)).addHbarTransfer(recipient, new Hbar(1)).execute(client);
    await response.getReceipt(client);
    return response.transactionId.toString();
  };

  it('names the transaction signed outside the signer, and only that one', async () => {
    const throughSigner = await pay(agent);
    const elsewhere = await pay(leaked);
    const run = await runCliIn(journalDir, {}, '--json', 'audit', 'verify', '--account', treasury, '--journal', journalDir, '--mirror', net.mirrorUrl);
    expect(run.code, run.stderr).to.equal(4);
    const report = JSON.parse(run.stdout) as { checked: number; uncovered: { transactionId: string }[] };
    expect(report.checked).to.equal(2);
    expect(report.uncovered.map((transaction) => transaction.transactionId)).to.deep.equal([elsewhere]);
    expect(report.uncovered.map((transaction) => transaction.transactionId)).not.to.include(throughSigner);
  });

  it('passes when every transaction of the account went through the signer', async () => {
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await pay(agent);
    const run = await runCliIn(journalDir, {}, 'audit', 'verify', '--account', treasury, '--journal', journalDir, '--mirror', net.mirrorUrl, '--from', since);
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.contain('verified: every transaction of the account in the period has a signer decision.');
    // No topic given or configured, --journal typed: the journal is read, and the output says so.
    expect(run.stdout).to.contain(`signer decisions from the journal in ${journalDir}`);
  });
});
