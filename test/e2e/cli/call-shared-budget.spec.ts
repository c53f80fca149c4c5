import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { expect } from 'chai';
import { runCliIn } from '../../support/cli-run.js';
import { devnetSuite } from '../../support/devnet-suite.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';

/**
 * The operator of the issue: a 10 HBAR per hour limit in the configuration, and `agent-hooks call`
 * run again and again. Each call used to start with a fresh budget in memory (16 HBAR went out).
 */
describe('successive agent-hooks calls from one configuration', function () {
  this.timeout(180_000);
  const suite = devnetSuite();
  let cwd: string;

  beforeEach(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'call-budget-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  const configure = (store?: unknown) =>
    writeFileSync(path.join(cwd, 'agent-hooks.config.json'), JSON.stringify({ ...localNetworkOf(suite.net), policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 10, windowMs: 3_600_000, ...(store === undefined ? {} : { store }) }] }] }));
  const send = async (recipient: string, hbar: number) => runCliIn(cwd, { PATH: process.env.PATH, ...operatorEnvOf(suite.net) }, 'call', 'transfer_hbar_tool', JSON.stringify({ transfers: [{ accountId: recipient, amount: hbar }] }));

  it('share one budget: 6 HBAR goes out, the next 6 HBAR is blocked, 4 more still fits', async () => {
    const { accountId } = await suite.net.createAccount({ hbar: 0 });
    configure();
    const first = await send(accountId, 6);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stderr).not.to.contain('WARNING');
    const second = await send(accountId, 6);
    expect(second.code, second.stdout + second.stderr).to.equal(3);
    expect(second.stdout + second.stderr).to.contain('Spend Limit');
    const third = await send(accountId, 4);
    expect(third.code, third.stderr).to.equal(0);
    const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(suite.client);
    expect(balance.hbars.toTinybars().toString()).to.equal(String(10 * 100_000_000));
  });

  it('say loudly on stderr, even with --json, when the policy keeps its budget in memory', async () => {
    const { accountId } = await suite.net.createAccount({ hbar: 0 });
    configure('memory');
    const run = await runCliIn(cwd, { PATH: process.env.PATH, ...operatorEnvOf(suite.net) }, 'call', 'transfer_hbar_tool', JSON.stringify({ transfers: [{ accountId, amount: 1 }] }), '--json');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.contain('WARNING: Spend Limit Policy keeps its state in this process\'s memory ("store": "memory")');
    expect(run.stderr).to.contain(path.join(cwd, '.agent-hooks', 'audit', 'agent-hooks-state.sqlite'));
    expect(() => JSON.parse(run.stdout), 'stdout stays one JSON document').not.to.throw();
  });
});
