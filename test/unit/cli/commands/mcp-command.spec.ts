import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runCliIn } from '../../../support/cli-run.js';

const MAIN = join(__dirname, '..', '..', '..', '..', 'src', 'cli', 'main.js');
const ALICE_TOKEN = 'alice-0f3c9d2e8b7a6154';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
/** No HEDERA_* variables: the kit is the embedded devnet's, whatever the developer's shell holds. */
const ENV = { PATH: process.env.PATH ?? '' };

/** `agent-hooks mcp --http 0` as an operator starts it, until it prints the address it serves. */
function startHttp(cwd: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN, 'mcp', '--http', '0'], { cwd, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const url = /at (http:\/\/\S+) \(Streamable HTTP(, bearer tokens required)?\)/.exec(err);
      if (url) resolve({ child, url: url[2] ? url[1]! : `${url[1]!} WITHOUT TOKENS` });
    });
    child.once('exit', (code) => reject(new Error(`agent-hooks mcp exited with ${String(code)}: ${err}`)));
  });
}

/**
 * `agent-hooks mcp` with its clients named in agent-hooks.config.json's `mcp` section rather than by
 * flags: the tokens in a file of their own (`mcp.tokensFile`), the stdio client in `mcp.principal`.
 */
describe('agent-hooks mcp configured by the mcp section of its configuration file', function () {
  this.timeout(60_000);
  let cwd: string;
  let child: ChildProcess | undefined;
  beforeEach(() => (cwd = mkdtempSync(join(tmpdir(), 'mcp-config-cli-'))));
  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    child = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  const writeConfig = (config: unknown): void => writeFileSync(join(cwd, 'agent-hooks.config.json'), JSON.stringify(config));
  const writeTokens = (mode: number): void => {
    writeFileSync(join(cwd, 'mcp-tokens.json'), JSON.stringify({ alice: ALICE_TOKEN }));
    chmodSync(join(cwd, 'mcp-tokens.json'), mode);
  };

  describe('when mcp.tokensFile names the users\' tokens and it serves over --http', () => {
    it('refuses a request without a token or with a guessed one, and serves alice with hers', async () => {
      writeConfig({ tools: ['transfer_hbar_tool'], mcp: { tokensFile: 'mcp-tokens.json' } });
      writeTokens(0o600);
      const started = await startHttp(cwd);
      child = started.child;
      expect(started.url, 'serves with bearer tokens required').to.not.contain('WITHOUT TOKENS');
      const post = (headers: Record<string, string>) =>
        fetch(started.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(INITIALIZE) });
      expect((await post({})).status).to.equal(401);
      expect((await post({ authorization: `Bearer ${ALICE_TOKEN.slice(0, -1)}x` })).status).to.equal(401);
      const served = await post({ authorization: `Bearer ${ALICE_TOKEN}` });
      expect(served.status).to.equal(200);
      expect(served.headers.get('mcp-session-id')).to.be.a('string');
    });
  });

  describe('when mcp.principal names the one stdio client', () => {
    const overBudget = async (...flags: string[]): Promise<string> => {
      const mcp = new McpClient({ name: 'desk', version: '1.0.0' });
      await mcp.connect(new StdioClientTransport({ command: process.execPath, args: [MAIN, 'mcp', ...flags], cwd, env: ENV, stderr: 'pipe' }));
      try {
        const paid = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: '0.0.1001', amount: 2 }] } });
        expect(paid.isError, 'a 2 HBAR payment over a 1 HBAR budget per user is blocked').to.equal(true);
        return (paid.content as { text: string }[])[0]!.text;
      } finally {
        await mcp.close();
      }
    };

    it("runs every call for that user, whose budget it spends, and --user replaces the file's principal", async () => {
      writeConfig({
        tools: ['transfer_hbar_tool'],
        policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 1, windowMs: 86_400_000, per: 'context.userId' }] }],
        mcp: { principal: { userId: 'carol', tenantId: 'acme' } },
      });
      expect(await overBudget()).to.contain('carol');
      const dave = await overBudget('--user', 'dave');
      expect(dave).to.contain('dave').and.to.not.contain('carol');
    });
  });

  describe('when the section does not fit the transport or the file', () => {
    it('refuses mcp.tokensFile over stdio (exit 2), as --tokens-file is, naming the configuration', async () => {
      writeConfig({ mcp: { tokensFile: 'mcp-tokens.json' } });
      writeTokens(0o600);
      const run = await runCliIn(cwd, ENV, 'mcp');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain(`mcp.tokensFile (in ${join(cwd, 'agent-hooks.config.json')}) applies to --http <port>`);
    });

    it('refuses mcp.principal over --http (exit 2): each client there is the user its token names', async () => {
      writeConfig({ mcp: { principal: { userId: 'alice' } } });
      const run = await runCliIn(cwd, ENV, 'mcp', '--http', '0');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain('mcp.principal (in ').and.to.contain('applies over stdio');
    });

    it("refuses a tokens file other users can read (exit 2), before anything listens, saying how to fix it", async () => {
      writeConfig({ mcp: { tokensFile: 'mcp-tokens.json' } });
      writeTokens(0o644);
      const run = await runCliIn(cwd, ENV, 'mcp', '--http', '0');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain(`mcp.tokensFile ${join(cwd, 'mcp-tokens.json')}`).and.to.contain('(mode 644); make it its owner\'s only: chmod 600');
      expect(run.stderr).to.not.contain(ALICE_TOKEN);
    });

    it('refuses tokens written into the configuration itself with a config error that does not echo them', async () => {
      writeConfig({ mcp: { tokens: { alice: ALICE_TOKEN } } });
      const run = await runCliIn(cwd, ENV, 'mcp', '--http', '0');
      expect(run.code).to.equal(2);
      expect(run.stderr).to.contain('mcp.tokens').and.to.contain('unknown field; accepted fields: tokensFile, principal');
      expect(run.stderr).to.not.contain(ALICE_TOKEN);
    });
  });
});
