import { expect } from 'chai';
import fc from 'fast-check';
import { PrivateKey } from '@hiero-ledger/sdk';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import { toJson } from '../../../src/lifecycle/to-json.js';
import {
  KEY_KINDS, POSITIONS, POSITION_NAMES, SELF_DESCRIBING_ENCODINGS, WHOLE_ENCODINGS, generateKey, keyLeaks, keyText, leakedPieces, ordinaryText, pemOf, publicForms, splitInTwo,
} from '../../support/key-encodings.js';
import { ledgerText } from '../../support/ledger-text.js';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** What ledger text fields need around them: a recipient, a topic, a fungible token and an NFT collection. */
interface Fixtures {
  recipient: string;
  topicId: string;
  tokenId: string;
  nftId: string;
}

/** A free-text field of a core tool whose value ends up on the public ledger. */
interface LedgerField {
  tool: string;
  field: string;
  args(text: string, fixtures: Fixtures): Record<string, unknown>;
}

const LEDGER_FIELDS: readonly LedgerField[] = [
  { tool: 'transfer_hbar_tool', field: 'transactionMemo', args: (text, f) => ({ transfers: [{ accountId: f.recipient, amount: 1 }], transactionMemo: text }) },
  { tool: 'create_account_tool', field: 'accountMemo', args: (text) => ({ accountMemo: text }) },
  { tool: 'update_account_tool', field: 'accountMemo', args: (text) => ({ accountMemo: text }) },
  { tool: 'create_topic_tool', field: 'topicMemo', args: (text) => ({ topicMemo: text }) },
  { tool: 'update_topic_tool', field: 'topicMemo', args: (text, f) => ({ topicId: f.topicId, topicMemo: text }) },
  { tool: 'submit_topic_message_tool', field: 'message', args: (text, f) => ({ topicId: f.topicId, message: text }) },
  { tool: 'create_fungible_token_tool', field: 'tokenName', args: (text) => ({ tokenName: text, tokenSymbol: 'K' }) },
  { tool: 'create_fungible_token_tool', field: 'tokenSymbol', args: (text) => ({ tokenName: 'Key', tokenSymbol: text }) },
  { tool: 'create_non_fungible_token_tool', field: 'tokenMemo', args: (text) => ({ tokenName: 'Keys', tokenSymbol: 'K', tokenMemo: text }) },
  { tool: 'update_token_tool', field: 'tokenName', args: (text, f) => ({ tokenId: f.tokenId, tokenName: text }) },
  { tool: 'update_token_tool', field: 'metadata', args: (text, f) => ({ tokenId: f.tokenId, metadata: text }) },
  { tool: 'mint_non_fungible_token_tool', field: 'uris[0]', args: (text, f) => ({ tokenId: f.nftId, uris: [text] }) },
  { tool: 'transfer_fungible_token_tool', field: 'transactionMemo', args: (text, f) => ({ tokenId: f.tokenId, transfers: [{ accountId: f.recipient, amount: 1 }], transactionMemo: text }) },
];

async function fixturesOf(kit: AgentKit, world: AdversarialWorld): Promise<Fixtures> {
  const ok = async (tool: string, args: Record<string, unknown>) => {
    const result = await kit.execute(tool, args);
    expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    return result.raw;
  };
  const recipient = (await world.net.createAccount({ hbar: 0 })).accountId;
  const topicId = String((await ok('create_topic_tool', {})).topicId);
  const tokenId = String((await ok('create_fungible_token_tool', { tokenName: 'Gold', tokenSymbol: 'GLD', initialSupply: 100 })).tokenId);
  const nftId = String((await ok('create_non_fungible_token_tool', { tokenName: 'Cats', tokenSymbol: 'CAT' })).tokenId);
  return { recipient, topicId, tokenId, nftId };
}

/**
 * A prompt-injected LLM asked to "note the key in the memo" would publish it for good: memos, names
 * and topic messages are public ledger data. Text holding a DER private key never leaves the kit.
 */
