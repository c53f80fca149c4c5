import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hbar, PrivateKey, TransferTransaction } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { MaxTransferPolicy } from '../../../src/policies/index.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { createSigningJudge, type SigningJudge } from '../../../src/signer/signing-judge.js';
import { privateKeySigner } from '../../../src/signer/keys/text-key.js';
import { decisionTrail } from '../../../src/signer/server/decision-trail.js';
import { startSigner } from '../../../src/signer/server/start-signer.js';
import type { RunningSigner } from '../../../src/signer/server/signer-server.js';
import { identityOf } from '../../../src/signer/client/signer-client.js';
import { bodyOf } from '../../support/signing-bodies.js';

const TOPIC = '0.0.5555';
const TOKEN = 'agent-one-token-0123456789';
const PAYER = '0.0.1001';

describe('the signer server (in process)', function () {
  this.timeout(30_000);
  let journalDir: string;
  let judge: SigningJudge;
  let running: RunningSigner | undefined;
  const key = PrivateKey.generateED25519();

  beforeEach(() => (journalDir = mkdtempSync(join(tmpdir(), 'signer-trail-'))));
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await judge?.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  async function start(listen: Parameters<typeof startSigner>[0]['listen'] = {}): Promise<RunningSigner> {
    const hook = new HcsAuditTrailHook(['sign_transaction'], TOPIC, undefined, { journalDir, deliver: false });
    judge = await createSigningJudge({ policies: [new MaxTransferPolicy({ hbar: 5 }), hook] });
    running = await startSigner({ accountId: PAYER, key: privateKeySigner(key, 'test key'), judge: (request) => judge.judge(request), tokens: { 'agent-1': TOKEN }, network: 'testnet', listen, record: decisionTrail([hook]) });
    return running;
  }

  const transfer = (hbar: number): Uint8Array => bodyOf(new TransferTransaction().addHbarTransfer(PAYER, new Hbar(-hbar)).addHbarTransfer('0.0.1002', new Hbar(hbar)), { payer: PAYER });
  const sign = async (url: string, body: Uint8Array | string): Promise<{ status: number; json: Record<string, string> }> => {
    const response = await fetch(`${url}/sign`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: typeof body === 'string' ? body : JSON.stringify({ bodyBytes: Buffer.from(body).toString('base64') }) });
    return { status: response.status, json: (await response.json()) as Record<string, string> };
  };

  it('journals every decision as a signingDecision entry (agent, transaction ID, body digest, moves, reason), and never the key', async () => {
    const { url } = await start();
    const allowed = transfer(1);
    const refused = transfer(20);
    const signed = await sign(url, allowed);
    expect(signed.status).to.equal(200);
    expect(key.publicKey.verify(allowed, Buffer.from(signed.json.signature!, 'base64'))).to.equal(true);
    expect((await sign(url, refused)).status).to.equal(403);
    const file = join(journalDir, `hcs-${TOPIC}.jsonl`);
    const decisions = (readJournalSnapshot(file)?.entries ?? []).filter((entry) => (entry as { kind?: string }).kind === 'signingDecision') as unknown as Record<string, any>[];
    expect(decisions.map((entry) => entry.decision)).to.deep.equal(['signed', 'refused']);
    expect(decisions[0]).to.include({ agent: 'agent-1', tool: 'sign_transaction', bodyType: 'cryptoTransfer', bodyDigest: createHash('sha256').update(allowed).digest('hex') });
    expect(decisions[0]!.transactionId).to.match(/^0\.0\.1001@\d+\.\d+$/);
    expect(decisions[0]!.moves).to.deep.include({ asset: 'HBAR', from: PAYER, to: '0.0.1002', amount: '100000000', display: decisions[0]!.moves[0].display });
    expect(decisions[1]!.reason).to.match(/Max Transfer/);
    const text = readFileSync(file, 'utf8');
    expect(text).not.to.include(key.toStringRaw());
    expect(text).not.to.include(key.toStringDer());
  });

  it('tells an agent with a token its account, public key and network, and nothing without one', async () => {
    const { url } = await start();
    const identity = await identityOf({ url, token: TOKEN });
    expect(identity).to.deep.equal({ accountId: PAYER, publicKey: key.publicKey.toStringDer(), keyType: 'ED25519', network: 'testnet' });
    expect((await fetch(`${url}/public-key`)).status).to.equal(401);
  });

  it('refuses to listen off loopback without TLS, and serves on a Unix socket', async () => {
    const error = await start({ host: '0.0.0.0', port: 0 }).then(() => undefined, (thrown: Error) => thrown);
    expect(error?.message).to.match(/without TLS.*--tls-cert.*--socket/);
    await judge.close();
    const socketPath = join(journalDir, 'signer.sock');
    const { url } = await start({ socketPath });
    expect(url).to.equal(`unix:${socketPath}`);
    const identity = await identityOf({ url, token: TOKEN });
    expect(identity.accountId).to.equal(PAYER);
  });

  it('serves https with the given certificate, and an agent that trusts it connects', async function () {
    if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).error) {
      if (process.env.CI) throw new Error('openssl is not installed, but CI is set (.ci/run installs it)');
      process.stdout.write('      (skipped: openssl is not installed to make a test certificate)\n');
      this.skip();
    }
    const certFile = join(journalDir, 'cert.pem');
    const keyFile = join(journalDir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=signer', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const { url } = await start({ host: '0.0.0.0', port: 0, tls: { certFile, keyFile } });
    expect(url).to.match(/^https:\/\/0\.0\.0\.0:\d+$/);
    const local = url.replace('0.0.0.0', '127.0.0.1');
    const identity = await identityOf({ url: local, token: TOKEN, ca: readFileSync(certFile) });
    expect(identity.accountId).to.equal(PAYER);
    const untrusted = await identityOf({ url: local, token: TOKEN }).then(() => undefined, (error: { code?: string }) => error);
    expect(untrusted?.code, 'a certificate the agent does not trust is refused').to.equal('E_SIGNER_UNAVAILABLE');
  });
});
