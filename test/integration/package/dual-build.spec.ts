import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as cjsSdk from '@hiero-ledger/sdk';
import { injectable } from 'tsyringe';
import { z } from 'zod';
import * as cjs from '../../../src/index.js';
import * as cjsPolicies from '../../../src/policies/index.js';

const root = path.resolve(__dirname, '../../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
type Entry = { import: { types: string; default: string }; require: { types: string; default: string } };
const entries = Object.entries(pkg.exports).filter(([subpath]) => subpath !== './package.json') as [string, Entry][];
const specifierOf = (subpath: string) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`);

/** `import()` through a variable: the ES-module build exists only after this spec was compiled. */
const importEsm = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>;

describe('the package as CommonJS and as ES modules', function () {
  this.timeout(60_000);

  describe('when each entry point is imported and required', () => {
    for (const [subpath, target] of entries) {
      it(`${specifierOf(subpath)} gives the same exports both ways, each with its declarations`, async () => {
        const esm = await importEsm<Record<string, unknown>>(specifierOf(subpath));
        const required = require(specifierOf(subpath)) as Record<string, unknown>;
        const names = Object.keys(required).filter((name) => name !== '__esModule').sort();
        expect(names.length).to.be.greaterThan(0);
        expect(Object.keys(esm).filter((name) => name !== 'default').sort()).to.deep.equal(names);
        for (const file of [target.import.types, target.import.default, target.require.types, target.require.default]) {
          expect(existsSync(path.join(root, file)), file).to.equal(true);
        }
      });
    }
  });

  describe('when a tool author imports hedera-agent-hooks/tools', () => {
    // What the core tools in plugins/ are written with; a tool of the author's needs the same.
    const FUNCTIONS = [
      'BaseTool', 'BaseTransactionTool', 'BaseQueryTool', 'InvalidParamsError', 'strictInput', 'toAccountId', 'toHbar', 'resolveAccount',
      'paramIssue', 'forTool', 'parsePublicKey', 'actingPublicKey', 'mirrorFor', 'MirrorClient', 'MirrorError', 'scheduled',
      'scheduledTransactionOf', 'movementsOf', 'payerOf', 'outcomeText',
    ];
    const SCHEMAS = ['accountIdSchema', 'hbarAmountSchema', 'tokenAmountSchema', 'transactionMemoSchema', 'schedulingParamsSchema'];

    it('offers what the core tools use, as the same classes and functions as the main entry, in both builds', async () => {
      const builds = {
        require: { tools: require(`${pkg.name}/tools`) as Record<string, unknown>, main: require(pkg.name) as Record<string, unknown> },
        import: { tools: await importEsm<Record<string, unknown>>(`${pkg.name}/tools`), main: await importEsm<Record<string, unknown>>(pkg.name) },
      };
      for (const [build, { tools, main }] of Object.entries(builds)) {
        for (const name of FUNCTIONS) expect(tools[name], `${build} ${name}`).to.be.a('function');
        for (const name of SCHEMAS) expect((tools[name] as { safeParse?: unknown } | undefined)?.safeParse, `${build} ${name}`).to.be.a('function');
        for (const name of ['BaseTool', 'BaseTransactionTool', 'InvalidParamsError', 'movementsOf']) expect(tools[name], `${build} ${name}`).to.equal(main[name]);
      }
      expect(builds.import.tools.BaseTool).to.not.equal(builds.require.tools.BaseTool);
    });
  });

  describe('when an ES-module app uses the package', () => {
    type EsmKit = typeof import('../../../src/index.js');
    type EsmDevnet = typeof import('../../../src/devnet/index.js');
    let esm: EsmKit;
    let esmSdk: typeof cjsSdk;
    let net: Awaited<ReturnType<EsmDevnet['startDevnet']>>;

    before(async () => {
      esm = await importEsm<EsmKit>(pkg.name);
      esmSdk = await importEsm<typeof cjsSdk>('@hiero-ledger/sdk');
      net = await (await importEsm<EsmDevnet>(`${pkg.name}/devnet`)).startDevnet();
    });
    after(async () => net?.stop());

    it('shares the SDK copy the app imports: the devnet client and the core tools transactions are the ES-module SDK', async () => {
      const client = net.client();
      expect(client).to.be.instanceOf(esmSdk.Client);
      const seen: unknown[] = [];
      const kit = await esm.createAgentKit({ client, tools: ['transfer_hbar_tool'] });
      kit.on('postCoreAction', (event) => seen.push(event.coreActionResult));
      const recipient = await net.createAccount({ hbar: 0 });
      const result = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipient.accountId, amount: 2 }] });
      await kit.close();
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(seen[0]).to.be.instanceOf(esmSdk.TransferTransaction);
      const balance = await new esmSdk.AccountBalanceQuery().setAccountId(recipient.accountId).execute(client);
      expect(balance.hbars.toTinybars().toString()).to.equal('200000000');
    });

    it('runs hooks, policies, decorated classes and tools made with the CommonJS build', async () => {
      const log: string[] = [];
      class CountingHook extends cjs.AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        override async postToolExecutionHook(params: cjs.PostSecondaryActionParams) {
          log.push(`hook:${String(params.toolResult.raw.status)}`);
        }
      }
      class NoEchoPolicy extends cjs.AbstractPolicy {
        override relevantTools = ['cjs_echo_tool'];
        protected override shouldBlockPostParamsNormalization(params: cjs.PostParamsNormalizationParams) {
          if ((params.normalisedParams as { text: string }).text === 'no') throw new cjs.PolicyBlockedError('cjs_echo_tool', { policy: 'x', stage: 'postParamsNormalization', reason: 'said no' });
          return false;
        }
      }
      @injectable()
      class DecoratedLogger {
        @cjs.Hook('postToolExecution', ['cjs_echo_tool'])
        seen() {
          log.push('decorated');
        }
      }
      class CjsEchoTool extends cjs.BaseTool<{ text: string }, { text: string }, { text: string }> {
        method = 'cjs_echo_tool';
        name = 'Echo';
        description = 'Echoes its text.';
        parameters = z.object({ text: z.string() }).strict();
        normalizeParams(params: { text: string }) {
          return params;
        }
        coreAction(params: { text: string }) {
          return { text: params.text };
        }
      }
      const kit = await esm.createAgentKit({
        client: net.client(),
        tools: ['transfer_hbar_tool', 'cjs_echo_tool'],
        plugins: [{ name: 'cjs-echo', tools: () => [new CjsEchoTool()] }],
        hooks: [DecoratedLogger],
        context: { hooks: [new CountingHook(), new cjsPolicies.MaxRecipientsPolicy(1), new NoEchoPolicy()] },
      });
      const recipients = await Promise.all([1, 2].map(() => net.createAccount({ hbar: 0 })));
      const paid = await kit.execute('transfer_hbar_tool', { transfers: [{ accountId: recipients[0]!.accountId, amount: 1 }] });
      const crowded = await kit.execute('transfer_hbar_tool', { transfers: recipients.map((r) => ({ accountId: r.accountId, amount: 1 })) });
      const echoed = await kit.execute('cjs_echo_tool', { text: 'hi' });
      const refused = await kit.execute('cjs_echo_tool', { text: 'no' });
      await kit.close();
      expect(paid.raw.status, paid.humanMessage).to.equal('SUCCESS');
      expect(crowded.raw.blockedBy?.policy).to.equal('Max Recipients Policy');
      expect(echoed.raw).to.deep.include({ status: 'SUCCESS', data: { text: 'hi' } });
      expect(refused.raw.errorCode).to.equal(esm.ErrorCode.POLICY_BLOCKED);
      expect(refused.raw.blockedBy).to.deep.equal({ policy: 'NoEchoPolicy', stage: 'postParamsNormalization', reason: 'said no' });
      expect(log).to.deep.equal(['hook:SUCCESS', 'decorated']);
    });

    it('submits a transaction a tool builds with the app SDK copy, and reports what the ledger did', async () => {
      class PayTool extends esm.BaseTool<{ to: string }, { to: string }, unknown> {
        method = 'pay_tool';
        name = 'Pay';
        description = 'Pays 1 HBAR.';
        parameters = z.object({ to: z.string() }).strict();
        normalizeParams(params: { to: string }) {
          return params;
        }
        coreAction(params: { to: string }, _context: unknown, client: cjsSdk.Client) {
          // Deliberately the CommonJS SDK while the kit is the ES-module build: a copy the kit did not bring.
          return new cjsSdk.TransferTransaction()
            .addHbarTransfer(params.to, cjsSdk.Hbar.fromTinybars(100_000_000))
            .addHbarTransfer(client.operatorAccountId!.toString(), cjsSdk.Hbar.fromTinybars(-100_000_000));
        }
      }
      const client = net.client();
      const kit = await esm.createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'pay', tools: () => [new PayTool()] }] });
      const recipient = await net.createAccount({ hbar: 0 });
      const result = await kit.execute('pay_tool', { to: recipient.accountId });
      await kit.close();
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(result.raw.transactionId).to.be.a('string');
      const balance = await new esmSdk.AccountBalanceQuery().setAccountId(recipient.accountId).execute(client);
      expect(balance.hbars.toTinybars().toString()).to.equal('100000000');
    });
  });
});
