import { expect } from 'chai';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

describe('agent-hooks mcp --metrics: the running server\'s kit, scraped over HTTP in the Prometheus format', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let dir: string;

  before(async () => {
    devnet = await startDevnet();
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-metrics-'));
  });

  after(async () => {
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const writeConfig = (extra: object = {}): void =>
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        tools: ['transfer_hbar_tool'],
        policies: [{ policy: 'MaxRecipientsPolicy', args: [1] }],
        ...extra,
      }),
    );
  const env = (extra: Record<string, string> = {}) => cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer(), ...extra });

  function runToEnd(args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [CLI_MAIN, 'mcp', ...args], { cwd: dir, env: env(extraEnv) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  }

  describe('when it serves', () => {
    let child: ChildProcessWithoutNullStreams;
    let mcpUrl: string;
    let metricsUrl: string;
    let stderr = '';

    before(async () => {
      writeConfig();
      child = spawn(process.execPath, [CLI_MAIN, 'mcp', '--http', '0', '--metrics', '0'], { cwd: dir, env: env() });
      [mcpUrl, metricsUrl] = await new Promise<[string, string]>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const mcp = /at (http:\/\/\S+) \(Streamable HTTP\)/.exec(stderr);
          const metrics = /metrics at (http:\/\/\S+) \(Prometheus\)/.exec(stderr);
          if (mcp && metrics) resolve([mcp[1]!, metrics[1]!]);
        });
        child.once('exit', (code) => reject(new Error(`mcp --metrics exited early with ${code}: ${stderr}`)));
      });
    });

    after(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });

    it('listens on loopback and counts the calls agents make through the server, by tool and outcome', async () => {
      expect(metricsUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const mcp = new McpClient({ name: 'e2e', version: '1.0.0' });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
      try {
        const [alice, bob] = await Promise.all([devnet.createAccount({ hbar: 0 }), devnet.createAccount({ hbar: 0 })]);
        const paid = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: alice.accountId, amount: 1 }] } });
        expect(paid.isError, JSON.stringify(paid.content)).to.not.equal(true);
        const wide = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [alice, bob].map(({ accountId }) => ({ accountId, amount: 1 })) } });
        expect(wide.isError).to.equal(true);
      } finally {
        await mcp.close();
      }
      const response = await fetch(metricsUrl);
      expect(response.status).to.equal(200);
      const text = await response.text();
      expect(text).to.match(/^hedera_agent_hooks_calls_total\{gen_ai_tool_name="transfer_hbar_tool",hedera_agent_hooks_outcome="executed",otel_scope_name="hedera-agent-hooks"\} 1$/m);
      expect(text).to.match(/^hedera_agent_hooks_calls_total\{gen_ai_tool_name="transfer_hbar_tool",hedera_agent_hooks_outcome="blocked",otel_scope_name="hedera-agent-hooks"\} 1$/m);
      expect(text).to.match(
        /^hedera_agent_hooks_blocks_total\{gen_ai_tool_name="transfer_hbar_tool",hedera_agent_hooks_blocked_by_policy="Max Recipients Policy",hedera_agent_hooks_blocked_by_stage="postParamsNormalization",otel_scope_name="hedera-agent-hooks"\} 1$/m,
      );
      expect(text).to.match(/^hedera_agent_hooks_approvals_pending\{otel_scope_name="hedera-agent-hooks"\} 0$/m);
    });

    it('refuses a scrape whose Host header names another machine', async () => {
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(metricsUrl, { headers: { host: 'attacker.example' } }, (res) => (res.resume(), resolve(res.statusCode!)));
        req.once('error', reject).end();
      });
      expect(status).to.equal(403);
    });
  });

  it('refuses --metrics-host off loopback without a token, naming the variable, before it opens anything', async () => {
    writeConfig();
    const { code, stderr } = await runToEnd(['--metrics', '0', '--metrics-host', '0.0.0.0']);
    expect(code).to.equal(2);
    expect(stderr).to.contain('--metrics-host 0.0.0.0').and.to.contain('AGENT_HOOKS_METRICS_TOKEN');
  });

  it('refuses --metrics when the configuration turns telemetry off, naming the key', async () => {
    writeConfig({ telemetry: { metrics: false } });
    const { code, stderr } = await runToEnd(['--http', '0', '--metrics', '0']);
    expect(code).to.not.equal(0);
    expect(stderr).to.contain('telemetry.metrics: false').and.to.contain('meterProvider');
  });
});
