import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type Reply = { id: unknown; result?: any; error?: { code: number; message: string } };

describe('agent-hooks mcp given hostile input on stdin', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let dir: string;
  let server: ChildProcessWithoutNullStreams;
  const replies: Reply[] = [];
  const waiters: (() => void)[] = [];

  before(async () => {
    devnet = await startDevnet();
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-hostile-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({ network: 'local', local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl }, tools: ['get_hbar_balance_query_tool'] }),
    );
    server = spawn(process.execPath, [CLI_MAIN, 'mcp'], {
      cwd: dir,
      env: cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() }),
    });
    let buffered = '';
    server.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
        replies.push(JSON.parse(buffered.slice(0, at)) as Reply);
        buffered = buffered.slice(at + 1);
        waiters.shift()?.();
      }
    });
  });

  after(async () => {
    server.stdin.end();
    await new Promise((resolve) => server.once('exit', resolve));
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = async (line: string): Promise<Reply> => {
    const replied = new Promise<void>((resolve) => waiters.push(resolve));
    server.stdin.write(`${line}\n`);
    await replied;
    return replies[replies.length - 1]!;
  };

  it('answers garbage, an invalid request and a 12 MB message with JSON-RPC errors, then still serves', async () => {
    expect((await send('not json at all')).error?.code).to.equal(-32700);
    expect((await send('{"jsonrpc":"2.0","id":3}')).error?.code).to.equal(-32600);
    const oversize = await send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: { pad: 'x'.repeat(12 * 1024 * 1024) } }));
    expect(oversize.error?.code).to.equal(-32600);
    expect(server.exitCode).to.equal(null);
    const init = await send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } } }));
    expect(init.result?.serverInfo?.name).to.equal('hedera-agent-hooks');
    const call = await send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_hbar_balance_query_tool', arguments: { accountId: devnet.operatorId } } }));
    expect(call.result?.isError ?? false, JSON.stringify(call)).to.equal(false);
  });
});
