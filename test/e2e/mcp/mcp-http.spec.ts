import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type TextContent = { type: 'text'; text: string }[];

describe('agent-hooks mcp --http, driven by the MCP SDK client over Streamable HTTP', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let client: Client;
  let dir: string;

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-http-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        tools: ['transfer_hbar_tool', 'get_hbar_balance_query_tool'],
        policies: [{ policy: 'MaxRecipientsPolicy', args: [1] }, { policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, approver: 'mcp', timeoutMs: 10000 }] }],
      }),
    );
  });

  after(async () => {
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const env = () => cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() });
  const balanceOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  /** Runs `agent-hooks mcp …args` to its end: exit code and stderr. */
  function runToEnd(args: string[]): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [CLI_MAIN, 'mcp', ...args], { cwd: dir, env: env() });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  }

  describe('when it serves', () => {
    let child: ChildProcessWithoutNullStreams;
    let url: string;
    let stderr = '';

    before(async () => {
      child = spawn(process.execPath, [CLI_MAIN, 'mcp', '--http', '0'], { cwd: dir, env: env() });
      url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const found = /at (http:\/\/\S+) \(Streamable HTTP\)/.exec(stderr);
          if (found) resolve(found[1]!);
        });
        child.once('exit', (code) => reject(new Error(`mcp --http exited early with ${code}: ${stderr}`)));
      });
    });

    after(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });

    async function connect(elicit?: () => { action: 'accept'; content: { approve: boolean } }): Promise<McpClient> {
      const mcp = new McpClient({ name: elicit ? 'desk' : 'e2e', version: '1.0.0' }, { capabilities: elicit ? { elicitation: {} } : {} });
      if (elicit) mcp.setRequestHandler(ElicitRequestSchema, elicit);
      await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
      return mcp;
    }

    it('says where, on loopback, and writes nothing to stdout', () => {
      expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(stderr).to.match(/serving 2 tools on network "local" at http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\)/);
      expect(child.stdout.read()).to.equal(null);
    });

    it('executes an allowed transfer on the devnet and blocks one to too many recipients', async () => {
      const mcp = await connect();
      try {
        const [alice, bob] = await Promise.all([devnet.createAccount({ hbar: 0 }), devnet.createAccount({ hbar: 0 })]);
        const paid = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: alice.accountId, amount: 2 }] } });
        expect(paid.isError, JSON.stringify(paid.content)).to.not.equal(true);
        expect((paid.structuredContent as { raw: { status: string; transactionId: string } }).raw.transactionId).to.match(/^0\.0\.2@/);
        const wide = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [alice, bob].map(({ accountId }) => ({ accountId, amount: 1 })) } });
        expect(wide.isError).to.equal(true);
        expect((wide.content as TextContent)[0]!.text).to.contain('"Max Recipients Policy"');
        expect([await balanceOf(alice.accountId), await balanceOf(bob.accountId)]).to.deep.equal([200_000_000n, 0n]);
      } finally {
        await mcp.close();
      }
    });

    it('asks the client of the session that made the call, through elicitation, before a large transfer', async () => {
      const to = (await devnet.createAccount({ hbar: 0 })).accountId;
      const asked: string[] = [];
      const bystander = await connect(() => (asked.push('bystander'), { action: 'accept', content: { approve: true } }));
      const desk = await connect(() => (asked.push('desk'), { action: 'accept', content: { approve: true } }));
      try {
        const result = await desk.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: to, amount: 6 }] } });
        expect(result.isError, JSON.stringify(result.content)).to.not.equal(true);
        expect(asked).to.deep.equal(['desk']);
        expect(await balanceOf(to)).to.equal(600_000_000n);
      } finally {
        await Promise.all([bystander.close(), desk.close()]);
      }
    });

    it('exits 0 on SIGTERM, closing the kit', async () => {
      child.kill('SIGTERM');
      expect(await new Promise((resolve) => child.once('exit', resolve))).to.equal(0);
    });
  });

  describe('when the port is not a port', () => {
    for (const bad of ['abc', '70000', '-1', '80.5']) {
      it(`refuses --http ${bad} with exit 2, saying what is accepted`, async () => {
        const { code, stderr } = await runToEnd(['--http', bad]);
        expect(code).to.equal(2);
        expect(stderr).to.contain(`the port must be a whole number from 0 to 65535 (0 takes any free port), got "${bad}"`);
      });
    }
  });

  describe('when the port is taken', () => {
    let blocker: Server;
    let port: number;
    before(async () => {
      blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      port = (blocker.address() as { port: number }).port;
    });
    after(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

    it('exits 2 naming the address and what to do', async () => {
      const { code, stderr } = await runToEnd(['--http', String(port)]);
      expect(code).to.equal(2);
      expect(stderr).to.contain(`127.0.0.1:${port} is already in use (another program listens there); choose another port, or 0 for any free port`);
    });
  });

  describe('when --host is given without --http', () => {
    it('exits 2: there is nothing to bind over stdio', async () => {
      const { code, stderr } = await runToEnd(['--host', '0.0.0.0']);
      expect(code).to.equal(2);
      expect(stderr).to.contain('--host applies to --http <port>');
    });
  });
});
