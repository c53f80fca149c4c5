import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hbar, PrivateKey, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { signerClient } from '../../../src/signer/client/signer-client.js';
import { SqliteApprovalStore } from '../../../src/policies/approvals/sqlite-approval-store.js';
import type { ApprovalRecord } from '../../../src/policies/approvals/approval-record.js';
import { inWriteTransaction, openSqliteDatabase } from '../../../src/policies/state/sqlite-database.js';
import { runCliIn } from '../../support/cli-run.js';
import { localNetworkOf, operatorEnvOf } from '../../support/local-devnet-config.js';
import { mirrorBalance } from '../../support/signer-attack-world.js';
import { startSignerProcess, type SignerProcess } from '../../support/signer-process.js';

const TOKEN = 'approval-hold-token-0123456789';
const CLI = path.resolve(__dirname, '../../../src/cli/main.js');

/*
 * An approval at the policy signer, as an operator runs it: `agent-hooks signer` started by the CLI
 * with a configuration holding an ApprovalPolicy (any transfer over 5 HBAR needs one approval, by the
 * approver's key) and its requests in a SQLite file. The agent, holding only a token, submits a
 * 10 HBAR transfer through signerClient; the signer holds the signature while the approver decides
 * with `agent-hooks approve` (the CLI, another process on the same file; `agent-hooks console` lists
 * it too). Approved after more than
 * 30 s (the agent's old response limit), the transfer reaches consensus; denied, the agent reads the
 * signer's reason and nothing moves; a decision forged straight into the file releases nothing.
 */
