import { expect } from 'chai';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey, TopicCreateTransaction } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import type { AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { toJson } from '../../../src/lifecycle/to-json.js';
import { keyLeaks, keyText, splitInTwo, WHOLE_ENCODINGS } from '../../support/key-encodings.js';
import { readTopicMessages } from '../../support/mirror-messages.js';
import { auditEntriesIn, startAdversarialWorld, type AdversarialWorld } from './adversarial-world.js';

/**
 * An audited session in which a hostile LLM pushes private keys through every opening it has. The
 * raw key bytes may appear nowhere: not in results, error messages, log lines, the journal or HCS.
 */
describe('adversarial private keys in an audited session', () => {
  let world: AdversarialWorld;
  let journalDir: string;
  /** Raw key bytes that were sent in DER form: they must appear nowhere. */
  const derSecrets: string[] = [];
  /** Raw key bytes sent bare where an amount belongs: indistinguishable from a hash in params, but never echoed back. */
  const bareSecrets: string[] = [];
  const places: Record<string, string> = {};

  before(async () => {
    world = await startAdversarialWorld();
    journalDir = mkdtempSync(join(tmpdir(), 'advrev-keys-'));
    const receipt = await (await new TopicCreateTransaction().execute(world.client)).getReceipt(world.client);
    const auditTopic = receipt.topicId!.toString();
    const lines: string[] = [];
    const record = (fields: Record<string, unknown>, message: string) => { lines.push(`${message} ${toJson(fields)}`); };
    const logger: Logger = { debug: record, warn: record, error: record };
    const kit = await world.kitWith({ logger, context: { hooks: [new HcsAuditTrailHook(['*'], auditTopic, undefined, { journalDir })] } });

    const ed = () => { const key = PrivateKey.generateED25519(); derSecrets.push(key.toStringRaw()); return key.toStringDer(); };
    const ec = () => { const key = PrivateKey.generateECDSA(); derSecrets.push(key.toStringRaw()); return key.toStringDer(); };
    const bare = () => { const key = PrivateKey.generateED25519(); bareSecrets.push(key.toStringRaw()); return key.toStringRaw(); };
    const results: unknown[] = [];
    const call = async (tool: string, args: Record<string, unknown>) => {
      const result = await kit.execute(tool, args);
      results.push(result);
      return result;
    };

    const created = await call('create_account_tool', { publicKey: PrivateKey.generateED25519().publicKey.toStringDer(), initialBalance: 1 });
    expect(created.raw.status, created.humanMessage).to.equal('SUCCESS');
    const recipient = String(created.raw.accountId);
    const topic = await call('create_topic_tool', { isSubmitKey: true });
    const token = await call('create_fungible_token_tool', { tokenName: 'Lead', tokenSymbol: 'PB', isSupplyKey: true });

    const refused = [
      await call('create_account_tool', { publicKey: ` ${ed()}` }),
      await call('create_account_tool', { publicKey: `\n${ec()}` }),
      await call('update_topic_tool', { topicId: topic.raw.topicId, submitKey: `\t${ed()}` }),
      await call('update_token_tool', { tokenId: token.raw.tokenId, supplyKey: `  ${ec()}` }),
      await call('create_account_tool', { accountMemo: `backup ${ed()}`, initialBalance: -1 }),
      await call('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: ed() }] }),
      await call('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: `-${ec()}` }] }),
      await call('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: bare() }] }),
      await call('get_account_query_tool', { accountId: ` ${ed()}` }),
    ];
    for (const result of refused) expect(result.raw.errorCode, result.humanMessage).to.equal('E_INVALID_PARAMS');

    const [status] = await kit.audit.flush(10_000);
    expect(status!.undelivered).to.equal(0);
    await kit.close();

    const topicTexts = await readTopicMessages(world.net.mirrorUrl, auditTopic);
    const entries = auditEntriesIn(topicTexts);
    expect(entries.length).to.be.at.least(refused.length + 3);
    places.results = toJson(results);
    places.logs = lines.join('\n');
    places.journal = readdirSync(journalDir).map((file) => readFileSync(join(journalDir, file), 'utf8')).join('\n');
    places.hcsMessages = topicTexts.join('\n');
    places.hcsEntries = toJson(entries);
  });

  after(async () => {
    await world.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  function leaked(secrets: readonly string[], where: string): string[] {
    expect(places[where].length, `${where} is not empty`).to.be.greaterThan(0);
    const text = places[where].toLowerCase();
    return secrets.filter((secret) => text.includes(secret.toLowerCase()));
  }

  describe('when keys arrive padded, embedded in text or in the wrong field', () => {
    it('no tool result or error message carries the key bytes', () => {
      expect(leaked([...derSecrets, ...bareSecrets], 'results')).to.deep.equal([]);
    });

    it('no log line carries them', () => {
      expect(leaked([...derSecrets, ...bareSecrets], 'logs')).to.deep.equal([]);
    });

    it('the audit journal holds none of the DER-sent keys', () => {
      expect(leaked(derSecrets, 'journal')).to.deep.equal([]);
    });

    it('the HCS audit messages hold none of them, and the entries say where something was redacted', () => {
      expect(leaked(derSecrets, 'hcsMessages')).to.deep.equal([]);
      expect(leaked(derSecrets, 'hcsEntries')).to.deep.equal([]);
      expect(places.hcsEntries).to.contain('[REDACTED]');
    });

    it('no audit error message echoes a bare key either', () => {
      const messages = JSON.parse(places.hcsEntries).map((entry: { error?: { message?: string } }) => entry.error?.message ?? '').join('\n');
      expect(messages).to.contain('transfers[0].amount');
      expect(bareSecrets.filter((secret) => messages.toLowerCase().includes(secret))).to.deep.equal([]);
    });
  });
});

/**
 * The same session, but the hostile LLM has the operator's own key and sends it in every encoding
 * (raw, `0x…`, upper-case, base64 of raw or DER), in pieces and split across two fields, through
 * free text, IDs, amounts and keys. The kit knows the key (as an application that built the client
 * from it tells it), so not one piece of it may reach a result, a log line, the journal or HCS.
 */
describe("adversarial operator's own key in an audited session", () => {
  let world: AdversarialWorld;
  let journalDir: string;
  const places: Record<string, string> = {};

  before(async () => {
    world = await startAdversarialWorld();
    journalDir = mkdtempSync(join(tmpdir(), 'advrev-own-key-'));
    const key = world.net.operatorKey;
    const receipt = await (await new TopicCreateTransaction().execute(world.client)).getReceipt(world.client);
    const auditTopic = receipt.topicId!.toString();
    const topic = String((await world.kit.execute('create_topic_tool', {})).raw.topicId);
    const lines: string[] = [];
    const record = (fields: Record<string, unknown>, message: string) => { lines.push(`${message} ${toJson(fields)}`); };
    const logger: Logger = { debug: record, warn: record, error: record };
    const options = { logger, secretKeys: [key], context: { hooks: [new HcsAuditTrailHook(['*'], auditTopic, undefined, { journalDir })] } };
    const kit = await world.kitWith(options as Partial<AgentKitOptions>);

    const results: unknown[] = [];
    const holes: ((text: string) => [string, Record<string, unknown>])[] = [
      (text) => ['transfer_hbar_tool', { transfers: [{ accountId: world.net.operatorId, amount: 1 }], transactionMemo: text }],
      (text) => ['transfer_hbar_tool', { transfers: [{ accountId: text, amount: 1 }] }],
      (text) => ['transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: text }] }],
      (text) => ['create_account_tool', { publicKey: text }],
      (text) => ['submit_topic_message_tool', { topicId: topic, message: text }],
      (text) => ['create_fungible_token_tool', { tokenName: text, tokenSymbol: 'K' }],
      (text) => ['get_account_query_tool', { accountId: text }],
    ];
    await fc.assert(fc.asyncProperty(fc.constantFrom(...holes), keyText(key, { pieces: true }), async (hole, sent) => {
      const [tool, args] = hole(sent.placed);
      const result = await kit.execute(tool, args);
      results.push(result);
      expect(result.raw.errorCode, `${tool} ${sent.encoding} (${sent.position})`).to.equal('E_INVALID_PARAMS');
    }), { numRuns: 80 });
    for (const encoding of Object.keys(WHOLE_ENCODINGS)) {
      const [first, second] = splitInTwo(WHOLE_ENCODINGS[encoding]!(key));
      const result = await kit.execute('submit_topic_message_tool', { topicId: topic, message: first, transactionMemo: second });
      results.push(result);
      expect(result.raw.errorCode, `${encoding} split in two`).to.equal('E_INVALID_PARAMS');
    }

    const [status] = await kit.audit.flush(20_000);
    expect(status!.undelivered).to.equal(0);
    await kit.close();
    const topicTexts = await readTopicMessages(world.net.mirrorUrl, auditTopic);
    expect(auditEntriesIn(topicTexts).length).to.be.at.least(80);
    places.results = toJson(results);
    places.logs = lines.join('\n');
    places.journal = readdirSync(journalDir).map((file) => readFileSync(join(journalDir, file), 'utf8')).join('\n');
    places.hcsMessages = topicTexts.join('\n');
    places.hcsEntries = toJson(auditEntriesIn(topicTexts));
  });

  after(async () => {
    await world.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  for (const where of ['results', 'logs', 'journal', 'hcsMessages', 'hcsEntries']) {
    it(`leaves no piece of the key in ${where}`, () => {
      expect(keyLeaks(places[where]!, world.net.operatorKey)).to.deep.equal([]);
    });
  }
});
