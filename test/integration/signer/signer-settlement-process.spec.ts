import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hbar, PrivateKey, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { localNetworkOf } from '../../support/local-devnet-config.js';
import { startSignerProcess, type SignerProcess } from '../../support/signer-process.js';

const TOKEN = 'settlement-process-token-0123456789';

/*
 * `agent-hooks signer` as an operator starts it, on a network whose mirror its configuration names: a
 * 10 HBAR budget, one 10 HBAR transfer signed and never submitted. The budget is full until the
 * transfer's 15 s valid window (and the 30 s mirror margin) has passed; then the signer reads the
 * mirror, finds nothing, and the next 10 HBAR transfer is signed. This waits for real time (about a
 * minute): it is the one spec of the process's own settlement wiring.
 */
describe('agent-hooks signer settles an unsent signature from its configured mirror (devnet, process)', function () {
  this.timeout(150_000);
  let net: Devnet;
  let folder: string;
  let signer: SignerProcess | undefined;
  let agent: Client | undefined;
  let treasury: string;
  let recipient: string;

  before(async () => {
    net = await startDevnet();
    folder = mkdtempSync(path.join(tmpdir(), 'signer-settle-'));
    const key = PrivateKey.generateED25519();
    treasury = (await net.createAccount({ hbar: 100, key })).accountId;
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const config = path.join(folder, 'agent-hooks.config.json');
    writeFileSync(config, JSON.stringify({ ...localNetworkOf(net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 86_400_000 }] }] }, null, 2));
    signer = await startSignerProcess(folder, { TREASURY_KEY: key.toStringDer(), AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ 'agent-1': TOKEN }) }, ['--config', config, '--account', treasury, '--key-env', 'TREASURY_KEY', '--port', '0']);
    agent = await signerClient({ url: signer.url, token: TOKEN });
  });

  after(async () => {
    agent?.close();
    await signer?.stop();
    await net?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const tenHbar = (): TransferTransaction => new TransferTransaction().addHbarTransfer(treasury, new Hbar(-10)).addHbarTransfer(recipient, new Hbar(10)).setTransactionValidDuration(15);

  /** Asks the signer to sign a 10 HBAR transfer without submitting it: 'signed', or the refusal's code. */
  const sign = async (): Promise<string> => {
    const transfer = tenHbar().freezeWith(agent!);
    return transfer.signWithOperator(agent!).then(
      () => 'signed',
      (error: { code?: string; message?: string }) => error.code ?? String(error.message),
    );
  };

  it('keeps the budget spent through the valid window, then frees it when the mirror has no record of the transfer', async () => {
    const signedAt = Date.now();
    expect(await sign()).to.equal('signed');
    expect(await sign(), 'the held-back signature fills the 10 HBAR budget').to.equal('E_SIGNER_REFUSED');
    let answer = 'E_SIGNER_REFUSED';
    while (answer === 'E_SIGNER_REFUSED' && Date.now() - signedAt < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      answer = await sign();
      if (Date.now() - signedAt < 15_000) expect(answer, 'nothing is released inside the valid window').to.equal('E_SIGNER_REFUSED');
    }
    expect(answer, signer!.stderr()).to.equal('signed');
    expect(Date.now() - signedAt, 'released only after the window and the mirror margin').to.be.greaterThan(35_000);
  });
});
