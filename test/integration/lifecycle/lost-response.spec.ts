import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { callEntries, type AuditEntry } from '../../../src/audit/entries/audit-entry.js';
import { CORE_PLUGINS, tinybarsOf } from '../plugins/core-plugins-world.js';

const TOPIC = '0.0.999';

/**
 * A node that applies a transfer but whose answer arrives after the client's gRPC deadline: the SDK
 * resends, the node answers DUPLICATE_TRANSACTION, and the transfer is on the ledger. The kit must
 * report what the ledger did (or that it cannot tell), never a failure an agent would retry.
 */
describe('a transfer whose answer is lost past the gRPC deadline', () => {
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let kit: AgentKit;
  let recipient: string;

  beforeEach(async () => {
    net = await startDevnet();
    // Fast answers take a few ms on loopback; 300 ms is a deadline only the injected delay misses.
    client = net.client().setGrpcDeadline(300);
    journalDir = mkdtempSync(join(tmpdir(), 'lost-response-'));
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], TOPIC, undefined, { journalDir, deliver: false });
    kit = await createAgentKit({ client, pluginsDir: null, plugins: CORE_PLUGINS, context: { hooks: [hook] } });
  });

  afterEach(async () => {
    await kit.close();
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const transferOne = () => kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }] });
  const journaled = (): AuditEntry[] => callEntries(readJournalSnapshot(join(journalDir, `hcs-${TOPIC}.jsonl`))?.entries ?? []);

  describe('when the resend meets DUPLICATE_TRANSACTION and the receipt can be read', () => {
    it('reports and audits SUCCESS under the transaction ID, and the recipient is paid once', async () => {
      const fault = net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 1_500, times: 1 });
      const result = await transferOne();
      expect(fault.hits).to.equal(1);
      expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', receiptStatus: 'SUCCESS', submitted: true });
      expect(result.raw.transactionId).to.match(/^0\.0\.2@\d+\.\d+$/);
      expect(await tinybarsOf(client, recipient)).to.equal(100_000_000n);
      const [entry] = journaled();
      expect(entry).to.include({ outcome: 'executed', status: 'SUCCESS', transactionId: result.raw.transactionId });
    });
  });

  describe('when the SDK gives up after the answer timed out', () => {
    it('asks for the receipt instead of reporting the timeout, and finds SUCCESS', async () => {
      client.setMaxAttempts(3);
      net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 1_500 });
      const result = await transferOne();
      expect(result.raw, result.humanMessage).to.include({ status: 'SUCCESS', submitted: true });
      expect(await tinybarsOf(client, recipient)).to.equal(100_000_000n);
      expect(journaled()[0]).to.include({ outcome: 'executed', status: 'SUCCESS' });
    });
  });

  describe('when the receipt cannot be read either', () => {
    it('reports UNKNOWN with the transaction ID and "do not retry", and audits it as unknown', async () => {
      client.setMaxAttempts(3);
      net.faults.inject({ rpc: 'cryptoTransfer', responseDelayMs: 1_500, times: 1 });
      const receipts = net.faults.inject({ rpc: 'getTransactionReceipts', grpcError: 'UNAVAILABLE' });
      const result = await transferOne();
      receipts.remove();
      expect(result.raw, result.humanMessage).to.include({ status: 'UNKNOWN', submitted: true });
      expect(receipts.hits, 'receipt lookups').to.be.greaterThan(0);
      expect(result.raw.transactionId).to.match(/^0\.0\.2@\d+\.\d+$/);
      expect(result.humanMessage).to.match(/do not retry/i);
      expect(await tinybarsOf(client, recipient)).to.equal(100_000_000n);
      const [entry] = journaled();
      expect(entry).to.include({ outcome: 'unknown', status: 'UNKNOWN', transactionId: result.raw.transactionId });
      expect(entry!.error?.message).to.match(/do not retry/i);
    });
  });
});
