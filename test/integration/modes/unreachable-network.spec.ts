import { expect } from 'chai';
import sinon from 'sinon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, PrivateKey, Transaction } from '@hiero-ledger/sdk';
import { AbstractHook, AbstractPolicy, AgentMode, createAgentKit, type AgentKit } from '../../../src/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { startDevnet } from '../../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { CallOutcome } from '../../../src/lifecycle/call-outcome.js';
import { closedPort } from '../../support/cli-run.js';
import { TransferBuilderTool, pluginOf } from '../../support/noop-tools.js';

/** Hears the toolError stage as a seed-style hook does, and how the call ended as a stateful policy does. */
class FailureHook extends AbstractHook {
  override relevantTools = ['transfer_builder_tool'];
  readonly heard: string[] = [];
  override async toolErrorHook(params: { stage: string; error: Error & { code?: string } }): Promise<void> {
    this.heard.push(`${params.stage}:${params.error.code}`);
  }
}

/** A stateful policy's view: how each call it judged ended. */
class BudgetPolicy extends AbstractPolicy {
  override name = 'Budget';
  override relevantTools = ['transfer_builder_tool'];
  readonly settled: CallOutcome[] = [];
  protected override shouldBlockPreToolExecution(): boolean {
    return false;
  }
  override settle(outcome: CallOutcome): void {
    this.settled.push(outcome);
  }
}

/**
 * The execute strategy checks that a node accepts connections before it submits, so a library call
 * on a dead network fails at once, through the toolError stage, as a call that sent nothing (as the
 * CLI's own check used to, for the CLI only).
 */
describe('AUTONOMOUS calls when no node accepts a connection', function () {
  this.timeout(30_000);
  const sandbox = sinon.createSandbox();
  let journalDir: string;
  const kits: AgentKit[] = [];
  const clients: Client[] = [];

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'unreachable-'));
  });
  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
    for (const client of clients.splice(0)) client.close();
    sandbox.restore();
    rmSync(journalDir, { recursive: true, force: true });
  });

  async function kitOn(client: Client): Promise<{ kit: AgentKit; hook: FailureHook; journal: string; settled: CallOutcome[] }> {
    clients.push(client);
    const hook = new FailureHook();
    // One journal folder per kit: a journal has one writer.
    const ownDir = join(journalDir, String(kits.length));
    const audit = new HcsAuditTrailHook(['transfer_builder_tool'], '0.0.1001', undefined, { journalDir: ownDir, deliver: false });
    const budget = new BudgetPolicy();
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new TransferBuilderTool())], context: { mode: AgentMode.AUTONOMOUS, hooks: [hook, audit, budget] } });
    kits.push(kit);
    return { kit, hook, journal: join(ownDir, 'hcs-0.0.1001.jsonl'), settled: budget.settled };
  }

  function expectUnsent(raw: Record<string, unknown>, address: string): void {
    expect(raw).to.include({ status: 'ERROR', errorCode: 'E_NODE_UNREACHABLE', stage: 'secondaryAction', submitted: false });
    expect(raw.transactionId).to.equal(undefined);
    expect(raw.error).to.contain(`(${address}: ECONNREFUSED); nothing was submitted`);
  }

  describe('when the client points at a closed loopback port', () => {
    it('fails before the SDK sends anything, says nothing was submitted, and toolError listeners and the audit trail see it', async () => {
      const address = `127.0.0.1:${await closedPort()}`;
      // Retries that would take minutes if the SDK were asked at all.
      const client = Client.forNetwork({ [address]: '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.2', PrivateKey.generateED25519()).setMaxAttempts(1_000).setRequestTimeout(600_000);
      const { kit, hook, journal, settled } = await kitOn(client);
      const stages: string[] = [];
      kit.on('toolError', (event: { stage: string }) => stages.push(event.stage));
      const execute = sandbox.spy(Transaction.prototype, 'execute');

      const result = await kit.execute('transfer_builder_tool', { to: '0.0.5', hbar: 1 });

      expectUnsent(result.raw, address);
      expect(result.humanMessage).to.match(/^The transfer_builder_tool call was not submitted: no node of network "unnamed" could be reached/);
      expect(result.humanMessage).to.not.contain('Check the account');
      expect(execute.called, 'the SDK was asked to submit').to.equal(false);
      expect(stages).to.deep.equal(['secondaryAction']);
      expect(hook.heard).to.deep.equal(['secondaryAction:E_NODE_UNREACHABLE']);
      // A budget reserved for the call is given back: nothing was spent.
      expect(settled.map((outcome) => outcome.executed)).to.deep.equal([false]);
      const entries = readFileSync(journal, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry);
      expect(entries.map((entry) => [entry.outcome, entry.stage, entry.error?.code])).to.deep.equal([['failed', 'secondaryAction', 'E_NODE_UNREACHABLE']]);
    });
  });

  describe('when the devnet it was using has stopped', () => {
    it('fails the same way for a client of that devnet', async () => {
      const net = await startDevnet();
      const { grpcAddress, operatorId, operatorKey } = net;
      try {
        const { kit: before } = await kitOn(createDevnetClient(grpcAddress, operatorId, operatorKey));
        const sent = await before.execute('transfer_builder_tool', { to: '0.0.98', hbar: 1 });
        expect(sent.raw.status, sent.humanMessage).to.equal('SUCCESS');
      } finally {
        await net.stop();
      }
      const { kit, hook } = await kitOn(createDevnetClient(grpcAddress, operatorId, operatorKey));
      const execute = sandbox.spy(Transaction.prototype, 'execute');
      const result = await kit.execute('transfer_builder_tool', { to: '0.0.98', hbar: 1 });
      expectUnsent(result.raw, grpcAddress);
      expect(result.raw.error).to.contain('no node of network "local-node"');
      expect(execute.called).to.equal(false);
      expect(hook.heard).to.deep.equal(['secondaryAction:E_NODE_UNREACHABLE']);
    });
  });
});
