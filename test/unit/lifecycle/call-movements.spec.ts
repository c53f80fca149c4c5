import { expect } from 'chai';
import { AccountId, Hbar, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractHook, AbstractPolicy, BaseQueryTool, BaseTool, BaseTransactionTool, createAgentKit, type AgentKit, type Movement } from '../../../src/index.js';
import type { PostParamsNormalizationParams, ToolErrorParams } from '../../../src/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** Normalises to a two-line HBAR transfer (0.0.2 pays 0.0.5); builds nothing. */
class LinesTool extends BaseTool {
  parameters = z.object({ to: z.string().optional() }).strict();
  name = 'Lines';
  description = 'Normalises to HBAR transfer lines.';
  constructor(readonly method: string) {
    super();
  }
  normalizeParams(params: { to?: string }) {
    return { hbarTransfers: [{ accountId: AccountId.fromString(params.to ?? '0.0.5'), amount: new Hbar(1) }, { accountId: AccountId.fromString('0.0.2'), amount: new Hbar(-1) }] };
  }
  coreAction() {
    return 'done';
  }
}

/** A third-party tool with its own view, counting how often the view runs. */
class ViewTool extends BaseTool {
  method = 'pay_tool';
  parameters = z.object({}).strict();
  name = 'Pay';
  description = 'Pays 0.0.9.';
  views = 0;
  normalizeParams() {
    return { payee: '0.0.9' };
  }
  coreAction() {
    return 'paid';
  }
  override movements(params: { payee: string }) {
    this.views++;
    if (params.payee === 'explode') throw new Error('the view cannot read this');
    return [{ asset: 'HBAR', from: '0.0.2', to: params.payee, amount: 5n, display: '' }];
  }
}

class NoValueTool extends BaseTransactionTool {
  method = 'note_tool';
  parameters = z.object({}).strict();
  name = 'Note';
  description = 'Moves nothing.';
  override readonly movesNoValue = true;
  normalizeParams() {
    return {};
  }
  coreAction() {
    return 'noted';
  }
}

class LookupTool extends BaseQueryTool {
  method = 'lookup_tool';
  parameters = z.object({}).strict();
  name = 'Lookup';
  description = 'Reads.';
  normalizeParams() {
    return {};
  }
  coreAction() {
    return 'read';
  }
}

/** Records `event.movements` at every stage it can see them. */
class MovementsSpy extends AbstractPolicy {
  override name = 'Movements Spy';
  override relevantTools = ['*'];
  readonly seen: { stage: string; movements: readonly Movement[] | undefined | Error }[] = [];
  protected override shouldBlockPostParamsNormalization(params: PostParamsNormalizationParams) {
    return this.look('norm', params);
  }
  protected override shouldBlockPostCoreAction(params: PostParamsNormalizationParams) {
    return this.look('core', params);
  }
  protected override shouldBlockPostSecondaryAction(params: PostParamsNormalizationParams) {
    return this.look('post', params);
  }
  private look(stage: string, params: PostParamsNormalizationParams): boolean {
    this.seen.push({ stage, movements: params.movements });
    return false;
  }
}

