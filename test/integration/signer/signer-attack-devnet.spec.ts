import { expect } from 'chai';
import {
  AccountAllowanceApproveTransaction, AccountDeleteTransaction, AccountCreateTransaction, BatchTransaction, ContractExecuteTransaction, FreezeTransaction, FreezeType,
  Hbar, PrivateKey, ScheduleCreateTransaction, Timestamp, TransactionId, TransferTransaction, type Client, type Transaction,
} from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { runCliIn } from '../../support/cli-run.js';
import { operatorEnvOf } from '../../support/local-devnet-config.js';
import { bodiesOf } from '../../support/signing-bodies.js';
import { makeTestToken, softHsmMissing, type TestToken } from '../../support/softhsm-token.js';
import { accountWithKey, AGENT_TOKEN, mirrorBalance, postSign, publicKeyOfPem, startTokenSigner } from '../../support/signer-attack-world.js';

/*
 * The compromised agent: a script that holds the agent's signer token but no key, and uses the SDK
 * directly (no kit). The signer, a process of its own started by the CLI, holds the treasury's key in
 * a SoftHSM2 token. Every attempt must be refused, and the treasury's balance on the mirror must not move.
 */
const CAP_HBAR = 10;
const BUDGET_HBAR = 30;

describe('policy signer against a compromised agent (devnet, SoftHSM2, the signer as its own process)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let operator: Client;
  let token: TestToken;
  let treasury: string;
  let allowed: string;
  let attacker: string;
  let world: Awaited<ReturnType<typeof startTokenSigner>>;
  let agent: Client;

  before(async function () {
    const missing = softHsmMissing();
    if (missing) {
      process.stdout.write(`      (skipped: ${missing})\n`);
      this.skip();
    }
    net = await startDevnet();
    operator = net.client();
    token = makeTestToken();
    treasury = await accountWithKey(operator, publicKeyOfPem(token.pems.ed, 'ed25519'), 1_000);
    allowed = (await net.createAccount({ hbar: 1 })).accountId;
    attacker = (await net.createAccount({ hbar: 1 })).accountId;
    world = await startTokenSigner(net, token, {
      account: treasury,
      keyLabel: token.keys.edImported,
      store: 'memory',
      policies: [
        { policy: 'MaxTransferPolicy', args: [{ hbar: CAP_HBAR }] },
        { policy: 'RecipientAllowlistPolicy', args: [[allowed]] },
        { policy: 'SpendLimitPolicy', args: [{ hbar: BUDGET_HBAR, windowMs: 86_400_000, store: 'memory' }] },
        { policy: 'ExpressionPolicy', args: [{ expression: "movements.all(m, m.asset == 'HBAR')", message: 'only HBAR may move' }] },
      ],
    });
    agent = await signerClient({ url: world.signer.url, token: AGENT_TOKEN });
  });

  after(async () => {
    agent?.close();
    await world?.signer.stop();
    world?.remove();
    await net?.stop();
    token?.remove();
  });

  /** Runs the attack and expects the signer's refusal and an unmoved treasury on the mirror. */
  async function expectRefused(attack: () => Promise<unknown>, reason?: RegExp): Promise<void> {
    const before = await mirrorBalance(net, treasury);
    const error = await attack().then(() => undefined, (thrown: unknown) => thrown as { code?: string; message?: string; signerReason?: string });
    expect(error, 'the attempt must fail').to.not.equal(undefined);
    expect(error!.code, `refused by the signer, not failed otherwise: ${error!.message}`).to.equal('E_SIGNER_REFUSED');
    if (reason) expect(error!.signerReason).to.match(reason);
    expect(await mirrorBalance(net, treasury), 'the treasury did not move').to.equal(before);
  }

  const hbarTransfer = (to: string, hbar: number): TransferTransaction => new TransferTransaction().addHbarTransfer(treasury, new Hbar(-hbar)).addHbarTransfer(to, new Hbar(hbar));
  const send = async (transaction: Transaction): Promise<unknown> => (await transaction.execute(agent)).getReceipt(agent);

  it('signs what the policies allow: 1 HBAR to the allowed account reaches the ledger', async () => {
    const before = await mirrorBalance(net, allowed);
    const receipt = (await send(hbarTransfer(allowed, 1))) as { status: { toString(): string } };
    expect(receipt.status.toString()).to.equal('SUCCESS');
    expect(await mirrorBalance(net, allowed)).to.equal(before + 100_000_000n);
  });

  it('refuses a transfer over the cap', () => expectRefused(() => send(hbarTransfer(allowed, CAP_HBAR + 5))));

  it('refuses a transfer to a recipient not allowed', () => expectRefused(() => send(hbarTransfer(attacker, 1))));

  it("refuses an account create funding an account the attacker holds", () =>
    expectRefused(() => send(new AccountCreateTransaction().setKeyWithoutAlias(PrivateKey.generateED25519().publicKey).setInitialBalance(new Hbar(5)))));

  it('refuses deleting the treasury to the attacker', () => expectRefused(() => send(new AccountDeleteTransaction().setAccountId(treasury).setTransferAccountId(attacker))));

  it('refuses an allowance to the attacker', () => expectRefused(() => send(new AccountAllowanceApproveTransaction().approveHbarAllowance(treasury, attacker, new Hbar(5)))));

  it('refuses a ScheduleCreate wrapping an over-cap transfer', () => expectRefused(() => send(new ScheduleCreateTransaction().setScheduledTransaction(hbarTransfer(allowed, CAP_HBAR + 5)))));

  it('refuses an atomic batch hiding an over-cap transfer among small ones', () =>
    expectRefused(async () => {
      const inner = (hbar: number): Transaction =>
        hbarTransfer(allowed, hbar)
          // setBatchKey addresses the inner transaction to node 0.0.0, as a batch's inner ones must be.
          .setBatchKey(publicKeyOfPem(token.pems.ed, 'ed25519'))
          .setTransactionId(TransactionId.generate(treasury))
          .freeze();
      const batch = new BatchTransaction().addInnerTransaction(inner(1)).addInnerTransaction(inner(CAP_HBAR + 5)).addInnerTransaction(inner(1));
      return send(batch);
    }));

  it('refuses value through a contract call', () =>
    expectRefused(() => send(new ContractExecuteTransaction().setContractId('0.0.1012').setGas(100_000).setPayableAmount(new Hbar(5)))));

  it('refuses a token sent outside the allow list (to an allowed recipient)', () =>
    expectRefused(() => send(new TransferTransaction().addTokenTransfer('0.0.9999', treasury, -5).addTokenTransfer('0.0.9999', allowed, 5))));

  it('refuses a transaction type it cannot judge (a network freeze)', () =>
    expectRefused(() => send(new FreezeTransaction().setFreezeType(FreezeType.FreezeOnly).setStartTimestamp(Timestamp.fromDate(new Date(Date.now() + 3_600_000))))));

  it('refuses a second, different body under a transaction ID it signed', async () => {
    const id = TransactionId.generate(treasury);
    const first = bodiesOf(hbarTransfer(allowed, 1), { transactionId: id, nodes: ['0.0.3'] })[0]!;
    const swapped = bodiesOf(hbarTransfer(allowed, 2), { transactionId: id, nodes: ['0.0.3'] })[0]!;
    expect((await postSign(world.signer.url, first)).status).to.equal(200);
    const second = await postSign(world.signer.url, swapped);
    expect(second.status).to.equal(403);
    expect(String(second.json.refused)).to.match(/signed|already|different/i);
  });

  it('refuses no token, a wrong token, a 5 MB body and garbage, and keeps serving', async () => {
    const body = bodiesOf(hbarTransfer(allowed, 1), { payer: treasury, nodes: ['0.0.3'] })[0]!;
    expect((await postSign(world.signer.url, body, null)).status).to.equal(401);
    expect((await postSign(world.signer.url, body, 'Bearer not-the-agent-token-at-all')).status).to.equal(401);
    const huge = await fetch(`${world.signer.url}/sign`, { method: 'POST', headers: { authorization: `Bearer ${AGENT_TOKEN}` }, body: JSON.stringify({ bodyBytes: Buffer.alloc(5 * 1024 * 1024, 1).toString('base64') }) }).then(
      (response) => response.status,
      () => 'connection closed',
    );
    expect([413, 'connection closed']).to.include(huge);
    expect((await postSign(world.signer.url, '{"bodyBytes": 12')).status).to.equal(400);
    expect((await postSign(world.signer.url, JSON.stringify({ bodyBytes: 'not base64!' }))).status).to.equal(400);
    const junk = await postSign(world.signer.url, new Uint8Array([0xff, 0xff, 0xff, 0x01, 0x02]));
    expect(junk.status).to.equal(403);
    expect((await fetch(`${world.signer.url}/health`)).status, 'still serving').to.equal(200);
    expect((await postSign(world.signer.url, body)).status, 'still signing what is allowed').to.equal(200);
  });

  it('a pause refuses every signing within two seconds', async () => {
    const env = operatorEnvOf(net);
    const paused = await runCliIn(world.folder, env, '--config', world.config, 'pause', '--reason', 'signer under attack', '--all');
    expect(paused.code, paused.stderr).to.equal(0);
    try {
      const started = Date.now();
      let answer = await postSign(world.signer.url, bodiesOf(hbarTransfer(allowed, 1), { payer: treasury, nodes: ['0.0.3'] })[0]!);
      while (answer.status === 200 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await postSign(world.signer.url, bodiesOf(hbarTransfer(allowed, 1), { payer: treasury, nodes: ['0.0.3'] })[0]!);
      }
      expect(answer.status, 'refused within two seconds').to.equal(403);
      expect(String(answer.json.refused)).to.match(/pause|kill switch/i);
      await expectRefused(() => send(hbarTransfer(allowed, 1)));
    } finally {
      await runCliIn(world.folder, env, '--config', world.config, 'unpause');
    }
  });
});
