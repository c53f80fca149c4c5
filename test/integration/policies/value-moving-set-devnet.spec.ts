import { expect } from 'chai';
import { AccountBalanceQuery, AccountInfoQuery, Hbar, ScheduleCreateTransaction, ScheduleInfoQuery, TransferTransaction, type Client, type PrivateKey } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';

const HBAR = 100_000_000n;
const DAY = 86_400_000;

/**
 * A third-party plugin tool as the Hedera Agent Kit's docs allow it: a plain Tool object with no
 * `toolType`, that pays HBAR from the operator. It declares neither "query" nor "moves no value".
 */
const tipTool = {
  method: 'tip_tool',
  name: 'Tip',
  description: 'Sends a tip in HBAR from the operator to one account.',
  parameters: z.object({ accountId: z.string(), hbar: z.number().positive() }).strict(),
  execute: async (client: Client, _context: unknown, params: { accountId: string; hbar: number }) => {
    const response = await new TransferTransaction()
      .addHbarTransfer(client.operatorAccountId!, new Hbar(-params.hbar))
      .addHbarTransfer(params.accountId, new Hbar(params.hbar))
      .execute(client);
    const receipt = await response.getReceipt(client);
    return { raw: { status: receipt.status.toString(), transactionId: response.transactionId.toString() }, humanMessage: 'Tip sent.' };
  },
};
const tipPlugin = { name: 'tips', version: '1.0.0', description: 'Tips', tools: () => [tipTool] };

