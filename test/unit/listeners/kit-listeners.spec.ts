import { expect } from 'chai';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractHook as KitAbstractHook, AbstractPolicy as KitAbstractPolicy } from '@hashgraph/hedera-agent-kit';
import { RejectToolPolicy as KitRejectToolPolicy } from '@hashgraph/hedera-agent-kit/policies';
import { z } from 'zod';
import { createAgentKit, type AgentKit } from '../../../src/index.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

describe('hooks and policies shaped like the Hedera Agent Kit’s', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  const kitWith = async (hooks: unknown[], policyTimeoutMs?: number): Promise<AgentKit> =>
    (kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('echo', new EchoTool())], context: { hooks }, policyTimeoutMs }));

  describe('when it is a plain object literal', () => {
    it('runs its stage methods as hooks and its shouldBlock methods as policies', async () => {
      const seen: string[] = [];
      const hook = { name: 'literal hook', relevantTools: ['echo_tool'], postToolExecutionHook: (_: unknown, method: string) => void seen.push(method) };
      const policy = { name: 'literal policy', description: 'no shouting', relevantTools: ['*'], shouldBlockPreToolExecution: (params: { rawParams: { text: string } }) => params.rawParams.text === 'LOUD' };
      const k = await kitWith([hook, policy]);
      expect((await k.execute('echo_tool', { text: 'quiet' })).raw.status).to.equal('SUCCESS');
      const loud = await k.execute('echo_tool', { text: 'LOUD' });
      expect(loud.raw.blockedBy).to.deep.equal({ policy: 'literal policy', stage: 'preToolExecution' });
      expect(loud.raw.error).to.contain('Action echo_tool blocked by policy: literal policy (no shouting)');
      expect(seen).to.deep.equal(['echo_tool']);
    });

    it('refuses one whose relevantTools is not a list of names', async () => {
      let refusal: Error | undefined;
      await kitWith([{ name: 'bad', relevantTools: 'echo_tool', shouldBlockPreToolExecution: () => true }]).catch((error: Error) => (refusal = error));
      expect(refusal?.message).to.contain('"bad" has invalid relevantTools');
    });
  });

  describe('when it extends the real kit’s classes', () => {
    it('registers only what the subclass implements (the inherited no-ops cost nothing)', async () => {
      class PostOnly extends KitAbstractHook {
        name = 'post only';
        description = '';
        relevantTools = ['echo_tool'];
        calls = 0;
        override async postToolExecutionHook(_params: unknown, method: string): Promise<void> {
          if (this.appliesToMethod(method)) this.calls++;
        }
      }
      const hook = new PostOnly();
      const k = await kitWith([hook]);
      await k.execute('echo_tool', { text: 'a' });
      expect(hook.calls).to.equal(1);
      // Only the overridden stage became a listener; the other three are the base's no-ops.
      const { listenersFromSeedShaped } = await import('../../../src/listeners/kit-listeners.js');
      expect(listenersFromSeedShaped(hook).map((listener) => listener.stage)).to.deep.equal(['postToolExecution']);
    });

    it('blocks on a truthy verdict that is not `true`, as that kit does', async () => {
      class Truthy extends KitAbstractPolicy {
        name = 'truthy';
        description = 'says yes the loose way';
        relevantTools = ['echo_tool'];
        protected override shouldBlockPostParamsNormalization(): boolean {
          return 1 as unknown as boolean;
        }
      }
      const result = await (await kitWith([new Truthy()])).execute('echo_tool', { text: 'a' });
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'truthy', stage: 'postParamsNormalization' });
    });

    it('blocks when its verdict does not come within the time budget (fail closed)', async () => {
      class Slow extends KitAbstractPolicy {
        name = 'slow';
        description = '';
        relevantTools = ['echo_tool'];
        protected override shouldBlockPreToolExecution(): Promise<boolean> {
          return new Promise(() => {});
        }
      }
      const result = await (await kitWith([new Slow()], 30)).execute('echo_tool', { text: 'a' });
      expect(result.raw.blockedBy?.policy).to.equal('slow');
      expect(result.raw.blockedBy?.reason).to.contain('30 ms time budget');
    });

    it('runs an overridden hook method of a policy as its check: a rejection blocks, a return allows', async () => {
      class Overriding extends KitAbstractPolicy {
        name = 'overriding';
        description = '';
        relevantTools = ['echo_tool'];
        override async postParamsNormalizationHook(params: { normalisedParams: { text: string } }): Promise<void> {
          if (params.normalisedParams.text === 'no') throw new Error('refused in the hook method');
        }
      }
      const k = await kitWith([new Overriding()]);
      expect((await k.execute('echo_tool', { text: 'no' })).raw.blockedBy).to.deep.equal({ policy: 'overriding', stage: 'postParamsNormalization', reason: 'refused in the hook method' });
      expect((await k.execute('echo_tool', { text: 'yes' })).raw.status).to.equal('SUCCESS');
    });
  });
});

