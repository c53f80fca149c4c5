import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { auditEntries, readTopicMessages } from '../../support/mirror-messages.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type TextContent = { type: 'text'; text: string }[];
type CallEntry = { outcome?: string; tool?: string; principal?: Record<string, string>; toolCallId?: string };

const ALICE_TOKEN = 'alice-0f3c9d2e8b7a6154';
const BOB_TOKEN = 'bob-9a8b7c6d5e4f3a2b1c';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

/**
 * `agent-hooks mcp --http` with a token per user, from a configuration file and a tokens file: the
 * MCP SDK's own client over Streamable HTTP, one per user, against one kit whose budget is per
 * `context.userId`. The server is the resource server: a request without one of the tokens is
 * refused, and a session belongs to the user who opened it.
 */
describe('agent-hooks mcp naming who calls: a bearer token per user over HTTP, one user over stdio, on the devnet', function () {
  this.timeout(120_000);
  let devnet: Devnet;
  let client: Client;
  let dir: string;
  let topicId: string;
  let recipient: string;
  let child: ChildProcessWithoutNullStreams;
  let url: string;
  let stderr = '';

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(devnet.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
    recipient = (await devnet.createAccount({ hbar: 0 })).accountId;
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-users-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        tools: ['transfer_hbar_tool'],
        hooks: [{ hook: 'HcsAuditTrailHook', args: [['*'], topicId, null, { journalDir: 'journal' }] }],
        policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 5, windowMs: 86_400_000, per: 'context.userId' }] }],
      }),
    );
    const tokensFile = path.join(dir, 'mcp-tokens.json');
    writeFileSync(tokensFile, JSON.stringify({ alice: ALICE_TOKEN, bob: { token: BOB_TOKEN, tenantId: 'acme' } }));
    chmodSync(tokensFile, 0o600);
    const env = cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() });
    child = spawn(process.execPath, [CLI_MAIN, 'mcp', '--http', '0', '--tokens-file', 'mcp-tokens.json'], { cwd: dir, env });
    url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /at (http:\/\/\S+) \(Streamable HTTP, bearer tokens required\)/.exec(stderr);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`mcp --http exited early with ${code}: ${stderr}`)));
    });
  });

  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const balanceOf = async (accountId: string): Promise<bigint> => BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());
  const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });

  async function connect(token: string): Promise<{ mcp: McpClient; transport: StreamableHTTPClientTransport }> {
    const mcp = new McpClient({ name: 'e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await mcp.connect(transport);
    return { mcp, transport };
  }
  const pay = (mcp: McpClient, amount: number) => mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: recipient, amount }] } });

  describe('when a client comes without a token, or with one it was not given', () => {
    it('refuses it with 401 and a Bearer challenge, and never echoes what was sent', async () => {
      const none = await post({});
      expect(none.status).to.equal(401);
      expect(none.headers.get('www-authenticate')).to.equal('Bearer realm="hedera-agent-hooks"');
      const guessed = `${ALICE_TOKEN.slice(0, -1)}x`;
      const wrong = await post({ authorization: `Bearer ${guessed}` });
      expect(wrong.status).to.equal(401);
      expect(wrong.headers.get('www-authenticate')).to.equal('Bearer realm="hedera-agent-hooks", error="invalid_token"');
      expect(await wrong.text()).to.not.contain(guessed);
      expect(stderr).to.not.contain(guessed).and.to.not.contain(ALICE_TOKEN);
    });

    it("fails the MCP SDK client's connect", async () => {
      const mcp = new McpClient({ name: 'e2e', version: '1.0.0' });
      let failure: unknown;
      await mcp.connect(new StreamableHTTPClientTransport(new URL(url))).catch((error: unknown) => (failure = error));
      expect(String(failure)).to.match(/401|Unauthorized/);
    });
  });

  describe('when the flags mix the two transports', () => {
    for (const [args, message] of [
      [['--http', '0', '--user', 'alice'], '--user, --tenant and --session apply over stdio'],
      [['--tokens-file', 'mcp-tokens.json'], '--tokens-file and AGENT_HOOKS_MCP_TOKENS apply to --http <port>'],
    ] as const) {
      it(`refuses mcp ${args.join(' ')} with exit 2, saying which goes with which`, async () => {
        const run = spawn(process.execPath, [CLI_MAIN, 'mcp', ...args], { cwd: dir, env: cleanEnv() });
        let err = '';
        run.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()));
        expect(await new Promise((resolve) => run.once('exit', resolve))).to.equal(2);
        expect(err).to.contain(message);
      });
    }
  });

  describe('when alice and bob each connect with their token', () => {
    it("keeps each user's budget apart, names user, tenant and MCP session on the audit topic, and a session stays its user's", async () => {
      const alice = await connect(ALICE_TOKEN);
      const bob = await connect(BOB_TOKEN);
      try {
        const paidAlice = await pay(alice.mcp, 4);
        const paidBob = await pay(bob.mcp, 4);
        expect(paidAlice.isError, JSON.stringify(paidAlice.content)).to.not.equal(true);
        expect(paidBob.isError, JSON.stringify(paidBob.content)).to.not.equal(true);
        const over = await pay(alice.mcp, 2);
        expect(over.isError).to.equal(true);
        expect((over.content as TextContent)[0]!.text).to.contain('alice').and.to.contain('1 HBAR left');

        // Bob's token cannot ride alice's session: it is answered as a session that does not exist.
        const hijack = await post({ authorization: `Bearer ${BOB_TOKEN}`, 'mcp-session-id': alice.transport.sessionId!, 'mcp-protocol-version': '2025-06-18' }, { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: recipient, amount: 1 }] } } });
        expect(hijack.status).to.equal(404);
        expect(await balanceOf(recipient), 'alice 4 and bob 4, nothing else').to.equal(800_000_000n);

        child.kill('SIGTERM');
        expect(await new Promise((resolve) => child.once('exit', resolve))).to.equal(0);
        const entries = await callEntries(3);
        expect(entries.map((entry) => [entry.outcome, entry.principal])).to.deep.equal([
          ['executed', { userId: 'alice', sessionId: alice.transport.sessionId }],
          ['executed', { userId: 'bob', sessionId: bob.transport.sessionId, tenantId: 'acme' }],
          ['blocked', { userId: 'alice', sessionId: alice.transport.sessionId }],
        ]);
      } finally {
        await Promise.allSettled([alice.mcp.close(), bob.mcp.close()]);
      }
    });
  });

  describe('when served over stdio for the one user it was started for', () => {
    it('runs every call for that user and tenant, on the audit topic too', async () => {
      const env = cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() });
      const mcp = new McpClient({ name: 'desk', version: '1.0.0' });
      await mcp.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_MAIN, 'mcp', '--user', 'dave', '--tenant', 'acme'], cwd: dir, env, stderr: 'pipe' }));
      const before = await balanceOf(recipient);
      try {
        const paid = await pay(mcp, 4);
        expect(paid.isError, JSON.stringify(paid.content)).to.not.equal(true);
      } finally {
        await mcp.close();
      }
      expect((await balanceOf(recipient)) - before).to.equal(400_000_000n);
      const entries = await callEntries(4);
      expect(entries.filter((entry) => entry.principal?.userId === 'dave').map((entry) => [entry.outcome, entry.principal])).to.deep.equal([['executed', { userId: 'dave', tenantId: 'acme' }]]);
    });
  });

  /** The call entries on the topic, once `count` arrived through the mirror (the server flushed them as it closed). */
  async function callEntries(count: number): Promise<CallEntry[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const entries = (auditEntries(await readTopicMessages(devnet.mirrorUrl, topicId)) as CallEntry[]).filter((entry) => entry.tool !== undefined && entry.outcome !== undefined);
      if (entries.length >= count || Date.now() > deadline) return entries;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});