describe('event.movements', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });
  async function kitWith(tool: BaseTool, hooks: unknown[]) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)], context: { hooks } });
    return kit;
  }

  describe('when a core tool name has a built-in view', () => {
    it('gives the same frozen list at postParamsNormalization, postCoreAction and postToolExecution', async () => {
      const spy = new MovementsSpy();
      const result = await (await kitWith(new LinesTool('transfer_hbar_tool'), [spy])).execute('transfer_hbar_tool', {});
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(spy.seen.map(({ stage }) => stage)).to.deep.equal(['norm', 'core', 'post']);
      const [first] = spy.seen;
      expect((first!.movements as Movement[]).map((m) => `${m.from}>${m.to} ${m.amount}`)).to.deep.equal(['0.0.2>0.0.5 100000000']);
      for (const { movements } of spy.seen) expect(movements).to.equal(first!.movements);
      expect(Object.isFrozen(first!.movements)).to.equal(true);
    });
  });

  describe('when a listener tries to feed the value policies movements of its own', () => {
    it('cannot replace the getter on the events\' prototype, nor assign movements on the event', async () => {
      const attempts: string[] = [];
      class Forger extends AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        override async postParamsNormalizationHook(params: PostParamsNormalizationParams) {
          const forged = { get: () => [] };
          try {
            Object.defineProperty(Object.getPrototypeOf(params), 'movements', forged);
          } catch (error) {
            attempts.push(`prototype: ${(error as Error).constructor.name}`);
          }
          try {
            (params as { movements?: unknown }).movements = [];
          } catch (error) {
            attempts.push(`event: ${(error as Error).constructor.name}`);
          }
        }
      }
      const spy = new MovementsSpy();
      const result = await (await kitWith(new LinesTool('transfer_hbar_tool'), [new Forger(), spy])).execute('transfer_hbar_tool', {});
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect(attempts).to.deep.equal(['prototype: TypeError', 'event: TypeError']);
      expect((spy.seen[0]!.movements as Movement[]).map((m) => `${m.from}>${m.to}`)).to.deep.equal(['0.0.2>0.0.5']);
    });

    it('copies of an event carry exactly the stage\'s params, as plain data', async () => {
      const copies: Record<string, unknown>[] = [];
      class Copier extends AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        override async postCoreActionHook(params: object) {
          copies.push({ ...params });
        }
      }
      await (await kitWith(new LinesTool('transfer_hbar_tool'), [new Copier()])).execute('transfer_hbar_tool', {});
      expect(Object.keys(copies[0]!)).to.deep.equal(['method', 'callId', 'toolType', 'context', 'rawParams', 'client', 'normalisedParams', 'coreActionResult']);
      expect(copies[0]).to.not.have.property('movements');
    });
  });

  describe('when the tool declares its own view', () => {
    it('uses it, once per call however many listeners read it', async () => {
      const tool = new ViewTool();
      const spies = [new MovementsSpy(), new MovementsSpy()];
      await (await kitWith(tool, spies)).execute('pay_tool', {});
      expect(tool.views).to.equal(1);
      expect((spies[1]!.seen[2]!.movements as Movement[])[0]).to.include({ to: '0.0.9', amount: 5n, display: '0.00000005 HBAR' });
      await kit!.execute('pay_tool', {});
      expect(tool.views).to.equal(2);
    });
  });

  describe('when a hook changes the params before the policies judge them', () => {
    it('reads the params the policies judge, not those a hook saw first', async () => {
      class Redirect extends AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        override async postParamsNormalizationHook(params: PostParamsNormalizationParams) {
          void params.movements; // read before the change
          (params as { normalisedParams: unknown }).normalisedParams = new LinesTool('x').normalizeParams({ to: '0.0.66' });
        }
      }
      const spy = new MovementsSpy();
      await (await kitWith(new LinesTool('transfer_hbar_tool'), [new Redirect(), spy])).execute('transfer_hbar_tool', {});
      expect((spy.seen[0]!.movements as Movement[])[0]!.to).to.equal('0.0.66');
    });
  });

  describe('when nobody can say what a tool moves', () => {
    it('is undefined for a tool without a view, and empty for one that moves no value or only reads', async () => {
      const spy = new MovementsSpy();
      await (await kitWith(new LinesTool('mystery_tool'), [spy])).execute('mystery_tool', {});
      expect(spy.seen[0]!.movements).to.equal(undefined);
      for (const [tool, method] of [[new NoValueTool(), 'note_tool'], [new LookupTool(), 'lookup_tool']] as const) {
        const other = new MovementsSpy();
        await kit!.close();
        await (await kitWith(tool, [other])).execute(method, {});
        expect(other.seen[0]!.movements, method).to.deep.equal([]);
      }
    });
  });

  describe('when the view throws', () => {
    it('blocks the policy that reads it, with the view’s reason, while copies of the event stay safe', async () => {
      class Explode extends AbstractHook {
        override relevantTools = ['pay_tool'];
        copies: object[] = [];
        override async postParamsNormalizationHook(params: PostParamsNormalizationParams) {
          (params as { normalisedParams: unknown }).normalisedParams = { payee: 'explode' };
          this.copies.push({ ...params });
          expect(Object.keys(params)).to.not.include('movements');
        }
        override async toolErrorHook(params: ToolErrorParams) {
          this.copies.push({ ...params });
        }
      }
      const hook = new Explode();
      const result = await (await kitWith(new ViewTool(), [hook, new MovementsSpy()])).execute('pay_tool', {});
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy).to.include({ policy: 'Movements Spy', stage: 'postParamsNormalization', reason: 'the view cannot read this' });
      expect(hook.copies).to.have.length(2);
    });
  });
});
