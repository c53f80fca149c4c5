import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { readTopicMessages } from '../../support/mirror-messages.js';
import { auditEntriesIn, startAdversarialWorld, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/**
 * A refused call costs nothing on the ledger, so its audit entry must not either: an LLM that sends a
 * megabyte of input must not make the audit hook publish a megabyte to HCS (thousands of paid messages).
 */
describe('adversarial oversized input in an audited session', () => {
  let world: AdversarialWorld;
  let journalDir: string;

  before(async () => {
    world = await startAdversarialWorld();
    journalDir = mkdtempSync(join(tmpdir(), 'advrev-size-'));
  });
  after(async () => {
    await world.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when refused calls carry a huge memo, a long list and a huge key name', () => {
    it('audits each in one small entry that says what was cut, and delivers them promptly', async () => {
      const receipt = await (await new TopicCreateTransaction().execute(world.client)).getReceipt(world.client);
      const auditTopic = receipt.topicId!.toString();
      const kit = await world.kitWith({ context: { hooks: [new HcsAuditTrailHook(['*'], auditTopic, undefined, { journalDir })] } });
      const recipient = (await world.net.createAccount({ hbar: 0 })).accountId;

      const calls = [
        { transfers: [{ accountId: recipient, amount: 1 }], transactionMemo: 'm'.repeat(1_000_000) },
        { transfers: Array.from({ length: 3_000 }, (_, at) => ({ accountId: `0.0.${at + 1}`, amount: 'f'.repeat(200) })) },
        { transfers: [{ accountId: recipient, amount: 1 }], ['k'.repeat(200_000)]: 1 },
      ];
      for (const args of calls) {
        const result = await kit.execute('transfer_hbar_tool', args);
        expect(result.raw.errorCode, result.humanMessage.slice(0, 200)).to.equal('E_INVALID_PARAMS');
      }
      const operatorBefore = await tinybarsOf(world.client, world.net.operatorId);
      const [status] = await kit.audit.flush(10_000);
      expect(status!.undelivered).to.equal(0);
      await kit.close();

      const texts = await readTopicMessages(world.net.mirrorUrl, auditTopic);
      // Each entry is a bounded sample of the input: a few chunks at most, not thousands.
      expect(texts.length, 'HCS messages published for three refused calls').to.be.at.most(3 * calls.length);
      const entries = auditEntriesIn(texts);
      expect(entries).to.have.length(calls.length);
      for (const entry of entries) {
        expect(entry.paramsKind).to.equal('raw');
        expect(JSON.stringify(entry).length).to.be.below(4_096);
      }
      expect(JSON.stringify(entries[0].params)).to.match(/more characters/);
      expect(JSON.stringify(entries[1].params)).to.match(/more items/);
      // Publishing the three entries cost a few message fees, not thousands.
      const spent = operatorBefore - (await tinybarsOf(world.client, world.net.operatorId));
      expect(spent < 1_000_000n, `spent ${spent} tinybars on audit messages`).to.equal(true);
    });
  });
});
