import { expect } from 'chai';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_SIGN_WAIT_MS, signerRequest } from '../../../src/signer/client/signer-request.js';
import { Client } from '@hiero-ledger/sdk';
import { parseConfig } from '../../../src/config/load-config.js';
import { signerFromConfig } from '../../../src/config/signer-from-config.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { closedPort } from '../../support/cli-run.js';

const TOKEN = 'agent-one-token-0123456789';

/*
 * The agent's side of a signature the signer may hold while people approve it: the answer may take
 * minutes, but a signer that is down must still fail at once, and an answer that never comes must
 * end at the limit given, each as E_SIGNER_UNAVAILABLE with nothing signed or sent.
 */
describe('signerRequest: waiting for a held signature, failing fast without a signer', function () {
  this.timeout(20_000);
  let server: Server | undefined;
  const hanging: ServerResponse[] = [];
  afterEach(async () => {
    for (const res of hanging.splice(0)) res.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A signer that accepts the request and answers after `ms` (never, when undefined). */
  async function slowSigner(ms?: number): Promise<string> {
    server = createServer((req, res) => {
      req.resume();
      if (ms === undefined) return void hanging.push(res);
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signature: 'AAAA' })), ms);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  const failure = (promise: Promise<unknown>): Promise<{ code?: string; message: string }> =>
    promise.then(
      () => ({ message: 'answered' }),
      (error: { code?: string; message: string }) => error,
    );

  it('waits for a signature longer than any other answer by default: as long as the longest valid window, with a margin', () => {
    expect(DEFAULT_SIGN_WAIT_MS).to.be.at.least(180_000);
  });

  it('a signer that is down fails at once, not after the wait for a held signature', async () => {
    const started = Date.now();
    const failed = await failure(signerRequest({ url: `http://127.0.0.1:${await closedPort()}`, token: TOKEN }, 'POST', '/sign', { bodyBytes: 'AAAA' }));
    expect(failed.code).to.equal('E_SIGNER_UNAVAILABLE');
    expect(failed.message).to.match(/could not be reached .*nothing was signed or sent/);
    expect(Date.now() - started).to.be.below(2_000);
  });

  it('an answer the signer gives within the wait is read, even after the connection sat silent for a while', async () => {
    const url = await slowSigner(1_500);
    const reply = await signerRequest({ url, token: TOKEN, timeoutMs: 5_000 }, 'POST', '/sign', { bodyBytes: 'AAAA' });
    expect(reply).to.deep.equal({ status: 200, body: { signature: 'AAAA' } });
  });

  it('takes its waits from the configuration\'s "signer" and from signerClient, and refuses waits a timer cannot keep', async () => {
    const url = await slowSigner();
    const loaded = parseConfig({ network: 'testnet', signer: { url, tokenEnv: 'SIGNER_TOKEN', timeoutMs: 300, connectTimeoutMs: 2_000 } }, '/srv/agent/agent-hooks.config.json', '/srv/agent');
    const client = Client.forTestnet();
    const failed = await failure(signerFromConfig(loaded.config.signer!, client, { SIGNER_TOKEN: TOKEN }, loaded));
    client.close();
    expect(failed.code).to.equal('E_SIGNER_UNAVAILABLE');
    expect(failed.message, 'the configured wait, not the 30 s default').to.contain('no answer within 300 ms');
    const badConfig = (() => {
      try {
        parseConfig({ network: 'testnet', signer: { url, tokenEnv: 'SIGNER_TOKEN', timeoutMs: -1 } }, 'agent-hooks.config.json', '/srv/agent');
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(badConfig).to.contain('signer.timeoutMs');
    for (const timeoutMs of ['600000', 0, 1.5, 2 ** 31]) {
      const refused = await failure(signerClient({ url, token: TOKEN, timeoutMs: timeoutMs as number }));
      expect(refused.message, String(timeoutMs)).to.contain('signerClient: timeoutMs must be a whole number of milliseconds from 1 to 2147483647');
    }
  });

  it('an answer that never comes ends at timeoutMs, saying so', async () => {
    const url = await slowSigner();
    const started = Date.now();
    const failed = await failure(signerRequest({ url, token: TOKEN, timeoutMs: 400 }, 'POST', '/sign', { bodyBytes: 'AAAA' }));
    expect(failed.code).to.equal('E_SIGNER_UNAVAILABLE');
    expect(failed.message).to.contain('gave no answer within 400 ms; nothing was signed or sent');
    expect(Date.now() - started).to.be.within(350, 3_000);
  });
});