describe('where the Hedera Agent Kit’s listeners and tools may come from', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  it('accepts its policies in the hooks option and in a plugin’s policies', async () => {
    const echo = pluginOf('echo', new EchoTool(), new EchoTool('other_tool'));
    kit = await createAgentKit({
      client,
      pluginsDir: null,
      plugins: [echo, { name: 'guard-plugin', tools: () => [], policies: [new KitRejectToolPolicy(['other_tool'])] }],
      hooks: [new KitRejectToolPolicy(['echo_tool'])],
    });
    expect((await kit.execute('echo_tool', { text: 'a' })).raw.blockedBy?.policy).to.equal('Reject Tool Call');
    expect((await kit.execute('other_tool', { text: 'a' })).raw.blockedBy?.policy).to.equal('Reject Tool Call');
  });

  it('refuses kit.use of a policy that checks a plain Tool at a stage it lacks', async () => {
    const plain = { method: 'plain_tool', name: 'Plain', description: 'Runs as one step.', parameters: z.object({}), execute: async () => ({ raw: {}, humanMessage: 'done' }) };
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [{ name: 'plain', tools: () => [plain] }] });
    const policy = { name: 'core check', relevantTools: ['*'], shouldBlockPostCoreAction: () => false };
    expect(() => kit!.use(policy)).to.throw(/"core check" checks "plain_tool" at postCoreAction/);
    // The stages it has are fine, and the call runs.
    kit.use({ name: 'pre check', relevantTools: ['*'], shouldBlockPreToolExecution: () => false });
    expect((await kit.execute('plain_tool', {})).raw.status).to.equal('SUCCESS');
  });

  it('words a failure with the tool’s own handleError, but keeps the kit’s result for a block', async () => {
    class CarefulTool extends EchoTool {
      override coreAction(): never {
        throw new Error('upstream down');
      }
      override handleError(error: unknown) {
        return { raw: { status: 'ERROR', error: `careful: ${(error as Error).message}` }, humanMessage: 'The careful tool could not reach upstream.' };
      }
    }
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('careful', new CarefulTool('careful_tool'), new CarefulTool('blocked_tool'))], hooks: [new KitRejectToolPolicy(['blocked_tool'])] });
    const failed = await kit.execute('careful_tool', { text: 'a' });
    expect(failed.raw).to.deep.include({ status: 'ERROR', error: 'careful: upstream down', errorCode: 'E_TOOL_FAILED', stage: 'coreAction' });
    expect(failed.humanMessage).to.equal('The careful tool could not reach upstream.');
    const blocked = await kit.execute('blocked_tool', { text: 'a' });
    expect(blocked.raw.blockedBy?.policy).to.equal('Reject Tool Call');
    expect(blocked.humanMessage).to.contain('retrying the same request will not help');
  });
});

describe('time budgets a timer cannot keep', () => {
  it('are refused at start, for the kit and for one policy, rather than firing after 1 ms', async () => {
    const client = offlineClient();
    const plugins = [pluginOf('echo', new EchoTool())];
    for (const policyTimeoutMs of [2 ** 31, Infinity, 0, -1]) {
      const error = await createAgentKit({ client, pluginsDir: null, plugins, policyTimeoutMs }).then(() => undefined, (thrown: Error) => thrown);
      expect(error?.message, String(policyTimeoutMs)).to.contain("'policyTimeoutMs' must be a positive number of milliseconds up to 2147483647");
    }
    const slowPolicy = { name: 'patient', relevantTools: ['*'], timeoutMs: 2 ** 32, shouldBlockPreToolExecution: () => false };
    const error = await createAgentKit({ client, pluginsDir: null, plugins, context: { hooks: [slowPolicy] } }).then(() => undefined, (thrown: Error) => thrown);
    expect(error?.message).to.contain('"patient" has timeoutMs 4294967296');
    client.close();
  });
});