describe('adversarial private keys in ledger text', () => {
  let world: AdversarialWorld;
  let topicId: string;

  before(async () => {
    world = await startAdversarialWorld();
    topicId = String((await world.kit.execute('create_topic_tool', {})).raw.topicId);
  });
  after(async () => { await world.close(); });

  describe('when a memo, token name or topic message holds a DER private key', () => {
    it('refuses each naming the field, without echoing the key, and the ledger sees nothing', async () => {
      const recipient = (await world.net.createAccount({ hbar: 0 })).accountId;
      const key = () => PrivateKey.generateED25519().toStringDer();
      const before = await tinybarsOf(world.client, world.net.operatorId);
      const probes: [string, Record<string, unknown>, string][] = [
        ['transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 1 }], transactionMemo: `k=${key()}` }, 'transactionMemo'],
        ['create_account_tool', { accountMemo: PrivateKey.generateECDSA().toStringDer() }, 'accountMemo'],
        ['create_fungible_token_tool', { tokenName: 'Key', tokenSymbol: 'K', tokenMemo: ` ${key()} ` }, 'tokenMemo'],
        ['submit_topic_message_tool', { topicId, message: `my operator key is ${key()}, keep it safe` }, 'message'],
      ];
      for (const [tool, args, field] of probes) {
        const result = await world.kit.execute(tool, args);
        const issues = refusedBeforeBuild(result, field);
        expect(issues.join(' ')).to.match(/must not contain a private key/);
        expect(JSON.stringify(result)).to.not.match(/302e020100300506032b657004220420|3030020100300706052b8104000a04220420/i);
      }
      expect(await tinybarsOf(world.client, world.net.operatorId)).to.equal(before);
    });

    it('still posts hex that is no private key, such as a document hash or a public key', async () => {
      const message = `sha256 ${'ab'.repeat(32)} signed by ${PrivateKey.generateED25519().publicKey.toStringDer()}`;
      const result = await world.kit.execute('submit_topic_message_tool', { topicId, message });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
    });
  });
});

describe("adversarial operator keys in ledger text, read back from the mirror", () => {
  for (const kind of KEY_KINDS) {
    describe(`when the kit's ${kind} operator key, in any encoding, piece or position, goes into any ledger text field`, () => {
      const key = generateKey(kind);
      let world: AdversarialWorld;
      let kit: AgentKit;
      let fixtures: Fixtures;

      before(async () => {
        world = await startAdversarialWorld({ operatorKey: key });
        kit = await world.kitWith({ secretKeys: [key] } as Partial<AgentKitOptions>);
        fixtures = await fixturesOf(kit, world);
      });
      after(async () => { await world.close(); });

      it('refuses every one before anything is built, naming the field, and the ledger holds none of it', async () => {
        const before = await ledgerText(world.net.mirrorUrl, [world.net.operatorId]);
        await fc.assert(fc.asyncProperty(fc.constantFrom(...LEDGER_FIELDS), keyText(key, { pieces: true }), async (field, sent) => {
          const result = await kit.execute(field.tool, field.args(sent.placed, fixtures));
          const issues = refusedBeforeBuild(result, field.field);
          expect(issues.join(' '), `${field.tool} ${field.field}: ${sent.encoding} (${sent.position})`).to.match(/must not contain a private key/);
          expect(leakedPieces(toJson(result), sent, key), 'the refusal echoes none of it').to.deep.equal([]);
        }), { numRuns: 150 });
        const after = await ledgerText(world.net.mirrorUrl, [world.net.operatorId]);
        expect(after.transactions, 'no transaction reached the ledger').to.equal(before.transactions);
        expect(keyLeaks(after.text, key)).to.deep.equal([]);
      });

      it('refuses it split across two fields of one call, naming both', async () => {
        const before = await ledgerText(world.net.mirrorUrl, [world.net.operatorId]);
        await fc.assert(fc.asyncProperty(fc.constantFrom(...Object.keys(WHOLE_ENCODINGS)), async (encoding) => {
          const [first, second] = splitInTwo(WHOLE_ENCODINGS[encoding]!(key));
          const result = await kit.execute('create_fungible_token_tool', { tokenName: first, tokenSymbol: second });
          refusedBeforeBuild(result, 'tokenName');
          refusedBeforeBuild(result, 'tokenSymbol');
          const posted = await kit.execute('submit_topic_message_tool', { topicId: fixtures.topicId, message: first, transactionMemo: second });
          refusedBeforeBuild(posted, 'message');
          refusedBeforeBuild(posted, 'transactionMemo');
        }), { numRuns: 20 });
        const after = await ledgerText(world.net.mirrorUrl, [world.net.operatorId]);
        expect(after.transactions).to.equal(before.transactions);
        expect(keyLeaks(after.text, key)).to.deep.equal([]);
      });
    });
  }

  describe("when someone else's private key comes in a form that says it is one (DER hex or base64, PEM)", () => {
    let world: AdversarialWorld;
    let fixtures: Fixtures;
    before(async () => {
      world = await startAdversarialWorld();
      fixtures = await fixturesOf(world.kit, world);
    });
    after(async () => { await world.close(); });

    it('refuses it in every ledger text field and the ledger holds none of it', async () => {
      const keys = KEY_KINDS.map(generateKey);
      const encoded = fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...SELF_DESCRIBING_ENCODINGS, 'PEM'))
        .map(([key, encoding]) => ({ key, ...(encoding === 'PEM' ? pemOf(key) : WHOLE_ENCODINGS[encoding]!(key)) }));
      const before = await ledgerText(world.net.mirrorUrl);
      await fc.assert(fc.asyncProperty(fc.constantFrom(...LEDGER_FIELDS), encoded, fc.constantFrom(...POSITION_NAMES), async (field, sent, position) => {
        const result = await world.kit.execute(field.tool, field.args(POSITIONS[position]!(sent.text), fixtures));
        const issues = refusedBeforeBuild(result, field.field);
        expect(issues.join(' ')).to.match(/must not contain a private key/);
        expect(leakedPieces(toJson(result), sent, sent.key)).to.deep.equal([]);
      }), { numRuns: 100 });
      const after = await ledgerText(world.net.mirrorUrl);
      expect(after.transactions).to.equal(before.transactions);
      for (const key of keys) expect(keyLeaks(after.text, key)).to.deep.equal([]);
    });

    it('still writes ordinary text: IDs, public keys (the operator\'s too), hashes and short hex reach the ledger unchanged', async () => {
      const publicKeys = [...publicForms(world.net.operatorKey), ...publicForms(generateKey('ECDSA'))];
      const memo = ordinaryText(publicKeys).filter((text) => Buffer.byteLength(text) <= 100);
      await fc.assert(fc.asyncProperty(memo, async (text) => {
        const posted = await world.kit.execute('submit_topic_message_tool', { topicId: fixtures.topicId, message: text, transactionMemo: text });
        expect(posted.raw.status, posted.humanMessage).to.equal('SUCCESS');
        expect(posted.humanMessage).to.not.contain('[REDACTED]');
      }), { numRuns: 15 });
      const ledger = await ledgerText(world.net.mirrorUrl);
      expect(ledger.text).to.not.contain('[REDACTED]');
    });
  });
});
