import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { AccountAllowanceApproveTransaction, Hbar } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { tinybarsOf } from '../adversarial/adversarial-world.js';

const CHILD = path.resolve(__dirname, '../../support/allowance-spend-child.js');
const HBAR = 100_000_000n;

/**
 * Two agent processes spending one owner's allowance, their AllowanceSpendPolicy holds on one SQLite
 * file. Holds kept per process let each count only its own calls in flight: both passed calls the
 * allowance could not cover, and the ledger refused them (AMOUNT_EXCEEDS_ALLOWANCE) after they were
 * sent and paid for. On the shared file, the policy refuses exactly the calls past the allowance.
 */
describe('AllowanceSpendPolicy holds shared by two processes on one SQLite file, on the devnet', function () {
  this.timeout(180_000);
  let net: Devnet;
  let dir: string;

  before(async () => {
    net = await startDevnet();
  });
  after(async () => {
    await net?.stop();
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'allowance-holds-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets exactly the allowance through across both: 30 HBAR approved, 2 × 4 calls of 5 HBAR at once, 6 sent, 2 refused by the policy, none by the ledger', async () => {
    const agent = await net.createAccount({ hbar: 1_000 });
    const owner = await net.createAccount({ hbar: 1_000 });
    const recipient = (await net.createAccount({ hbar: 0 })).accountId;
    const ownerClient = createDevnetClient(net.grpcAddress, owner.accountId, owner.privateKey);
    const approval = await new AccountAllowanceApproveTransaction().approveHbarAllowance(owner.accountId, agent.accountId, new Hbar(30)).execute(ownerClient);
    expect((await approval.getReceipt(ownerClient)).status.toString()).to.equal('SUCCESS');
    ownerClient.close();

    const answers = await spendTogether(path.join(dir, 'agent-hooks-state.sqlite'), [owner.accountId, recipient], agent);
    expect(answers.flatMap((answer) => answer.others), 'no call reached the ledger past the allowance').to.deep.equal([]);
    expect(answers.reduce((sum, answer) => sum + answer.succeeded, 0)).to.equal(6);
    expect(answers.reduce((sum, answer) => sum + answer.refused, 0)).to.equal(2);
    expect(await tinybarsOf(net.client(), recipient)).to.equal(30n * HBAR);
  });

  /** Starts two agents, waits until both kits are up, and lets each send 4 calls of 5 HBAR at the same moment. */
  async function spendTogether(store: string, [owner, recipient]: string[], agent: { accountId: string; privateKey: { toStringDer(): string } }): Promise<Answer[]> {
    const args = [CHILD, net.grpcAddress, net.mirrorUrl, owner!, recipient!, store, '4', '5', agent.accountId, agent.privateKey.toStringDer()];
    const children = [0, 1].map(() => spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] }));
    const outputs = children.map((child) => {
      let text = '';
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.startsWith('ready\n')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the agent exited (${code}) before it was ready`)));
      });
      const done = new Promise<Answer>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(text.slice('ready\n'.length).trim()) as Answer) : reject(new Error(`the agent exited with ${code}`)))));
      return { ready, done };
    });
    await Promise.all(outputs.map((output) => output.ready));
    for (const child of children) child.stdin.end('go\n');
    return Promise.all(outputs.map((output) => output.done));
  }
});

interface Answer {
  succeeded: number;
  refused: number;
  others: string[];
}
