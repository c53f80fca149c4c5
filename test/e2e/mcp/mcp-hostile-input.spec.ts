import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type Reply = { id: unknown; result?: any; error?: { code: number; message: string } };
/** A line the server writes: one reply, or the array answering a batch. */
type Line = Reply | Reply[];

const TOOL = 'get_hbar_balance_query_tool';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } };

/** The hostile messages of issue 23, as raw text: no client would build them, and none can stringify the deep one. */
const hostile = {
  deep: `{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"${TOOL}","arguments":{"accountId":${'['.repeat(50_000)}${']'.repeat(50_000)}}}}`,
  batch: JSON.stringify([{ jsonrpc: '2.0', id: 21, method: 'tools/list' }, { jsonrpc: '2.0', id: 22, method: 'ping' }]),
  huge: JSON.stringify({ jsonrpc: '2.0', id: 23, method: 'tools/call', params: { name: TOOL, arguments: { accountId: 'x'.repeat(5 * 1024 * 1024) } } }),
  polluting: `{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":"${TOOL}","arguments":{"accountId":"0.0.2","__proto__":{"isAdmin":true}}}}`,
};

describe('agent-hooks mcp given hostile input', function () {
  // Generous, for a loaded machine: every answer below is asserted on, never timed.
  this.timeout(120_000);
  let devnet: Devnet;
  let dir: string;

  before(async () => {
    devnet = await startDevnet();
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-hostile-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({ network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl }, tools: [TOOL] }),
    );
  });

  after(async () => {
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const serve = (args: string[]): ChildProcessWithoutNullStreams =>
    spawn(process.execPath, [CLI_MAIN, 'mcp', ...args], { cwd: dir, env: cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() }) });

  const normalCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: TOOL, arguments: { accountId: devnet.operatorId } } });

  function expectNormalAnswer(reply: Reply | undefined): void {
    expect(reply?.result?.isError ?? false, JSON.stringify(reply)).to.equal(false);
    expect(reply?.result?.structuredContent?.raw).to.deep.include({ status: 'SUCCESS', accountId: devnet.operatorId });
  }

  function expectRefusal(reply: Reply, id: number, code: number, says: string): void {
    expect(reply.id, JSON.stringify(reply).slice(0, 300)).to.equal(id);
    expect(reply.error?.code).to.equal(code);
    expect(reply.error?.message).to.contain(says);
  }

  /** Input the model can correct comes back as a tool result with isError (MCP 2025-11-25), not as a protocol error. */
  function expectToolRefusal(reply: Reply, id: number, says: string): void {
    expect(reply.id, JSON.stringify(reply).slice(0, 300)).to.equal(id);
    expect(reply.error, 'not a protocol error').to.equal(undefined);
    expect(reply.result?.isError).to.equal(true);
    expect(reply.result?.structuredContent?.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_INVALID_PARAMS', submitted: false });
    expect(reply.result?.content?.[0]?.text).to.contain(says);
  }

  function expectAlive(child: ChildProcessWithoutNullStreams): void {
    expect(child.exitCode, 'the server process is still running').to.equal(null);
    expect(child.signalCode).to.equal(null);
  }

  describe('on stdin', () => {
    let server: ChildProcessWithoutNullStreams;
    const lines: Line[] = [];
    const waiters: (() => void)[] = [];

    before(() => {
      server = serve([]);
      let buffered = '';
      server.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
          lines.push(JSON.parse(buffered.slice(0, at)) as Line);
          buffered = buffered.slice(at + 1);
          waiters.shift()?.();
        }
      });
    });

    after(async () => {
      if (server.exitCode !== null) return;
      server.stdin.end();
      await new Promise((resolve) => server.once('exit', resolve));
    });

    const sendLine = async (line: string): Promise<Line> => {
      const replied = new Promise<void>((resolve) => waiters.push(resolve));
      server.stdin.write(`${line}\n`);
      await replied;
      return lines[lines.length - 1]!;
    };
    const send = async (line: string): Promise<Reply> => (await sendLine(line)) as Reply;

    it('answers garbage, an invalid request and a 12 MB message with JSON-RPC errors, then still serves', async () => {
      expect((await send('not json at all')).error?.code).to.equal(-32700);
      expect((await send('{"jsonrpc":"2.0","id":3}')).error?.code).to.equal(-32600);
      const oversize = await send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { pad: 'x'.repeat(12 * 1024 * 1024) } }));
      expectRefusal(oversize, 4, -32600, 'messages are limited to 4194304 bytes');
      expectAlive(server);
      const init = await send(JSON.stringify({ ...INITIALIZE, id: 5 }));
      expect(init.result?.serverInfo?.name).to.equal('hedera-agent-hooks');
      expectNormalAnswer(await send(JSON.stringify(normalCall(6))));
    });

    it('answers 50 000-deep arguments, a batch, a 5 MB argument and a prototype-polluting key, each as its request, then serves a normal call', async () => {
      expectToolRefusal(await send(hostile.deep), 20, 'nested deeper than 64 levels');
      expectAlive(server);

      const batch = await sendLine(hostile.batch);
      expect(batch, 'a batch (no MCP message since 2025-06-18) is refused whole').to.deep.include({ id: null });
      expect((batch as Reply).error?.code).to.equal(-32600);
      const objectId = await send('{"jsonrpc":"2.0","id":{"forged":1},"method":"ping"}');
      expect(objectId, 'a request whose id is an object gets an Invalid Request answer with id null').to.deep.include({ id: null });
      expect(objectId.error?.code).to.equal(-32600);

      expectToolRefusal(await send(hostile.huge), 23, 'over 4194304 bytes');
      expectToolRefusal(await send(hostile.polluting), 24, '__proto__: the key "__proto__" is not allowed');
      expect(({} as { isAdmin?: unknown }).isAdmin).to.equal(undefined);
      expectAlive(server);

      expectNormalAnswer(await send(JSON.stringify(normalCall(25))));
    });
  });

  describe('over --http', () => {
    let server: ChildProcessWithoutNullStreams;
    let url: string;

    before(async () => {
      server = serve(['--http', '0']);
      let stderr = '';
      url = await new Promise<string>((resolve, reject) => {
        server.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const found = /at (http:\/\/\S+) \(Streamable HTTP\)/.exec(stderr);
          if (found) resolve(found[1]!);
        });
        server.once('exit', (code) => reject(new Error(`mcp --http exited early with ${code}: ${stderr}`)));
      });
    });

    after(async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    });

    /** One raw POST in a session; an SSE answer is read back as the messages its events carry. */
    function post(body: string, session?: string): Promise<{ status: number; session?: string; messages: Line[] }> {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
      if (session) headers['mcp-session-id'] = session;
      return new Promise((resolve, reject) => {
        const req = request(url, { method: 'POST', headers }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            const sse = String(res.headers['content-type']).startsWith('text/event-stream');
            const messages = sse
              ? text.split('\n').filter((line) => line.startsWith('data: ') && line.length > 6).map((line) => JSON.parse(line.slice(6)) as Line)
              : text ? [JSON.parse(text) as Line] : [];
            const id = res.headers['mcp-session-id'];
            resolve({ status: res.statusCode!, session: typeof id === 'string' ? id : undefined, messages });
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    }

    it('answers the same hostile requests, each as its request, and keeps serving raw and SDK clients', async () => {
      const init = await post(JSON.stringify(INITIALIZE));
      const session = init.session!;
      expect(session, 'the initialize answer opens a session').to.be.a('string');
      expect((await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), session)).status).to.equal(202);

      const deep = await post(hostile.deep, session);
      expect(deep.status).to.equal(200);
      expectToolRefusal(deep.messages[0] as Reply, 20, 'nested deeper than 64 levels');
      expectAlive(server);

      const batch = await post(hostile.batch, session);
      expect(batch.status).to.equal(400);
      expect(batch.messages.flat()[0]).to.deep.include({ id: null });

      const huge = await post(hostile.huge, session);
      expect(huge.status).to.equal(200);
      expectToolRefusal(huge.messages[0] as Reply, 23, 'over 4194304 bytes');

      const polluting = await post(hostile.polluting, session);
      expect(polluting.status).to.equal(200);
      expectToolRefusal(polluting.messages[0] as Reply, 24, '__proto__: the key "__proto__" is not allowed');
      expectAlive(server);

      expectNormalAnswer((await post(JSON.stringify(normalCall(25)), session)).messages[0] as Reply);

      const client = new McpClient({ name: 'after-the-storm', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        const result = await client.callTool({ name: TOOL, arguments: { accountId: devnet.operatorId } });
        expect(result.isError ?? false).to.equal(false);
        expect((result.structuredContent as { raw: { status: string } }).raw.status).to.equal('SUCCESS');
      } finally {
        await client.close();
      }
    });
  });
});
