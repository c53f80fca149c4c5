import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey } from '@hiero-ledger/sdk';
import { MemoryOversight, startConsole, type RunningConsole } from '../../../src/console/index.js';
import { containsPrivateKey } from '../../../src/secrets/index.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so Host, Origin and the body are exactly what a hostile client would send. */
function send(url: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, url), { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One journal line as the audit journal writes it. */
function entryLine(seq: number, memo: string): string {
  const entry = { type: 'hedera-agent-hooks/audit-entry', version: 1, id: `entry-${seq}`, seq, session: '0.0.2', timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(), tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: { hbarTransfers: [{ accountId: '0.0.1002', amount: '5 tℏ' }, { accountId: '0.0.2', amount: '-5 tℏ' }], memo }, paramsKind: 'normalised', transactionId: `0.0.2@1700000000.${seq}`, status: 'SUCCESS' };
  return `${JSON.stringify({ r: 'entry', entry })}\n`;
}

describe('startConsole', () => {
  let journalDir: string;
  let running: RunningConsole | undefined;
  let oversight: MemoryOversight;

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'console-unit-'));
    oversight = new MemoryOversight();
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    rmSync(journalDir, { recursive: true, force: true });
  });

  const auth = (): Record<string, string> => ({ authorization: `Bearer ${running!.token}` });

  describe('when asked to listen beyond loopback', () => {
    it('refuses to start without a token, and says how to fix it', async () => {
      let thrown: unknown;
      try {
        running = await startConsole({ journalDir, host: '0.0.0.0', port: 0 });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(Error);
      expect((thrown as Error).message).to.equal(
        'startConsole: listening on an address other machines can reach needs a token (options.token, at least 16 characters), which the console page and API clients send as Authorization: Bearer <token>; or listen on 127.0.0.1.',
      );
    });

    it('starts with a token and refuses requests without it', async () => {
      running = await startConsole({ journalDir, host: '0.0.0.0', port: 0, token: 'a-long-enough-console-token' });
      const url = running.url.replace('0.0.0.0', '127.0.0.1');
      expect((await send(url, '/api/calls')).status).to.equal(401);
      expect((await send(url, '/api/calls', { headers: { authorization: 'Bearer a-long-enough-console-token' } })).status).to.equal(200);
      // A page on another site cannot call it, token or not.
      expect((await send(url, '/api/calls', { headers: { authorization: 'Bearer a-long-enough-console-token', origin: 'http://evil.example' } })).status).to.equal(403);
    });
  });

  describe('when options are wrong', () => {
    it('names the option and what is accepted', async () => {
      const refusal = async (options: unknown): Promise<string> => {
        try {
          running = await startConsole(options as never);
        } catch (error) {
          return (error as Error).message;
        }
        return 'started';
      };
      expect(await refusal({ port: 0 })).to.equal("startConsole: the calls come from a journal folder ('journalDir') or from a topic through the mirror ('mirrorUrl' and 'topicId'); neither was given.");
      expect(await refusal({ journalDir, port: 0, topicId: '0.0.5' })).to.equal("startConsole: 'mirrorUrl' and 'topicId' go together (the topic is read through that mirror); only 'topicId' was given.");
      expect(await refusal({ journalDir, port: 0, network: 'devnet' })).to.contain("network 'devnet' has no public explorer");
      expect(await refusal({ journalDir, port: 0, oversight: {} })).to.contain("'oversight' must be an object with pendingApprovals()");
      expect(await refusal({ journalDir, port: 0, colour: 'red' })).to.contain("unknown option 'colour'");
      expect(await refusal({ journalDir, port: 0, token: 'short' })).to.equal('startConsole: the token must be a string of at least 16 characters without spaces; got 5 characters.');
    });
  });

  describe('on loopback', () => {
    beforeEach(async () => {
      running = await startConsole({ journalDir, port: 0, oversight });
    });

    it('makes a token and puts it in the page address fragment only', () => {
      expect(running!.token).to.have.length.of.at.least(16);
      expect(running!.pageUrl).to.equal(`${running!.url}#token=${encodeURIComponent(running!.token!)}`);
      expect(running!.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });

    it('serves the page under a strict Content-Security-Policy, its script as a file of its own', async () => {
      const page = await send(running!.url, '/');
      expect(page.status).to.equal(200);
      expect(page.headers['content-security-policy']).to.equal("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).to.equal('nosniff');
      expect(page.body).to.contain('<script src="/console.js" defer></script>');
      expect(page.body).not.to.match(/<script>|<script [^>]*>[^<]+<\/script>|style="/);
      const script = await send(running!.url, '/console.js');
      expect(script.headers['content-type']).to.equal('text/javascript; charset=utf-8');
      expect(script.body).not.to.contain('innerHTML');
    });

    it('refuses a state-changing request without the token (401), or with another', async () => {
      const { id } = oversight.request({ tool: 'transfer_hbar_tool', policy: 'Approval Policy', summary: 's', why: 'w', stage: 'postParamsNormalization', params: {}, movements: [] });
      const body = JSON.stringify({ approve: true });
      const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { cookie: `token=${running!.token}` }];
      for (const headers of refused) {
        const reply = await send(running!.url, `/api/approvals/${id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        expect(reply.status).to.equal(401);
      }
      expect(oversight.pendingApprovals()).to.have.length(1);
      const accepted = await send(running!.url, `/api/approvals/${id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth() }, body });
      expect(JSON.parse(accepted.body)).to.deep.equal({ id, status: 'approved' });
      expect(oversight.pendingApprovals()).to.have.length(0);
    });

    it('refuses a Host or Origin not on this machine (DNS rebinding)', async () => {
      expect((await send(running!.url, '/api/calls', { headers: { ...auth(), host: 'attacker.example:80' } })).status).to.equal(403);
      expect((await send(running!.url, '/', { headers: { host: 'attacker.example' } })).status).to.equal(403);
      expect((await send(running!.url, '/api/pause', { method: 'POST', headers: { ...auth(), origin: 'http://attacker.example', 'content-type': 'application/json' }, body: '{"reason":"x"}' })).status).to.equal(403);
      expect(oversight.state().paused).to.equal(false);
    });

    it('refuses a body over 16 KiB (413), and one that is not JSON', async () => {
      const large = JSON.stringify({ reason: 'x'.repeat(20_000) });
      expect((await send(running!.url, '/api/pause', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: large })).status).to.equal(413);
      const form = await send(running!.url, '/api/pause', { method: 'POST', headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, body: 'reason=x' });
      expect(form.status).to.equal(415);
      expect(JSON.parse(form.body).error.message).to.contain('send the body as application/json');
      expect(oversight.state().paused).to.equal(false);
    });

    it('refuses a pause that no agent would obey (409), and never shows PAUSED for it', async () => {
      // An operator presses Pause on a console whose oversight has no kill switch: no kit reads its state.
      const pressed = await send(running!.url, '/api/pause', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"reason":"runaway agent"}' });
      expect(pressed.status).to.equal(409);
      expect(JSON.parse(pressed.body).error.message).to.equal(
        'Conflict: MemoryOversight: cannot pause: no kill switch is connected, so a pause here would stop no agent. Give it the switch the agents obey: the KillSwitch passed to createAgentKit({ killSwitch }), or one on the same store and name, ' +
          "e.g. new KillSwitch({ store: { sqlite: '<journal folder>/agent-hooks-state.sqlite' } }), the file where kits with an audit journal and configuration files keep theirs.",
      );
      expect((await send(running!.url, '/api/unpause', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{}' })).status).to.equal(409);
      const view = JSON.parse((await send(running!.url, '/api/oversight', { headers: auth() })).body) as { state: unknown };
      expect(view.state).to.deep.equal({ paused: false, canPause: false });
      // The switch's verb is unpause: the old route is gone, not an alias that might mean an approval.
      expect((await send(running!.url, '/api/resume', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{}' })).status).to.equal(404);
    });

    it('says an unknown or settled request is not pending (409)', async () => {
      const reply = await send(running!.url, '/api/approvals/no-such-id/decision', { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"approve":false}' });
      expect(reply.status).to.equal(409);
      expect(JSON.parse(reply.body).error.message).to.equal('Conflict: MemoryOversight: there is no pending approval request "no-such-id"; it was decided, withdrawn or never made.');
    });
  });

  describe('when journals and requests hold private keys', () => {
    it('no response carries key material', async () => {
      const ed = PrivateKey.generateED25519();
      const ec = PrivateKey.generateECDSA();
      writeFileSync(join(journalDir, 'hcs-0.0.7.jsonl'), entryLine(1, `key ${ed.toStringDer()}`) + entryLine(2, `key ${ec.toStringDer()}`));
      running = await startConsole({ journalDir, port: 0, oversight });
      oversight.request({ tool: 'transfer_hbar_tool', policy: 'Approval Policy', summary: `send with ${ed.toStringDer()}`, why: 'w', stage: 'postParamsNormalization', params: { note: ec.toStringDer() }, movements: [] });
      const bodies: string[] = [];
      for (const path of ['/', '/console.js', '/console.css', '/api/calls', '/api/oversight', '/api/verify']) bodies.push((await send(running.url, path, { headers: auth() })).body);
      bodies.push(await firstEvents(running));
      expect(bodies.join('\n')).to.contain('[REDACTED]');
      for (const body of bodies) {
        expect(containsPrivateKey(body)).to.equal(false);
        expect(body).not.to.contain(ed.toStringRaw());
        expect(body).not.to.contain(ec.toStringRaw());
      }
    });
  });

  /** The first frames of the event stream (the overview and the oversight), read until both came. */
  function firstEvents(console: RunningConsole): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = request(new URL('/api/events', console.url), { headers: { authorization: `Bearer ${console.token}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: oversight')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
  }
});
