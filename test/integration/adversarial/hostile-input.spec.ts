import { expect } from 'chai';
import { PrivateKey } from '@hiero-ledger/sdk';
import { startAdversarialWorld, refusedBeforeBuild, tinybarsOf, type AdversarialWorld } from './adversarial-world.js';

/** One hostile call and the field its refusal must name. */
interface Probe {
  tool: string;
  args: unknown;
  field: string;
}

function nested(depth: number): Record<string, unknown> {
  let inner: Record<string, unknown> = { leaf: 1 };
  for (let level = 0; level < depth; level++) inner = { next: inner };
  return inner;
}

/**
 * Hostile input for every tool family. Each call must be refused as invalid input naming the field,
 * and the devnet must see none of them: the operator pays a fee for any transaction that reaches it,
 * so its balance is the witness.
 */
describe('adversarial input for every tool family', () => {
  let world: AdversarialWorld;
  let recipient: string;
  let tokenId: string;
  let topicId: string;

  before(async () => {
    world = await startAdversarialWorld();
    recipient = (await world.net.createAccount({ hbar: 1 })).accountId;
    const token = await world.kit.execute('create_fungible_token_tool', { tokenName: 'Salt', tokenSymbol: 'NACL', decimals: 2, initialSupply: 10, isSupplyKey: true });
    tokenId = String(token.raw.tokenId);
    topicId = String((await world.kit.execute('create_topic_tool', {})).raw.topicId);
    expect(tokenId).to.match(/^0\.0\.\d+$/);
    expect(topicId).to.match(/^0\.0\.\d+$/);
  });
  after(async () => { await world.close(); });

  const hbar = (amount: unknown, accountId?: string) => ({ transfers: [{ accountId: accountId ?? recipient, amount }] });

  function probes(): Probe[] {
    const badAmounts: unknown[] = [-1, 0, -0, '-0', Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-9, '1.000000001', '0x10', '١', '', ' ', '1,5', '1 000', true, null, [1], {}, '92233720368.54775808', '1e400'];
    const badAccounts = ['0.0.-1', '5', `0x${'0'.repeat(39)}5`, '0.0.٥', '０.０.５', '0.0.00005', '0.0.5-abcde', '0.0.9223372036854775808', '0.0.5.1', '0..5', 'alice.hbar', ''];
    const operator = world.net.operatorId;
    return [
      ...badAmounts.map((amount) => ({ tool: 'transfer_hbar_tool', args: hbar(amount), field: 'transfers[0].amount' })),
      ...badAccounts.map((accountId) => ({ tool: 'transfer_hbar_tool', args: hbar(1, accountId), field: 'transfers[0].accountId' })),
      ...[operator, ` ${operator}`, `${operator}\n`].map((accountId) => ({ tool: 'transfer_hbar_tool', args: hbar(1, accountId), field: 'transfers[0].accountId' })),
      { tool: 'transfer_hbar_tool', args: { ...hbar(1, operator), sourceAccountId: ` ${operator} ` }, field: 'transfers[0].accountId' },
      { tool: 'transfer_hbar_tool', args: { ...hbar(1), tinybars: 5 }, field: 'parameters' },
      { tool: 'transfer_hbar_tool', args: JSON.parse(`{"transfers":[{"accountId":"${recipient}","amount":1}],"__proto__":{"isAdmin":true}}`), field: '__proto__' },
      { tool: 'transfer_hbar_tool', args: { transfers: [{ accountId: recipient, amount: 1, constructor: { prototype: 1 } }] }, field: 'transfers[0].constructor' },
      { tool: 'transfer_hbar_tool', args: { ...hbar(1), deep: nested(40) }, field: 'deep.next.next.next.next.next.next.next.next.next.next.next.next.next.next.next' },
      { tool: 'transfer_hbar_tool', args: { transfers: Array.from({ length: 20_000 }, () => ({ accountId: recipient, amount: 1 })) }, field: 'parameters are too large (more than 10000 values)' },
      { tool: 'transfer_hbar_tool', args: { transfers: Array.from({ length: 10 }, () => ({ accountId: recipient, amount: 1 })) }, field: 'transfers' },
      { tool: 'transfer_hbar_tool', args: { transfers: [] }, field: 'transfers' },
      { tool: 'transfer_hbar_tool', args: { ...hbar(1), transactionMemo: 'é'.repeat(51) }, field: 'transactionMemo' },
      { tool: 'transfer_hbar_tool', args: { ...hbar(1), transactionMemo: 'x'.repeat(1_000_000) }, field: 'transactionMemo' },
      { tool: 'create_account_tool', args: { publicKey: PrivateKey.generateED25519().toStringDer() }, field: 'publicKey' },
      { tool: 'create_account_tool', args: { publicKey: PrivateKey.generateECDSA().toStringDer() }, field: 'publicKey' },
      { tool: 'create_account_tool', args: { publicKey: 'not-a-key' }, field: 'publicKey' },
      { tool: 'create_account_tool', args: { initialBalance: -5 }, field: 'initialBalance' },
      { tool: 'create_account_tool', args: { maxAutomaticTokenAssociations: 1e10 }, field: 'maxAutomaticTokenAssociations' },
      { tool: 'delete_account_tool', args: { accountId: recipient, transferAccountId: ` ${recipient}` }, field: 'transferAccountId' },
      { tool: 'approve_hbar_allowance_tool', args: { spenderAccountId: operator, amount: 1 }, field: 'spenderAccountId' },
      { tool: 'submit_topic_message_tool', args: { topicId, message: '' }, field: 'message' },
      { tool: 'submit_topic_message_tool', args: { topicId, message: 'x'.repeat(20_481) }, field: 'message' },
      { tool: 'submit_topic_message_tool', args: { topicId, message: { text: 'hi' } }, field: 'message' },
      { tool: 'create_topic_tool', args: { topicMemo: 'a\u0000b' }, field: 'topicMemo' },
      { tool: 'update_topic_tool', args: { topicId, adminKey: ` ${PrivateKey.generateED25519().toStringDer()}` }, field: 'adminKey' },
      { tool: 'transfer_fungible_token_tool', args: { tokenId, transfers: [{ accountId: recipient, amount: 0.001 }] }, field: 'transfers[0].amount' },
      { tool: 'transfer_fungible_token_tool', args: { tokenId, transfers: [{ accountId: recipient, amount: '9'.repeat(30) }] }, field: 'transfers[0].amount' },
      { tool: 'airdrop_fungible_token_tool', args: { tokenId, recipients: [{ accountId: recipient, amount: 1 }, { accountId: operator, amount: 1 }] }, field: 'recipients[1].accountId' },
      { tool: 'mint_fungible_token_tool', args: { tokenId, amount: 0 }, field: 'amount' },
      { tool: 'mint_fungible_token_tool', args: { tokenId, amount: '-1' }, field: 'amount' },
      { tool: 'transfer_non_fungible_token_tool', args: { tokenId, recipients: [{ recipientId: recipient, serialNumber: 1 }] }, field: 'tokenId' },
      { tool: 'get_hbar_balance_query_tool', args: { accountId: '0.0.-1' }, field: 'accountId' },
      { tool: 'get_topic_messages_query_tool', args: { topicId, limit: 1e9 }, field: 'limit' },
      { tool: 'get_topic_messages_query_tool', args: { topicId, startTime: 'yesterday' }, field: 'startTime' },
      { tool: 'get_transaction_record_query_tool', args: { transactionId: '0.0.2@1700000000.1/../../accounts' }, field: 'transactionId' },
      { tool: 'get_token_info_query_tool', args: { tokenId: [tokenId] }, field: 'tokenId' },
      { tool: 'get_token_info_query_tool', args: { tokenId: '0.0.9223372036854775807' }, field: 'tokenId' },
      { tool: 'transfer_hbar_tool', args: { transfers: [{ accountId: '0.65536.5', amount: 1 }] }, field: 'transfers[0].accountId' },
    ];
  }

  describe('when each hostile call arrives', () => {
    it('is refused as invalid input naming the field, never a crash or a stack trace, and the ledger charges nothing', async () => {
      const operatorBefore = await tinybarsOf(world.client, world.net.operatorId);
      const recipientBefore = await tinybarsOf(world.client, recipient);
      const unexpected: string[] = [];
      for (const probe of probes()) {
        const result = await world.kit.execute(probe.tool, probe.args as Record<string, unknown>);
        const label = `${probe.tool} ${JSON.stringify(probe.args).slice(0, 100)}`;
        if (probe.field.startsWith('parameters are')) {
          expect(result.raw.issues, label).to.deep.equal([probe.field]);
          continue;
        }
        try {
          refusedBeforeBuild(result, probe.field);
        } catch (error) {
          unexpected.push(`${label}: ${(error as Error).message}`);
        }
      }
      expect(unexpected).to.deep.equal([]);
      expect(await tinybarsOf(world.client, world.net.operatorId), 'no fee was charged: the network saw nothing').to.equal(operatorBefore);
      expect(await tinybarsOf(world.client, recipient)).to.equal(recipientBefore);
    });
  });

  describe('when hostile input goes through run(), the JSON an LLM reads', () => {
    it('answers with parseable JSON naming the field', async () => {
      const text = await world.kit.run('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: '1e-9' }] });
      const parsed = JSON.parse(text) as { raw: { issues: string[] } };
      expect(parsed.raw.issues[0]).to.match(/^transfers\[0\]\.amount: /);
    });
  });
});

describe('adversarial unknown keys', () => {
  let world: AdversarialWorld;

  before(async () => { world = await startAdversarialWorld(); });
  after(async () => { await world.close(); });

  describe('when the input carries a huge key name or thousands of unknown keys', () => {
    it('refuses it naming the parameters in a short answer, not an echo of the input', async () => {
      const transfers = [{ accountId: '0.0.5', amount: 1 }];
      const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, at) => [`extra_${at}`, at]));
      for (const args of [{ transfers, ['k'.repeat(200_000)]: 1 }, { transfers, ...many }]) {
        const result = await world.kit.execute('transfer_hbar_tool', args);
        const issues = refusedBeforeBuild(result, 'parameters');
        expect(issues.join(' ')).to.match(/unknown key/);
        expect(issues.join(' ')).to.contain('accepted keys are transfers, sourceAccountId, transactionMemo');
        expect(JSON.stringify(result).length, 'size of the answer').to.be.below(4_000);
      }
    });
  });

  describe('when a huge value or tool name is refused', () => {
    it('quotes only the start of it', async () => {
      const amount = await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: `-${'9'.repeat(500_000)}x` }] });
      refusedBeforeBuild(amount, 'transfers[0].amount');
      const garbled = await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: '0.0.5', amount: 'one '.repeat(100_000) }] });
      refusedBeforeBuild(garbled, 'transfers[0].amount');
      const tool = await world.kit.execute(`transfer_${'x'.repeat(100_000)}`, {});
      expect(tool.raw.errorCode).to.equal('E_UNKNOWN_TOOL');
      for (const result of [amount, garbled, tool]) expect(JSON.stringify(result).length, 'size of the answer').to.be.below(4_000);
    });
  });
});
