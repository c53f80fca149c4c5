import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type TextContent = { type: 'text'; text: string }[];

const PACKAGE = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8')) as { version: string };

describe('agent-hooks mcp over stdio, driven by the MCP SDK client', () => {
  let devnet: Devnet;
  let client: Client;
  let dir: string;
  let mcp: McpClient;
  let alice: string;
  let bob: string;
  let carol: string;

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    [alice, bob, carol] = (await Promise.all([1, 2, 3].map(() => devnet.createAccount({ hbar: 1 })))).map((account) => account.accountId) as [string, string, string];
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        tools: ['transfer_hbar_tool', 'delete_account_tool', 'get_hbar_balance_query_tool'],
        policies: [{ policy: 'MaxRecipientsPolicy', args: [2] }, { policy: 'RejectToolPolicy', args: [['delete_account_tool']] }],
      }),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_MAIN, 'mcp'],
      cwd: dir,
      env: cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() }),
      stderr: 'pipe',
    });
    mcp = new McpClient({ name: 'e2e', version: '1.0.0' });
    await mcp.connect(transport);
  });

  after(async () => {
    await mcp?.close();
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const balanceOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  it('lists the configured tools with JSON input schemas', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).to.have.members(['transfer_hbar_tool', 'delete_account_tool', 'get_hbar_balance_query_tool']);
    const transfer = tools.find((tool) => tool.name === 'transfer_hbar_tool')!;
    expect(transfer.inputSchema.type).to.equal('object');
    expect(transfer.inputSchema.properties).to.have.property('transfers');
  });

  it('annotates the query read-only and the delete tool destructive, and reports the package version', async () => {
    const { tools } = await mcp.listTools();
    const hints = new Map(tools.map((tool) => [tool.name, tool.annotations]));
    expect(hints.get('get_hbar_balance_query_tool')).to.deep.include({ readOnlyHint: true });
    expect(hints.get('delete_account_tool')).to.deep.include({ readOnlyHint: false, destructiveHint: true });
    expect(hints.get('transfer_hbar_tool')).to.deep.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(mcp.getServerVersion()?.version).to.equal(PACKAGE.version);
  });

  it('executes an allowed transfer on the devnet', async () => {
    const before = await balanceOf(alice);
    const result = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: alice, amount: 2 }] } });
    expect(result.isError, JSON.stringify(result.content)).to.not.equal(true);
    const raw = JSON.parse((result.content as TextContent)[1]!.text) as { status: string; transactionId: string };
    expect(raw.status).to.equal('SUCCESS');
    expect(raw.transactionId).to.match(/^0\.0\.2@/);
    expect((await balanceOf(alice)) - before).to.equal(200_000_000n);
    expect((result.structuredContent as { raw: unknown }).raw).to.deep.equal(raw);
  });

  it('returns a policy error for a transfer to too many recipients, and nothing moves', async () => {
    const before = await Promise.all([alice, bob, carol].map(balanceOf));
    const result = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [alice, bob, carol].map((accountId) => ({ accountId, amount: 1 })) } });
    expect(result.isError).to.equal(true);
    const text = (result.content as TextContent)[0]!.text;
    expect(text).to.contain('"Max Recipients Policy"').and.to.contain('retrying the same request will not help');
    expect(await Promise.all([alice, bob, carol].map(balanceOf))).to.deep.equal(before);
  });

  it('returns a policy error for a rejected tool', async () => {
    const result = await mcp.callTool({ name: 'delete_account_tool', arguments: { accountId: bob } });
    expect(result.isError).to.equal(true);
    expect((result.content as TextContent)[0]!.text).to.contain('"Reject Tool Call" at the preToolExecution stage');
  });

  describe('when started elsewhere with -c, the short form of --config (as MCP inspector users pass it after --)', () => {
    it('reads that configuration', async () => {
      const elsewhere = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-cwd-'));
      const other = new McpClient({ name: 'e2e-c', version: '1.0.0' });
      try {
        await other.connect(
          new StdioClientTransport({
            command: process.execPath,
            args: [CLI_MAIN, 'mcp', '-c', path.join(dir, 'agent-hooks.config.json')],
            cwd: elsewhere,
            env: cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() }),
            stderr: 'pipe',
          }),
        );
        expect((await other.listTools()).tools.map((tool) => tool.name)).to.have.members(['transfer_hbar_tool', 'delete_account_tool', 'get_hbar_balance_query_tool']);
      } finally {
        await other.close();
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });
  });
});
