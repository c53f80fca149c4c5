import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { verifyAuditTopic } from '../../../src/audit/verify/verify-audit-topic.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { auditEntries, entriesIn, readTopicMessages } from '../../support/mirror-messages.js';

const CALLS = 16;
/**
 * Injected into every gRPC call of the devnet, so each audited transfer (submit, then receipt) takes
 * a little over 200 ms, as a transfer does for an agent far from its node: the pace at which a lone
 * caller's entries used to go out two or three to a message.
 */
const ROUND_TRIP_MS = 100;

describe('audit delivery for one caller making calls one after another', function () {
  this.timeout(120_000);
  let net: Devnet;
  let client: Client;
  let journalDir: string;

  beforeEach(async () => {
    net = await startDevnet();
    client = net.client();
    journalDir = mkdtempSync(join(tmpdir(), 'audit-sequential-'));
  });

  afterEach(async () => {
    await net.stop();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe(`when an agent makes ${CALLS} transfers in a row with the hook's default options`, () => {
    it('puts every call on the topic exactly once, at most one HCS message per four calls, and audit verify passes', async () => {
      const topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      net.faults.inject({ rpc: '*', latencyMs: ROUND_TRIP_MS });
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], topicId, undefined, { journalDir });
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [hook] } });
      for (let k = 0; k < CALLS; k++) {
        const result = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1, memo: `call-${k}` });
        expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      }
      // close() flushes what still lingers, as an agent's shutdown does.
      await kit.close();
      const [status] = kit.audit.pending();
      expect(status!.undelivered).to.equal(0);
      net.faults.clear();

      const texts = await readTopicMessages(net.mirrorUrl, topicId);
      const memos = auditEntries(texts).map((entry) => entry.params.memo);
      expect(memos).to.deep.equal(Array.from({ length: CALLS }, (_, k) => `call-${k}`));
      // Counted on the topic: each message is one HCS transaction the operator paid for.
      expect(texts.every((text) => entriesIn(text).length > 0), 'every message carries whole entries').to.equal(true);
      expect(texts.length, `${texts.length} messages for ${CALLS} calls: ${texts.map((text) => entriesIn(text).length).join(', ')} entries each`).to.be.at.most(CALLS / 4);
      expect((await verifyAuditTopic({ mirrorUrl: net.mirrorUrl, topicId, journalDir })).problems).to.deep.equal([]);
    });
  });
});
