import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccountBalanceQuery, Client as SdkClient, type Client } from '@hiero-ledger/sdk';
import { AbstractPolicy as KitAbstractPolicy, TOOL_TYPE as KIT_TOOL_TYPE } from '@hashgraph/hedera-agent-kit';
import { allCorePlugins, coreAccountPlugin, coreAccountQueryPlugin, coreConsensusPlugin } from '@hashgraph/hedera-agent-kit/plugins';
import { MaxRecipientsPolicy as KitMaxRecipientsPolicy, RejectToolPolicy as KitRejectToolPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../../src/adapters/mcp/mcp-server.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { Plugin } from '../../../src/plugins/plugin-contract.js';

/** The fixture plugins live in the repository (they import the real kit by name), not under dist/. */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/kit-plugins');

const tinybarsOf = async (client: Client, accountId: string): Promise<bigint> =>
  BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(client)).hbars.toTinybars().toString());

describe('the Hedera Agent Kit’s plugins in this kit, unchanged', function () {
  this.timeout(30_000);
  let net: Devnet;
  let client: Client;
  let recipient: string;

  before(async () => {
    net = await startDevnet();
    client = net.client();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });

  after(async () => {
    await net.stop();
  });

  describe('when each of its core plugins is given through `plugins`, with this project’s core plugins off', () => {
    for (const plugin of allCorePlugins) {
      it(`loads ${plugin.name} with every tool and its toolType`, async () => {
        const kit = await createAgentKit({ client, pluginsDir: null, plugins: [plugin as Plugin], mirrorNodeUrl: net.mirrorUrl });
        const expected = plugin.tools({}).map((tool) => ({ method: tool.method, toolType: tool.toolType ?? 'other' }));
        expect(kit.listTools().map(({ method, toolType }) => ({ method, toolType }))).to.deep.equal(expected);
        expect(expected.length).to.be.greaterThan(0);
        await kit.close();
      });
    }
  });

  describe('when a plugins folder holds its plugins in each export form its docs use', () => {
    it('loads a default export, named exports, module.exports and the template’s { plugin, toolNames }', async () => {
      const kit = await createAgentKit({ client, pluginsDir: FIXTURES, mirrorNodeUrl: net.mirrorUrl });
      const methods = kit.listTools().map((tool) => tool.method);
      expect(methods).to.include.members(['create_topic_tool', 'submit_topic_message_tool']); // default export
      expect(methods).to.include.members(['get_hbar_balance_query_tool', 'get_topic_messages_query_tool']); // named exports
      expect(methods).to.include.members(['get_token_info_query_tool']); // module.exports
      expect(methods).to.include.members(['tip_jar_tool', 'echo_note_tool']); // { plugin, toolNames }
      expect(kit.listTools().find((tool) => tool.method === 'tip_jar_tool')?.outputParser).to.be.a('function');
      await kit.close();
    });
  });

  describe('when a plugins folder re-exports all of its core plugins from one module', () => {
    it('loads the ten of them, every tool once', async () => {
      const kit = await createAgentKit({ client, pluginsDir: path.join(FIXTURES, '../kit-plugins-all'), mirrorNodeUrl: net.mirrorUrl });
      const expected = allCorePlugins.flatMap((plugin) => plugin.tools({}).map((tool) => tool.method));
      expect(kit.listTools().map((tool) => tool.plugin).filter((name, at, all) => all.indexOf(name) === at)).to.have.length(allCorePlugins.length);
      expect(kit.listTools().map((tool) => tool.method).sort()).to.deep.equal([...expected].sort());
      await kit.close();
    });
  });

  describe('when its token, account and topic tools run one after another', () => {
    it('executes each on the ledger with its own result fields and messages', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: allCorePlugins as Plugin[], mirrorNodeUrl: net.mirrorUrl });
      const succeed = async (method: string, args: unknown) => {
        const result = await kit.execute(method, args);
        expect(result.raw.status, `${method}: ${result.humanMessage}`).to.equal('SUCCESS');
        return result;
      };
      const token = await succeed('create_fungible_token_tool', { tokenName: 'Copper', tokenSymbol: 'CU', initialSupply: 1000, decimals: 2 });
      expect(token.raw.tokenId).to.match(/^0\.0\.\d+$/);
      await succeed('airdrop_fungible_token_tool', { tokenId: token.raw.tokenId, recipients: [{ accountId: recipient, amount: 1 }] });
      const pending = await succeed('get_pending_airdrop_tool', { accountId: recipient });
      expect(pending.humanMessage).to.contain('1.00 **CU**');
      const account = await succeed('create_account_tool', { initialBalance: 1 });
      expect(account.raw.accountId).to.match(/^0\.0\.\d+$/);
      await succeed('approve_hbar_allowance_tool', { spenderAccountId: recipient, amount: 1 });
      const topic = await succeed('create_topic_tool', { topicMemo: 'compat', adminKey: true });
      await succeed('submit_topic_message_tool', { topicId: topic.raw.topicId, message: 'hello' });
      await succeed('update_topic_tool', { topicId: topic.raw.topicId, topicMemo: 'renamed' });
      const info = await succeed('get_topic_info_query_tool', { topicId: topic.raw.topicId });
      expect(JSON.stringify(info.raw)).to.contain('renamed');
      await succeed('delete_topic_tool', { topicId: topic.raw.topicId });
      await kit.close();
    });
  });

  describe('when an MCP client drives its tools through this kit', () => {
    it('lists them with JSON Schemas of their zod 3 schemas and runs a call on the ledger', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreConsensusPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl });
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await createMcpServer(kit).connect(serverSide);
      const mcp = new McpClient({ name: 'compat-spec', version: '1.0.0' });
      await mcp.connect(clientSide);
      try {
        const { tools } = await mcp.listTools();
        const submit = tools.find((tool) => tool.name === 'submit_topic_message_tool')!;
        expect(submit.inputSchema.type).to.equal('object');
        expect(submit.inputSchema.required).to.include.members(['topicId', 'message']);
        const created = await mcp.callTool({ name: 'create_topic_tool', arguments: { topicMemo: 'over mcp' } });
        const text = (created.content as { type: string; text: string }[])[0]!.text;
        expect(created.isError ?? false, text).to.equal(false);
        expect(text).to.match(/0\.0\.\d+/);
      } finally {
        await mcp.close();
        await kit.close();
      }
    });
  });

  describe('when its transaction tool runs', () => {
    it('goes through every stage of this lifecycle, moves the HBAR, and keeps its own message', async () => {
      const seen: string[] = [];
      const hook = {
        name: 'stage recorder',
        relevantTools: ['*'],
        async preToolExecutionHook(params: { toolType: string }, method: string) { seen.push(`pre ${method} ${params.toolType}`); },
        async postParamsNormalizationHook() { seen.push('norm'); },
        async postCoreActionHook() { seen.push('core'); },
        async postToolExecutionHook() { seen.push('post'); },
      };
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin as Plugin], context: { hooks: [hook] } });
      const published: string[] = [];
      for (const stage of ['preToolExecution', 'postParamsNormalization', 'postCoreAction', 'postToolExecution'] as const) kit.on(stage, () => published.push(stage));
      const before = await tinybarsOf(client, recipient);
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.5 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(result.raw.transactionId).to.be.a('string').and.match(/^0\.0\.\d+@/);
      expect(result.humanMessage).to.contain('HBAR successfully transferred').and.contain(String(result.raw.transactionId));
      expect(await tinybarsOf(client, recipient)).to.equal(before + 50_000_000n);
      expect(seen).to.deep.equal(['pre transfer_hbar_tool transaction', 'norm', 'core', 'post']);
      expect(published).to.deep.equal(['preToolExecution', 'postParamsNormalization', 'postCoreAction', 'postToolExecution']);
      await kit.close();
    });

    it('reports a ledger failure with its Hedera status and transaction ID', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin as Plugin] });
      // From an account whose key the operator does not hold: the ledger refuses at consensus.
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: net.operatorId, amount: 1 }], sourceAccountId: recipient });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('INVALID_SIGNATURE');
      expect(result.raw.transactionId).to.be.a('string').and.match(/^0\.0\.\d+@/);
      await kit.close();
    });

    it('hands the transaction to context.transactionStrategy in CUSTOM_EXECUTE_TX mode, as the real kit does', async () => {
      const handled: string[] = [];
      const transactionStrategy = {
        async handle(transaction: { execute(c: Client): Promise<{ getReceipt(c: Client): Promise<{ status: unknown }> }>; transactionId: unknown }, signer: Client) {
          handled.push(transaction.constructor.name);
          const receipt = await (await transaction.execute(signer)).getReceipt(signer);
          return { raw: { status: String(receipt.status), transactionId: String(transaction.transactionId) }, humanMessage: 'approved and sent' };
        },
      };
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin as Plugin], context: { mode: 'customExecuteTx' as never, transactionStrategy } });
      const before = await tinybarsOf(client, recipient);
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.2 }] });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(handled).to.deep.equal(['TransferTransaction']);
      expect(await tinybarsOf(client, recipient)).to.equal(before + 20_000_000n);
      await kit.close();
    });

    it('returns bytes, unsent, in RETURN_BYTES mode', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreConsensusPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl, context: { mode: 'returnBytes' as never, accountId: net.operatorId } });
      const result = await kit.execute('create_topic_tool', { topicMemo: 'drafted' });
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(result.raw.bytes).to.be.instanceOf(Uint8Array);
      expect(result.raw.submitted).to.equal(false);
      await kit.close();
    });
  });

  describe('when its query tool runs', () => {
    it('returns its own { raw, humanMessage } with raw.status SUCCESS, reading the mirror node the kit was given', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountQueryPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl });
      const result = await kit.execute('get_hbar_balance_query_tool', { accountId: recipient });
      const tinybars = await tinybarsOf(client, recipient);
      expect(result.raw).to.deep.equal({ accountId: recipient, hbarBalance: String(Number(tinybars) / 1e8), status: 'SUCCESS' });
      expect(result.humanMessage).to.equal(`Account ${recipient} has a balance of ${Number(tinybars) / 1e8} HBAR`);
      await kit.close();
    });

    it('says what to configure when the kit has no mirror node and the client no ledger ID', async () => {
      // The devnet's own clients name their ledger; this one, of the same node, does not.
      const bare = SdkClient.forNetwork({ [net.grpcAddress]: '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator(net.operatorId, net.operatorKey);
      const kit = await createAgentKit({ client: bare, pluginsDir: null, plugins: [coreAccountQueryPlugin as Plugin] });
      try {
        const result = await kit.execute('get_hbar_balance_query_tool', { accountId: recipient });
        expect(result.raw.status).to.equal('ERROR');
        expect(result.raw.errorCode).to.equal('E_MIRROR_NOT_CONFIGURED');
        expect(result.raw.error).to.contain('pass mirrorNodeUrl to createAgentKit');
      } finally {
        await kit.close();
        bare.close();
      }
    });
  });

  describe('when a third-party plugin of its kind runs (template export, plain Tool, zod 3)', () => {
    it('runs its transaction tool and its plain Tool, and reports invalid input by field', async () => {
      const { default: template } = (await import(path.join(FIXTURES, 'tip-jar/index.mjs'))) as { default: { plugin: Plugin } };
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [template.plugin] });
      const before = await tinybarsOf(client, recipient);
      const tip = await kit.execute('tip_jar_tool', { accountId: recipient, amount: 0.25 });
      expect(tip.raw.status, tip.humanMessage).to.equal('SUCCESS');
      expect(tip.humanMessage).to.equal(`Tip sent. Transaction ID: ${tip.raw.transactionId}`);
      expect(await tinybarsOf(client, recipient)).to.equal(before + 25_000_000n);
      const note = await kit.execute('echo_note_tool', { note: 'hello' });
      expect(note).to.deep.include({ humanMessage: 'Note: hello' });
      expect(note.raw).to.deep.equal({ note: 'hello', status: 'SUCCESS' });
      const bad = await kit.execute('tip_jar_tool', { accountId: recipient, amount: -1 });
      expect(bad.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(bad.raw.issues).to.have.length(1);
      expect(String((bad.raw.issues as string[])[0])).to.match(/^amount: /);
      await kit.close();
    });

    it('refuses to start when a policy checks the plain Tool at a stage it does not have, naming both', async () => {
      const { default: template } = (await import(path.join(FIXTURES, 'tip-jar/index.mjs'))) as { default: { plugin: Plugin } };
      const policy = new KitMaxRecipientsPolicy(1, ['echo_note_tool'], { echo_note_tool: () => 1 });
      let refusal: Error | undefined;
      await createAgentKit({ client, pluginsDir: null, plugins: [template.plugin], context: { hooks: [policy] } }).catch((error: Error) => (refusal = error));
      expect(refusal?.message).to.contain('"Max Recipients Policy"').and.contain('"echo_note_tool"').and.contain('postParamsNormalization');
    });
  });

  describe('when its hooks and policies are in context.hooks', () => {
    it('blocks with its policies as blocks (blockedBy, its sentence in raw.error), and nothing moves', async () => {
      const kit = await createAgentKit({
        client,
        pluginsDir: null,
        plugins: [coreAccountPlugin as Plugin, coreConsensusPlugin as Plugin],
        context: { hooks: [new KitMaxRecipientsPolicy(1), new KitRejectToolPolicy(['delete_topic_tool'])] },
      });
      const other = (await net.createAccount({ hbar: 0 })).accountId;
      const before = await tinybarsOf(client, recipient);
      const wide = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }, { accountId: other, amount: 0.1 }] });
      expect(wide.raw.blockedBy).to.deep.equal({ policy: 'Max Recipients Policy', stage: 'postParamsNormalization' });
      expect(wide.raw.error).to.contain('Action transfer_hbar_tool blocked by policy: Max Recipients Policy (Limits the maximum number of recipients to 1)');
      expect(wide.humanMessage).to.contain('retrying the same request will not help');
      expect(await tinybarsOf(client, recipient)).to.equal(before);
      const rejected = await kit.execute('delete_topic_tool', { topicId: '0.0.1234' });
      expect(rejected.raw.blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      expect(rejected.raw.error).to.contain('Action delete_topic_tool blocked by policy: Reject Tool Call (Stops agent from calling predefined tools)');
      const allowed = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }] });
      expect(allowed.raw.status, allowed.humanMessage).to.equal('SUCCESS');
      await kit.close();
    });

    it('has this project’s audit hook record its policy’s block as a block', async () => {
      const journalDir = mkdtempSync(path.join(tmpdir(), 'kit-policy-audit-'));
      try {
        const audit = new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.1234', undefined, { journalDir, deliver: false });
        const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin as Plugin], context: { hooks: [audit, new KitMaxRecipientsPolicy(1)] } });
        const other = (await net.createAccount({ hbar: 0 })).accountId;
        await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient, amount: 0.1 }, { accountId: other, amount: 0.1 }] });
        await kit.close();
        const [entry] = readJournalSnapshot(path.join(journalDir, 'hcs-0.0.1234.jsonl'))!.entries as { outcome?: string; blockedBy?: { policy: string } }[];
        expect(entry?.blockedBy?.policy).to.equal('Max Recipients Policy');
      } finally {
        rmSync(journalDir, { recursive: true, force: true });
      }
    });

    it('runs a policy written from its docs that keys on params.toolType', async () => {
      class NoTransactionsPolicy extends KitAbstractPolicy {
        name = 'No Transactions';
        description = 'Read-only agent';
        relevantTools = ['*'];
        protected override shouldBlockPreToolExecution(params: { toolType: string }): boolean {
          return params.toolType === KIT_TOOL_TYPE.TRANSACTION;
        }
      }
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreConsensusPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new NoTransactionsPolicy()] } });
      const blocked = await kit.execute('create_topic_tool', {});
      expect(blocked.raw.blockedBy?.policy).to.equal('No Transactions');
      expect(blocked.raw.error).to.contain('Action create_topic_tool blocked by policy: No Transactions (Read-only agent)');
      await kit.close();
    });

    it('wraps a policy of its kind that overrides a hook method: a throw blocks, a normal return allows', async () => {
      class OverridingPolicy extends KitAbstractPolicy {
        name = 'Overriding';
        description = 'checks in the hook method itself';
        relevantTools = ['create_topic_tool'];
        override async preToolExecutionHook(params: { rawParams: { topicMemo?: string } }): Promise<void> {
          if (params.rawParams.topicMemo === 'forbidden') throw new Error('memo not allowed');
        }
      }
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [coreConsensusPlugin as Plugin], mirrorNodeUrl: net.mirrorUrl, context: { hooks: [new OverridingPolicy()] } });
      const blocked = await kit.execute('create_topic_tool', { topicMemo: 'forbidden' });
      expect(blocked.raw.blockedBy).to.deep.equal({ policy: 'Overriding', stage: 'preToolExecution', reason: 'memo not allowed' });
      const allowed = await kit.execute('create_topic_tool', { topicMemo: 'fine' });
      expect(allowed.raw.status, allowed.humanMessage).to.equal('SUCCESS');
      expect(allowed.raw.topicId).to.match(/^0\.0\.\d+$/);
      await kit.close();
    });
  });
});
