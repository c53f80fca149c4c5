import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { devnetSuite } from '../../support/devnet-suite.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

const run = promisify(execFile);
const AGENT = path.resolve(__dirname, '../../support/config-budget-agent.js');
const TINYBAR = 100_000_000n;

interface AgentReport {
  success: number;
  blocked: number;
  other: string[];
}

/**
 * The operator's story: an agent configured with a 30 HBAR per hour budget and no store, started as
 * two processes at once and then restarted. Without a shared store each process (and the restart)
 * had a budget of its own; with the file beside the journal they share one, exactly.
 */
describe('a configuration with a spend limit and no store, on the devnet', function () {
  this.timeout(300_000);
  const suite = devnetSuite();
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'sqlite-budget-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const agent = async (file: string, calls: number, recipient: string): Promise<AgentReport> => {
    const { stdout } = await run(process.execPath, [AGENT, file, String(calls), recipient, '1'], { env: { PATH: process.env.PATH, ...operatorEnvOf(suite.net) }, maxBuffer: 10_000_000 });
    return JSON.parse(stdout) as AgentReport;
  };
  const balanceOf = async (account: string): Promise<bigint> => BigInt((await new AccountBalanceQuery().setAccountId(account).execute(suite.client)).hbars.toTinybars().toString());

  it('shares one budget between two processes of 50 concurrent calls each and a restart: exactly 30 HBAR leave', async () => {
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const file = path.join(folder, 'agent-hooks.config.json');
    writeFileSync(file, JSON.stringify({ ...localNetworkOf(suite.net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 30, windowMs: 3_600_000 }] }] }));

    const [first, second] = await Promise.all([agent(file, 50, recipient), agent(file, 50, recipient)]);
    expect([...first.other, ...second.other], 'calls that neither executed nor were blocked').to.deep.equal([]);
    expect(first.success + second.success, `process 1: ${first.success}, process 2: ${second.success}`).to.equal(30);
    expect(first.blocked + second.blocked).to.equal(70);
    expect(await balanceOf(recipient.toString())).to.equal(30n * TINYBAR);
    expect(existsSync(path.join(folder, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite')), 'the state file beside the journal').to.equal(true);

    // The agent restarts: the budget it spent is still spent.
    const restarted = await agent(file, 5, recipient);
    expect(restarted).to.deep.equal({ success: 0, blocked: 5, other: [] });
    expect(await balanceOf(recipient.toString())).to.equal(30n * TINYBAR);
  });

  it('keeps a budget per process when the configuration asks for "store": "memory" (what the default was)', async () => {
    const recipient = (await suite.net.createAccount({ hbar: 0 })).accountId;
    const file = path.join(folder, 'agent-hooks.config.json');
    writeFileSync(file, JSON.stringify({ ...localNetworkOf(suite.net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 3, windowMs: 3_600_000, store: 'memory' }] }] }));
    const reports = [await agent(file, 5, recipient), await agent(file, 5, recipient)];
    expect(reports.map((report) => report.success)).to.deep.equal([3, 3]);
    expect(await balanceOf(recipient.toString())).to.equal(6n * TINYBAR);
  });
});
