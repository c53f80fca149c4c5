import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { CLI_MAIN, cleanEnv } from '../support/cli-path.js';

type TextContent = { type: 'text'; text: string }[];

describe('agent-hooks mcp with ApprovalPolicy({ approver: "mcp" }) from the configuration', function () {
  this.timeout(60_000);
  let devnet: Devnet;
  let client: Client;
  let dir: string;
  const opened: McpClient[] = [];

  before(async () => {
    devnet = await startDevnet();
    client = devnet.client();
    dir = mkdtempSync(path.join(tmpdir(), 'agent-hooks-mcp-approval-'));
    writeFileSync(
      path.join(dir, 'agent-hooks.config.json'),
      JSON.stringify({
        network: 'local',
        local: { grpcAddress: devnet.grpcAddress, mirrorUrl: devnet.mirrorUrl },
        tools: ['transfer_hbar_tool'],
        policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, approver: 'mcp', timeoutMs: 10000 }] }],
      }),
    );
  });

  after(async () => {
    for (const mcp of opened) await mcp.close();
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `agent-hooks mcp` for one client; with `elicit`, the client declares elicitation and answers with it. */
  async function serve(elicit?: (message: string) => ElicitResult): Promise<McpClient> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_MAIN, 'mcp'],
      cwd: dir,
      env: cleanEnv({ HEDERA_OPERATOR_ID: devnet.operatorId, HEDERA_OPERATOR_KEY: devnet.operatorKey.toStringDer() }),
      stderr: 'pipe',
    });
    const mcp = new McpClient({ name: elicit ? 'desk' : 'no-forms', version: '1.0.0' }, { capabilities: elicit ? { elicitation: {} } : {} });
    if (elicit) mcp.setRequestHandler(ElicitRequestSchema, (request) => elicit((request.params as { message: string }).message));
    await mcp.connect(transport);
    opened.push(mcp);
    return mcp;
  }

  const balanceOf = async (accountId: string): Promise<bigint> =>
    BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

  it('asks the client that made the call, and executes the transfer when the user approves', async () => {
    const to = (await devnet.createAccount({ hbar: 0 })).accountId;
    const asked: string[] = [];
    const mcp = await serve((message) => (asked.push(message), { action: 'accept', content: { approve: true } }));
    const result = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: to, amount: 6 }] } });
    expect(result.isError, JSON.stringify(result.content)).to.not.equal(true);
    expect(asked).to.have.length(1);
    expect(asked[0]).to.contain(`transfer_hbar_tool: 6 HBAR from ${devnet.operatorId} to ${to}`);
    expect(await balanceOf(to)).to.equal(600_000_000n);
  });

  it('moves nothing when the user declines, and says so to the model', async () => {
    const to = (await devnet.createAccount({ hbar: 0 })).accountId;
    const mcp = await serve(() => ({ action: 'decline' }));
    const result = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: to, amount: 6 }] } });
    expect(result.isError).to.equal(true);
    expect((result.content as TextContent)[0]!.text).to.contain('"Approval Policy"').and.to.contain('the user of the MCP client declined');
    expect(await balanceOf(to)).to.equal(0n);
  });

  it('refuses, saying why, when the client cannot be asked', async () => {
    const to = (await devnet.createAccount({ hbar: 0 })).accountId;
    const mcp = await serve();
    const result = await mcp.callTool({ name: 'transfer_hbar_tool', arguments: { transfers: [{ accountId: to, amount: 6 }] } });
    expect(result.isError).to.equal(true);
    expect((result.content as TextContent)[0]!.text).to.contain('the MCP client "no-forms" cannot be asked for approval: it does not support elicitation');
    expect(await balanceOf(to)).to.equal(0n);
  });
});