describe('one set of value-moving tools for the pause and every value policy (devnet)', function () {
  this.timeout(120_000);
  let net: Devnet;
  let payer: { accountId: string; key: PrivateKey; client: Client };
  let kits: AgentKit[];

  beforeEach(async () => {
    net = await startDevnet();
    const account = await net.createAccount({ hbar: 1_000 });
    payer = { accountId: account.accountId, key: account.privateKey, client: createDevnetClient(net.grpcAddress, account.accountId, account.privateKey) };
    kits = [];
  });
  afterEach(async () => {
    for (const kit of kits) await kit.close();
    payer.client.close();
    await net.stop();
  });

  const tinybarsOf = async (accountId: string) => BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(payer.client)).hbars.toTinybars().toString());
  const isDeleted = async (accountId: string) => (await new AccountInfoQuery().setAccountId(accountId).execute(payer.client).then((info) => info.isDeleted, (error: Error) => /ACCOUNT_DELETED/.test(error.message)));

  async function agent(options: Omit<Parameters<typeof createAgentKit>[0], 'client'>): Promise<AgentKit> {
    const kit = await createAgentKit({ client: payer.client, mirrorNodeUrl: net.mirrorUrl, ...options });
    kits.push(kit);
    return kit;
  }

  describe('an agent told to stay within 50 HBAR a day that opens a new account funded with 200 HBAR', () => {
    it('is blocked by a SpendLimitPolicy with default tools before anything is sent: no account, the payer keeps its HBAR', async () => {
      const policy = new SpendLimitPolicy({ hbar: 50, windowMs: DAY });
      const kit = await agent({ context: { hooks: [policy] } });
      const before = await tinybarsOf(payer.accountId);

      const result = await kit.execute('create_account_tool', { initialBalance: 200 });

      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.include({ policy: 'Spend Limit Policy', stage: 'postParamsNormalization' });
      expect(result.raw.blockedBy!.reason).to.match(/this call moves 200 HBAR, more than the whole budget$/);
      expect(result.raw.transactionId).to.equal(undefined);
      expect(await tinybarsOf(payer.accountId)).to.equal(before);
      expect(await policy.usage(payer.accountId)).to.deep.equal({ committed: 0n, pending: 0n });
    });

    it('lets one within budget through and counts its initial balance, so the next one over the rest is blocked', async () => {
      const policy = new SpendLimitPolicy({ hbar: 50, windowMs: DAY });
      const kit = await agent({ context: { hooks: [policy] } });

      const created = await kit.execute('create_account_tool', { initialBalance: 30 });
      expect(created.raw.status, created.humanMessage).to.equal('SUCCESS');
      const newAccount = String((created.raw as { accountId?: unknown }).accountId);
      expect(await tinybarsOf(newAccount)).to.equal(30n * HBAR);
      expect(await policy.usage(payer.accountId)).to.deep.equal({ committed: 30n * HBAR, pending: 0n });

      const next = await kit.execute('create_account_tool', { initialBalance: 25 });
      expect(next.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(next.raw.blockedBy!.reason).to.match(/this call moves 25 HBAR, but 30 HBAR is spent or reserved in the window, 20 HBAR left/);
    });
  });

  describe('an agent that empties an account into another by deleting it', () => {
    it('counts the deleted account\'s whole balance, read on the ledger, against that account\'s budget', async () => {
      // The account to delete answers to the payer's key, so the kit's own signature deletes it.
      const doomed = (await net.createAccount({ hbar: 20, key: payer.key })).accountId;
      const sink = (await net.createAccount({ hbar: 1 })).accountId;
      const policy = new SpendLimitPolicy({ hbar: 50, windowMs: DAY });
      const kit = await agent({ context: { hooks: [policy] } });
      const sinkBefore = await tinybarsOf(sink);

      const deleted = await kit.execute('delete_account_tool', { accountId: doomed, transferAccountId: sink });

      expect(deleted.raw.status, deleted.humanMessage).to.equal('SUCCESS');
      expect(await isDeleted(doomed)).to.equal(true);
      // What arrived on the ledger is what the budget counted: the whole 20 HBAR balance.
      expect((await tinybarsOf(sink)) - sinkBefore).to.equal(20n * HBAR);
      expect(await policy.usage(doomed)).to.deep.equal({ committed: 20n * HBAR, pending: 0n });
    });

    it('refuses a deletion whose balance is over the budget, and the account keeps its HBAR', async () => {
      const doomed = (await net.createAccount({ hbar: 80, key: payer.key })).accountId;
      const kit = await agent({ context: { hooks: [new SpendLimitPolicy({ hbar: 50, windowMs: DAY })] } });

      const result = await kit.execute('delete_account_tool', { accountId: doomed, transferAccountId: payer.accountId });

      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy!.reason).to.match(new RegExp(`${doomed.replace(/\./g, '\\.')} may spend 50 HBAR per 24 h; this call moves 80 HBAR, more than the whole budget$`));
      expect(await isDeleted(doomed)).to.equal(false);
      expect(await tinybarsOf(doomed)).to.equal(80n * HBAR);
    });

    it('refuses, naming the tool, a deletion of an account whose balance the ledger cannot tell', async () => {
      const kit = await agent({ context: { hooks: [new SpendLimitPolicy({ hbar: 50, windowMs: DAY })] } });
      const result = await kit.execute('delete_account_tool', { accountId: '0.0.987654', transferAccountId: payer.accountId });
      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy!.reason).to.match(/^delete_account_tool moves the whole HBAR balance of 0\.0\.987654, and that balance cannot be read \(AccountBalanceQuery failed: .*INVALID_ACCOUNT_ID.*\), so what the call moves cannot be counted; refused$/);
      expect(result.raw.transactionId).to.equal(undefined);
    });
  });

  describe('someone who schedules a payment out of the agent\'s account and asks the agent to sign it', () => {
    /** A schedule, created and paid by the devnet's operator, of `hbar` HBAR from the agent's payer account to `to`. */
    async function scheduledPayment(to: string, hbar: number): Promise<string> {
      const stranger = net.client();
      const inner = new TransferTransaction().addHbarTransfer(payer.accountId, new Hbar(-hbar)).addHbarTransfer(to, new Hbar(hbar));
      const receipt = await (await new ScheduleCreateTransaction().setScheduledTransaction(inner).execute(stranger)).getReceipt(stranger);
      return receipt.scheduleId!.toString();
    }

    it('has a SpendLimitPolicy with default tools count what the schedule moves: over budget, nothing is signed and nothing runs', async () => {
      const thief = (await net.createAccount({ hbar: 1 })).accountId;
      const policy = new SpendLimitPolicy({ hbar: 50, windowMs: DAY });
      const kit = await agent({ context: { hooks: [policy] } });
      const scheduleId = await scheduledPayment(thief, 200);
      const before = await tinybarsOf(thief);

      const result = await kit.execute('sign_schedule_transaction_tool', { scheduleId });

      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy!.reason).to.match(/this call moves 200 HBAR, more than the whole budget$/);
      expect(await tinybarsOf(thief)).to.equal(before);
      expect((await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(payer.client)).executed).to.equal(null);
    });

    it('lets a signature within budget run the schedule, and counts it', async () => {
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      const policy = new SpendLimitPolicy({ hbar: 50, windowMs: DAY });
      const kit = await agent({ context: { hooks: [policy] } });
      const scheduleId = await scheduledPayment(recipient, 30);
      const before = await tinybarsOf(recipient);

      const result = await kit.execute('sign_schedule_transaction_tool', { scheduleId });

      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect((await tinybarsOf(recipient)) - before).to.equal(30n * HBAR);
      expect(await policy.usage(payer.accountId)).to.deep.equal({ committed: 30n * HBAR, pending: 0n });
    });
  });

  describe('an operator who pauses value-moving calls while a plugin tool without toolType can pay', () => {
    it('stops the plugin tool like a core transfer: nothing is sent, the recipient\'s balance is unchanged', async () => {
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      const kit = await agent({ plugins: [tipPlugin], killSwitch: {} });
      const before = await tinybarsOf(recipient);

      await kit.pause('payments under review', { by: 'alice' });
      const result = await kit.execute('tip_tool', { accountId: recipient, hbar: 5 });

      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.include({ policy: 'Kill Switch', stage: 'preToolExecution' });
      expect(await tinybarsOf(recipient)).to.equal(before);
      // A query still answers: the pause stops value, not reads.
      expect((await kit.execute('get_hbar_balance_query_tool', { accountId: recipient })).raw.status).to.equal('SUCCESS');

      await kit.unpause({ by: 'alice' });
      expect((await kit.execute('tip_tool', { accountId: recipient, hbar: 5 })).raw.status).to.equal('SUCCESS');
      expect((await tinybarsOf(recipient)) - before).to.equal(5n * HBAR);
    });

    it('has a SpendLimitPolicy with default tools refuse the same tool before it runs, since it cannot read what it moves', async () => {
      const recipient = (await net.createAccount({ hbar: 1 })).accountId;
      const kit = await agent({ plugins: [tipPlugin], context: { hooks: [new SpendLimitPolicy({ hbar: 50, windowMs: DAY })] } });
      const before = await tinybarsOf(recipient);
      const result = await kit.execute('tip_tool', { accountId: recipient, hbar: 5 });
      expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.include({ policy: 'Spend Limit Policy', stage: 'preToolExecution' });
      expect(result.raw.blockedBy!.reason).to.match(/^tip_tool is a plain Tool \(execute only\) that does not declare toolType 'query' or movesNoValue: true, so it counts as moving value, and Spend Limit Policy cannot see what it moves/);
      expect(await tinybarsOf(recipient)).to.equal(before);
    });
  });

  describe('an operator who narrows a value policy to transfers', () => {
    it('is warned at start, naming each value-moving tool the list leaves out', async () => {
      const warnings: { fields: Record<string, unknown>; message: string }[] = [];
      const logger: Logger = { debug: () => undefined, error: () => undefined, warn: (fields, message) => void warnings.push({ fields, message }) };
      await agent({ plugins: [tipPlugin], logger, context: { hooks: [new SpendLimitPolicy({ hbar: 50, windowMs: DAY, tools: ['transfer_hbar_tool'] }), new DuplicateIntentPolicy({ windowMs: 60_000 })] } });

      const aboutPolicies = warnings.filter(({ fields }) => fields.policy !== undefined);
      expect(aboutPolicies.map(({ fields }) => fields.policy)).to.deep.equal(['Spend Limit Policy']);
      const [warning] = aboutPolicies;
      expect(warning!.message).to.match(/^Policy "Spend Limit Policy" lists its tools and leaves out these tools, which move value in this kit: /);
      const leftOut = warning!.fields.leftOut as string[];
      for (const tool of ['create_account_tool', 'delete_account_tool', 'sign_schedule_transaction_tool', 'transfer_fungible_token_tool', 'tip_tool']) expect(leftOut).to.include(tool);
      expect(leftOut).not.to.include('transfer_hbar_tool');
      expect(leftOut).not.to.include('create_topic_tool');
      expect(leftOut).not.to.include('get_hbar_balance_query_tool');
    });
  });

});