describe('agent-hooks signer holds a signature until the approval verifies (devnet, process, agent-hooks approve)', function () {
  this.timeout(240_000);
  let net: Devnet;
  let folder: string;
  let signer: SignerProcess | undefined;
  let agent: Client | undefined;
  let store: SqliteApprovalStore | undefined;
  let treasury: string;
  let recipient: string;
  const approverKey = PrivateKey.generateED25519();
  const approvalsFile = (): string => path.join(folder, 'approvals.sqlite');

  before(async () => {
    net = await startDevnet();
    folder = mkdtempSync(path.join(tmpdir(), 'signer-hold-'));
    const key = PrivateKey.generateED25519();
    treasury = (await net.createAccount({ hbar: 100, key })).accountId;
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
    const config = path.join(folder, 'agent-hooks.config.json');
    writeFileSync(
      config,
      JSON.stringify(
        {
          ...localNetworkOf(net),
          approvals: { store: { sqlite: 'approvals.sqlite' } },
          policies: [{ policy: 'ApprovalPolicy', args: [{ when: { hbarAbove: 5 }, quorum: { required: 1, of: [approverKey.publicKey.toStringDer()] }, timeoutMs: 110_000 }] }],
        },
        null,
        2,
      ),
    );
    signer = await startSignerProcess(folder, { TREASURY_KEY: key.toStringDer(), AGENT_HOOKS_SIGNER_TOKENS: JSON.stringify({ 'agent-1': TOKEN }) }, ['--config', config, '--account', treasury, '--key-env', 'TREASURY_KEY', '--port', '0']);
    agent = await signerClient({ url: signer.url, token: TOKEN });
    store = new SqliteApprovalStore({ path: approvalsFile() });
  });

  after(async () => {
    agent?.close();
    await store?.close();
    await signer?.stop();
    await net?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** The agent's transfer of `hbar` to the recipient, submitted through the signer: its receipt's status, or the error's code and message. */
  const transfer = async (hbar: number): Promise<{ status?: string; code?: string; message?: string }> => {
    try {
      const response = await new TransferTransaction().addHbarTransfer(treasury, new Hbar(-hbar)).addHbarTransfer(recipient, new Hbar(hbar)).execute(agent!);
      const receipt = await response.getReceipt(agent!);
      return { status: receipt.status.toString() };
    } catch (error) {
      const failed = error as { code?: string; message?: string };
      return { code: failed.code, message: failed.message };
    }
  };

  /** The pending request the signer made for the held transfer, as the approvers' console lists it. */
  const pendingRequest = async (): Promise<ApprovalRecord> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const pending = await store!.listPending();
      if (pending.length === 1) return pending[0]!;
      if (Date.now() > deadline) throw new Error(`expected one pending request in ${approvalsFile()}, found ${pending.length}; signer log:\n${signer!.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** The IDs `agent-hooks console --config …` (its own process) lists as pending, read from its API. */
  const consoleListing = async (): Promise<string[]> => {
    const child: ChildProcess = spawn(process.execPath, [CLI, 'console', '--config', 'agent-hooks.config.json', '--port', '0'], { cwd: folder, env: { PATH: process.env.PATH ?? '', ...operatorEnvOf(net) }, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const pageUrl = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          err += chunk.toString('utf8');
          const printed = /agent-hooks console: open (\S+)\n/.exec(err);
          if (printed) resolve(printed[1]!);
        });
        child.once('exit', (code) => reject(new Error(`agent-hooks console exited with ${String(code)}: ${err}`)));
      });
      const url = new URL(pageUrl);
      const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
      const answer = await fetch(new URL('/api/oversight', url.origin), { headers: { authorization: `Bearer ${token}` } });
      const view = (await answer.json()) as { pending?: { id: string }[] };
      return (view.pending ?? []).map((each) => each.id);
    } finally {
      if (child.exitCode === null) {
        const gone = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await gone;
      }
    }
  };

  const approve = (id: string, ...more: string[]) => runCliIn(folder, { PATH: process.env.PATH, AGENT_HOOKS_APPROVER_KEY: approverKey.toStringDer() }, 'approve', id, '--key', 'env', ...more);

  it('holds the signature past 30 s while the approver decides with agent-hooks approve, then the transfer reaches consensus', async () => {
    const before = await mirrorBalance(net, recipient);
    const sent = transfer(10);
    const request = await pendingRequest();
    expect(request.tool).to.equal('sign_transaction');
    expect(request.summary).to.match(/10/);
    // The operator's console, started on the same configuration, lists the held request.
    const listed = await consoleListing();
    expect(listed, 'the console lists the request the signer holds').to.include(request.id);
    // Longer than the agent's request used to wait for an answer.
    await new Promise((resolve) => setTimeout(resolve, 33_000));
    const run = await approve(request.id, '--reason', 'invoice 17');
    expect(run.code, run.stderr + run.stdout).to.equal(0);
    expect(run.stdout).to.contain('the request is approved');
    const outcome = await sent;
    expect(outcome, signer!.stderr()).to.deep.equal({ status: 'SUCCESS' });
    const deadline = Date.now() + 10_000;
    while ((await mirrorBalance(net, recipient)) === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mirrorBalance(net, recipient)).to.equal(before + 1_000_000_000n);
    expect((await store!.get(request.id))?.state).to.equal('executed');
  });

  it("a denial reaches the agent as the signer's refusal with the approver's reason; nothing is submitted", async () => {
    const before = await mirrorBalance(net, treasury);
    const sent = transfer(10);
    const request = await pendingRequest();
    const run = await approve(request.id, '--deny', '--reason', 'unknown recipient');
    expect(run.code, run.stderr + run.stdout).to.equal(0);
    const outcome = await sent;
    expect(outcome.code).to.equal('E_SIGNER_REFUSED');
    expect(outcome.message).to.contain('unknown recipient');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mirrorBalance(net, treasury), 'nothing left the account').to.equal(before);
  });

  it('a decision forged straight into the approvals file (approved, signature that does not verify) releases no signature', async () => {
    const before = await mirrorBalance(net, treasury);
    const sent = transfer(10);
    const request = await pendingRequest();
    // What anyone who can write the file can do: mark the record approved by the listed key, without that key.
    const db = await openSqliteDatabase(approvalsFile());
    try {
      inWriteTransaction(db, () => {
        const row = db.prepare('SELECT record FROM approvals WHERE id = ?').get(request.id) as { record: string };
        const record = JSON.parse(row.record) as ApprovalRecord & { version: number };
        const forged = {
          ...record,
          state: 'approved',
          version: record.version + 1,
          decisions: [{ approver: approverKey.publicKey.toStringDer(), approve: true, at: Date.now(), signature: 'ab'.repeat(64), publicKey: approverKey.publicKey.toStringDer() }],
        };
        db.prepare('UPDATE approvals SET record = ?, state = ?, version = ? WHERE id = ?').run(JSON.stringify(forged), 'approved', forged.version, request.id);
      });
    } finally {
      db.close();
    }
    const outcome = await sent;
    expect(outcome.code, JSON.stringify(outcome)).to.equal('E_SIGNER_REFUSED');
    expect(outcome.message).to.match(/does not verify/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await mirrorBalance(net, treasury), 'nothing left the account').to.equal(before);
  });
});
