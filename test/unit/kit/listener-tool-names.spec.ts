import { expect } from 'chai';
import fc from 'fast-check';
import type { Client } from '@hiero-ledger/sdk';
import { AgentMode, createAgentKit, type AgentKit } from '../../../src/index.js';
import sinon from 'sinon';
import { AbstractHook } from '../../../src/hooks/index.js';
import { MaxRecipientsPolicy, RejectToolPolicy } from '../../../src/policies/index.js';
import { optionRefusal } from '../../support/option-refusal.js';
import { EchoTool, TransferBuilderTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';
import * as editDistanceModule from '../../../src/kit/edit-distance.js';
import { WARNED_ONE_BY_ONE } from '../../../src/kit/listener-tool-names.js';

describe('listener tool names at kit start', () => {
  let client: Client;
  const sandbox = sinon.createSandbox();
  const kits: AgentKit[] = [];
  beforeEach(() => { client = offlineClient(); });
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
    sandbox.restore();
  });
  async function make(hooks: unknown[]): Promise<AgentKit> {
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool(), new TransferBuilderTool())], context: { hooks } });
    kits.push(kit);
    return kit;
  }

  describe('when a policy names a loaded tool with a slip', () => {
    for (const slip of ['echo_tol', 'Echo_Tool', ' echo_tool', 'echo_tools', 'ecxo_tool']) {
      it(`refuses to start for "${slip}", naming the policy and the tool meant`, async () => {
        const error = await make([new RejectToolPolicy([slip])]).then(() => undefined, (thrown: Error) => thrown);
        expect(error?.message).to.contain('"Reject Tool Call"').and.to.contain(`"${slip}"`).and.to.contain('did you mean "echo_tool"');
        expect((error as { code?: string }).code).to.equal('E_INVALID_LISTENER');
      });
    }
  });

  describe('when a policy names a loaded tool in another spelling', () => {
    // Ways an LLM-written or copy-pasted configuration misspells a tool without a typo.
    const spellings: Record<string, (name: string) => string> = {
      camelCase: (name) => name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase()),
      PascalCase: (name) => name.replace(/(^|_)([a-z])/g, (_m, _sep, letter: string) => letter.toUpperCase()),
      'kebab-case': (name) => name.replace(/_/g, '-'),
      'spaced words': (name) => name.replace(/_/g, ' '),
      'no _tool suffix': (name) => name.replace(/_tool$/, ''),
      'upper case': (name) => name.toUpperCase(),
      'Cyrillic look-alikes': (name) => name.replace(/a/g, '\u0430').replace(/e/g, '\u0435').replace(/o/g, '\u043e'),
      'zero-width space': (name) => name.replace('_', '_\u200b'),
      'zero-width joiner': (name) => `${name.slice(0, 2)}\u200d${name.slice(2)}`,
      'fullwidth letters': (name) => [...name].map((char) => (/[a-z]/.test(char) ? String.fromCodePoint(char.codePointAt(0)! - 0x61 + 0xff41) : char)).join(''),
      'soft hyphen': (name) => name.replace('_', '\u00ad_'),
    };

    it('refuses to start whatever mix of spellings hides the name', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('echo_tool', 'transfer_builder_tool'), fc.subarray(Object.keys(spellings), { minLength: 1 }), async (tool, chosen) => {
          const name = chosen.reduce((current, spelling) => spellings[spelling]!(current), tool);
          fc.pre(name !== tool);
          const error = await make([new RejectToolPolicy([name])]).then(() => undefined, (thrown: Error) => thrown);
          expect(error?.message, `${chosen.join(' + ')}: ${JSON.stringify(name)}`).to.contain(`did you mean "${tool}"`);
        }),
        { numRuns: 150 },
      );
    });

    it('still starts for a Hedera Agent Kit tool this kit does not load: nothing of that name is open', async () => {
      const kit = await make([new RejectToolPolicy(['transfer_hbar_tool'])]);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names a tool this kit does not have and no known tool has', () => {
    for (const name of ['echo_tool_v2', 'delete_echo_tool', 'builder_transfer_tool', 'my_plugin_tool']) {
      it(`refuses to start for "${name}", naming the policy, the closest tool it has and the way out`, async () => {
        const error = await make([new RejectToolPolicy([name])]).then(() => undefined, (thrown: Error) => thrown);
        expect((error as { code?: string }).code).to.equal('E_INVALID_LISTENER');
        expect(error?.message).to.contain('"Reject Tool Call"').and.to.contain(`"${name}", which this kit does not have`).and.to.contain('`unloadedPolicyTools`');
        expect(error?.message).to.match(/the closest tool it has is "(echo_tool|transfer_builder_tool)"|no tool it has is close/);
      });
    }

    it('starts when the name is listed in unloadedPolicyTools, a deliberate exception', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool())], context: { hooks: [new RejectToolPolicy(['my_plugin_tool'])] }, unloadedPolicyTools: ['my_plugin_tool'] });
      kits.push(kit);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });

    it('starts when `tools` left the named tool out: it is a real tool, just not offered', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool(), new TransferBuilderTool())], tools: ['echo_tool'], context: { hooks: [new RejectToolPolicy(['transfer_builder_tool'])] } });
      kits.push(kit);
      expect(kit.listTools().map((tool) => tool.method)).to.deep.equal(['echo_tool']);
    });

    it('refuses unloadedPolicyTools that is not a list of tool names, saying where', async () => {
      for (const bad of ['my_plugin_tool', [''], ['*'], [5]]) {
        const error = await optionRefusal(createAgentKit({ client, pluginsDir: null, unloadedPolicyTools: bad as never }));
        expect(error.message).to.match(/^createAgentKit: 'unloadedPolicyTools(\[0\])?' must be an array of tool names \(not '\*'\), got /);
      }
    });
  });

  describe('when a hook names a tool this kit does not have', () => {
    it('starts, warns once naming the hook, the tool and the closest one, and the hook still observes the tools it has', async () => {
      const warn = sandbox.spy();
      const seen: string[] = [];
      const hook = new (class extends AbstractHook {
        override name = 'Shared Logger';
        override relevantTools = ['echo_tool', 'echo_tool?', 'other_agents_tool'];
        override async preToolExecutionHook(_params: unknown, method: string): Promise<void> { seen.push(method); }
      })();
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool())], hooks: [hook], logger: { debug() {}, error() {}, warn } });
      kits.push(kit);
      await kit.execute('echo_tool', { text: 'a' });
      expect(seen).to.deep.equal(['echo_tool']);
      const messages = warn.getCalls().map((call) => call.args[1] as string);
      expect(messages).to.have.length(2);
      expect(messages[0]).to.contain('Hook "Shared Logger" lists the tool "echo_tool?"').and.to.contain('did you mean "echo_tool"');
      expect(messages[1]).to.contain('"other_agents_tool"');
      expect(warn.firstCall.args[0]).to.deep.equal({ hook: 'Shared Logger', tool: 'echo_tool?', closest: 'echo_tool' });
    });
  });

  describe('when many hooks name tools this kit does not have (a shared hook list)', () => {
    // Listens on every stage, as a trail or logging hook does: four listeners per hook.
    const watcher = (name: string, tools: string[]) =>
      new (class extends AbstractHook {
        override name = name;
        override relevantTools = tools;
        override async preToolExecutionHook(): Promise<void> {}
        override async postParamsNormalizationHook(): Promise<void> {}
        override async postCoreActionHook(): Promise<void> {}
        override async postToolExecutionHook(): Promise<void> {}
      })();
    /** Edit distances measured while a kit with these hooks starts, and the warnings it logged. */
    async function startCost(hooks: unknown[]): Promise<{ searches: number; warnings: string[] }> {
      const distance = sandbox.spy(editDistanceModule, 'editDistance');
      const warn = sandbox.spy();
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool(), new TransferBuilderTool())], hooks, logger: { debug() {}, error() {}, warn } });
      kits.push(kit);
      const searches = distance.callCount;
      sandbox.restore();
      return { searches, warnings: warn.getCalls().map((call) => call.args[1] as string) };
    }

    it('works out the closest tool once per distinct name, however many hooks and stages name it', async () => {
      const one = await startCost([watcher('Treasury Watch', ['treasury_sweep_tool'])]);
      expect(one.warnings).to.have.length(1);
      expect(one.searches, 'the warned name is judged').to.be.greaterThan(0);
      const three = await startCost(['Treasury Watch', 'Sweep Logger', 'Sweep Metrics'].map((hook) => watcher(hook, ['treasury_sweep_tool'])));
      expect(three.warnings, 'one warning per hook').to.have.length(3);
      expect(three.searches, 'three hooks on four stages judge the one name once').to.equal(one.searches);
      const two = await startCost([watcher('Treasury Watch', ['treasury_sweep_tool']), watcher('Payroll Watch', ['payroll_run_tool'])]);
      expect(two.searches, 'a second distinct name is judged once more').to.be.at.most(2 * one.searches);
    });

    it('works out no closest tool for a name it does not warn about (a Hedera tool this kit does not load)', async () => {
      const cost = await startCost([watcher('Topic Watch', ['create_topic_tool', 'submit_topic_message_tool'])]);
      expect(cost.warnings).to.deep.equal([]);
      expect(cost.searches).to.equal(0);
    });

    // Start-up with a thousand shared hooks once took seconds (issue 33 point 11): the cost of a warning must
    // grow with the distinct names alone, each measured at most three ways against each tool the kit has.
    // Counted, not timed: a timing assert would pass on a fast machine and fail on a busy one.
    describe('with the core tools and a shared list of hundreds of hooks', () => {
      /** Distances measured while a kit with the core tools starts with these hooks, and what it has and said. */
      async function coreKitCost(hooks: unknown[]): Promise<{ measured: number; tools: number; warnings: number; lastWarning: string }> {
        const distance = sandbox.spy(editDistanceModule, 'editDistance');
        const warn = sandbox.spy();
        const kit = await createAgentKit({ client, context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.2' }, hooks, logger: { debug() {}, error() {}, warn } });
        kits.push(kit);
        const measured = distance.callCount;
        sandbox.restore();
        return { measured, tools: kit.listTools().length, warnings: warn.callCount, lastWarning: String(warn.lastCall?.args[1]) };
      }
      // Names of one length and shape, so each costs the same to judge: "other_agent_0007_tool".
      const nameOf = (at: number) => `other_agent_${String(at).padStart(4, '0')}_tool`;
      const hooksNaming = (count: number, distinct: number) => Array.from({ length: count }, (_, at) => watcher(`Shared Hook ${at}`, [nameOf(at % distinct)]));

      it('warns about the first few one by one, each name measured at most three times against each tool, and the rest in one summary', async () => {
        const eight = await coreKitCost(hooksNaming(8, 8));
        expect(eight.warnings).to.equal(8);
        expect(eight.measured, 'the warned names are judged').to.be.greaterThan(0);
        expect(eight.measured, 'at most three measures per distinct name and tool').to.be.at.most(8 * 3 * eight.tools);
        const first = await coreKitCost(hooksNaming(WARNED_ONE_BY_ONE, WARNED_ONE_BY_ONE));
        expect(first.warnings).to.equal(WARNED_ONE_BY_ONE);
        expect(first.measured, 'twice the names, twice the work: no pair of names measured against each other').to.equal((WARNED_ONE_BY_ONE / 8) * eight.measured);
        const fourHundred = await coreKitCost(hooksNaming(400, 400));
        expect(fourHundred.warnings, 'the first few one by one, then one summary').to.equal(WARNED_ONE_BY_ONE + 1);
        expect(fourHundred.measured, 'names in the summary are not judged').to.equal(first.measured);
        expect(fourHundred.lastWarning).to.contain(`${400 - WARNED_ONE_BY_ONE} more hook entries list tools this kit does not have: "${nameOf(WARNED_ONE_BY_ONE)}"`)
          .and.to.contain(`and ${400 - WARNED_ONE_BY_ONE - 10} more`).and.to.contain(`"Shared Hook ${WARNED_ONE_BY_ONE}"`);
      });

      it('measures nothing more for hooks that repeat a name already judged', async () => {
        const twenty = await coreKitCost(hooksNaming(20, 20));
        const repeated = await coreKitCost(hooksNaming(400, 20));
        expect(repeated.warnings, 'the first few one by one, then one summary').to.equal(WARNED_ONE_BY_ONE + 1);
        expect(repeated.measured).to.equal(twenty.measured);
      });
    });
  });

  describe('when kit.use adds a policy naming a tool the kit does not have', () => {
    it('throws and adds nothing', async () => {
      const kit = await make([]);
      expect(() => kit.use(new RejectToolPolicy(['echo_tool', 'plugin/echo_tool']))).to.throw(/"plugin\/echo_tool", which this kit does not have/);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names a core tool in a hostile spelling', () => {
    // Ways a name can look like delete_account_tool to a reviewer, or be one character off, and not be it.
    const invisible = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\u00ad', '\u061c'];
    const lookAlikes: Record<string, string[]> = {
      a: ['\u0430', '\u03b1', '\uff41'], e: ['\u0435', '\u03b5', '\uff45'], o: ['\u043e', '\u03bf', '\uff4f'], c: ['\u0441', '\u03f2', '\uff43'],
      t: ['\u03c4', '\uff54'], l: ['\u04cf', '\u0399', '\uff4c', '1'], u: ['\u03c5', '\uff55'], n: ['\u0578', '\uff4e'],
    };
    const edit = fc.oneof(
      fc.tuple(fc.constantFrom(...invisible), fc.nat()).map(([mark, at]) => (name: string) => name.slice(0, at % (name.length + 1)) + mark + name.slice(at % (name.length + 1))),
      fc.tuple(fc.constantFrom(...Object.keys(lookAlikes)), fc.nat()).map(([letter, pick]) => (name: string) => {
        const others = lookAlikes[letter]!;
        return name.replace(letter, others[pick % others.length]!);
      }),
      fc.constantFrom('plugin/', 'core-account/', 'hedera:', './', ' ', '_').map((prefix) => (name: string) => prefix + name),
      fc.constantFrom('?', '_', 's', 's_', '!', '.', '()', ' ', '\n', '\t', '*').map((suffix) => (name: string) => name + suffix),
      fc.constantFrom('-', ' ', '.', '__', '').map((separator) => (name: string) => name.replace('_', separator)),
      fc.constant((name: string) => name.toUpperCase()),
      fc.constant((name: string) => name.charAt(0).toUpperCase() + name.slice(1)),
      fc.constant((name: string) => name.replace(/_tool$/, '')),
    );

    it('either refuses to start, naming the policy and delete_account_tool, or starts with delete_account_tool blocked', async function () {
      this.timeout(60_000);
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          const name = edits.reduce((current, apply) => apply(current), 'delete_account_tool');
          fc.pre(name !== 'delete_account_tool');
          const started = await createAgentKit({ client, context: { hooks: [new RejectToolPolicy([name])] } }).then(
            (kit) => {
              kits.push(kit);
              return kit;
            },
            (thrown: Error) => thrown,
          );
          if (started instanceof Error) {
            expect(started.message, JSON.stringify(name)).to.contain('"Reject Tool Call"').and.to.contain('"delete_account_tool"');
            return;
          }
          const result = await started.execute('delete_account_tool', { accountId: '0.0.5', transferAccountId: '0.0.6' });
          expect(result.raw.errorCode, `${JSON.stringify(name)} started a kit with delete_account_tool open`).to.equal('E_POLICY_BLOCKED');
        }),
        { numRuns: 162 },
      );
    });

    it('names delete_account_tool for a wrapped name with a disguised letter as well (a case the property found)', async () => {
      for (const name of ['plugin/de1ete_account_tool()', 'core-account/d\u0435lete_acc0unt_tool']) {
        const error = await createAgentKit({ client, context: { hooks: [new RejectToolPolicy([name])] } }).then(
          (kit) => (kits.push(kit), undefined),
          (thrown: Error) => thrown,
        );
        expect(error?.message, name).to.contain('the closest tool it has is "delete_account_tool"');
      }
    });

    it('starts with the exact name, and the policy blocks the tool', async () => {
      const kit = await createAgentKit({ client, context: { hooks: [new RejectToolPolicy(['delete_account_tool']), new MaxRecipientsPolicy(3)] } });
      kits.push(kit);
      expect((await kit.execute('delete_account_tool', { accountId: '0.0.5', transferAccountId: '0.0.6' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    });
  });

  describe('when kit.use adds a policy with a slip', () => {
    it('throws and leaves the tool as it was', async () => {
      const kit = await make([]);
      expect(() => kit.use(new RejectToolPolicy(['echo-tool']))).to.throw(/did you mean "echo_tool"/);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names tools this kit does not load at all', () => {
    it('starts: the policy may cover another plugin (MaxRecipientsPolicy lists every core transfer tool)', async () => {
      const kit = await make([new MaxRecipientsPolicy(2), new RejectToolPolicy(['delete_account_tool'])]);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when a policy names the loaded tool exactly', () => {
    it('starts and the policy applies', async () => {
      const kit = await make([new RejectToolPolicy(['echo_tool'])]);
      expect((await kit.execute('echo_tool', { text: 'a' })).raw.errorCode).to.equal('E_POLICY_BLOCKED');
    });
  });
});
