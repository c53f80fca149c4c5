import { expect } from 'chai';
import sinon from 'sinon';
import { Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { AbstractHook, AbstractPolicy, BaseTool, createAgentKit, type AgentKit } from '../../../src/index.js';
import type { PostCoreActionParams, PostParamsNormalizationParams } from '../../../src/index.js';
import { EchoTool, RecordingTransferTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** A hook that records each stage it sees into a shared log. */
class LogHook extends AbstractHook {
  constructor(
    readonly label: string,
    private readonly log: string[],
    tools: string[] = ['*'],
  ) {
    super();
    this.name = label;
    this.relevantTools = tools;
  }
  override async preToolExecutionHook() { this.log.push(`${this.label}:pre`); }
  override async postParamsNormalizationHook() { this.log.push(`${this.label}:norm`); }
  override async postCoreActionHook() { this.log.push(`${this.label}:core`); }
  override async postToolExecutionHook() { this.log.push(`${this.label}:post`); }
}

/** A policy whose verdict at one stage is scripted by the test. */
class ScriptedPolicy extends AbstractPolicy {
  constructor(
    private readonly stage: 'pre' | 'norm' | 'core' | 'post',
    private readonly verdict: () => boolean | Promise<boolean>,
    private readonly log: string[] = [],
  ) {
    super();
    this.name = `Scripted(${stage})`;
    this.relevantTools = ['*'];
  }
  protected override shouldBlockPreToolExecution() { return this.answer('pre'); }
  protected override shouldBlockPostParamsNormalization() { return this.answer('norm'); }
  protected override shouldBlockPostCoreAction() { return this.answer('core'); }
  protected override shouldBlockPostSecondaryAction() { return this.answer('post'); }
  private answer(stage: string): boolean | Promise<boolean> {
    this.log.push(`${this.name}:${stage}`);
    return stage === this.stage ? this.verdict() : false;
  }
}

describe('ToolRunner', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;

  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    sandbox.restore();
    await kit?.close();
    kit = undefined;
    client.close();
  });

  async function kitWith(hooks: unknown[], tool: BaseTool = new EchoTool(), policyTimeoutMs?: number) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)], context: { hooks }, policyTimeoutMs });
    return kit;
  }

  describe('when no listener objects', () => {
    it('runs every step once and returns the tool result', async () => {
      const tool = new EchoTool();
      const result = await (await kitWith([], tool)).execute('echo_tool', { text: 'hi', amount: 2 });
      expect(result.raw).to.deep.equal({ status: 'SUCCESS', data: { echoed: 'hi', amount: 2 } });
      expect(tool.calls).to.deep.equal({ normalize: 1, core: 1, secondary: 0 });
    });
  });

  describe('when only a later stage listens (preToolExecution builds no event)', () => {
    it('hands that stage the raw params as sent, frozen, so it cannot change what the call reports', async () => {
      const seen: { rawParams: unknown; frozen: boolean; edit: string }[] = [];
      class PostOnly extends AbstractHook {
        override relevantTools = ['echo_tool'];
        override async postToolExecutionHook(params: { rawParams?: unknown }) {
          let edit = 'accepted';
          try {
            (params.rawParams as { text: string }).text = 'changed';
          } catch (error) {
            edit = (error as Error).name;
          }
          seen.push({ rawParams: params.rawParams, frozen: Object.isFrozen(params.rawParams), edit });
        }
      }
      const result = await (await kitWith([new PostOnly()])).execute('echo_tool', { text: 'hi' });
      expect(result.raw).to.deep.equal({ status: 'SUCCESS', data: { echoed: 'hi', amount: 1 } });
      expect(seen).to.deep.equal([{ rawParams: { text: 'hi' }, frozen: true, edit: 'TypeError' }]);
    });
  });

  describe('when hooks and policies share a stage', () => {
    it('runs hooks before policies, each in registration order, stage by stage', async () => {
      const log: string[] = [];
      await (await kitWith([new ScriptedPolicy('pre', () => false, log), new LogHook('h1', log), new LogHook('h2', log)])).execute('echo_tool', { text: 'x' });
      expect(log).to.deep.equal([
        'h1:pre', 'h2:pre', 'Scripted(pre):pre',
        'h1:norm', 'h2:norm', 'Scripted(pre):norm',
        'h1:core', 'h2:core', 'Scripted(pre):core',
        'h1:post', 'h2:post', 'Scripted(pre):post',
      ]);
    });
  });

  describe('when a policy blocks before execution', () => {
    for (const [stage, ran] of [
      ['pre', { normalize: 0, core: 0 }],
      ['norm', { normalize: 1, core: 0 }],
    ] as const) {
      it(`at ${stage}: later steps never run and the result names the policy`, async () => {
        const tool = new EchoTool();
        const result = await (await kitWith([new ScriptedPolicy(stage, () => true)], tool)).execute('echo_tool', { text: 'x' });
        expect(result.raw.status).to.equal('ERROR');
        expect(result.raw.blockedBy).to.include({ policy: `Scripted(${stage})` });
        expect(tool.calls).to.deep.include(ran);
        expect(result.humanMessage).to.match(/refused by the policy "Scripted/).and.match(/retrying the same request will not help/);
      });
    }

    it('at postCoreAction: the transaction is built but never submitted', async () => {
      const tool = new RecordingTransferTool();
      const result = await (await kitWith([new ScriptedPolicy('core', () => true)], tool)).execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'Scripted(core)', stage: 'postCoreAction' });
      expect(tool.submitted).to.have.length(0);
    });
  });

  describe('when a policy cannot give a verdict (fail closed)', () => {
    it('blocks when it throws, with its message as the reason', async () => {
      const result = await (await kitWith([new ScriptedPolicy('norm', () => { throw new Error('limit service down'); })])).execute('echo_tool', { text: 'x' });
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'Scripted(norm)', stage: 'postParamsNormalization', reason: 'limit service down' });
    });

    it('blocks when it rejects', async () => {
      const result = await (await kitWith([new ScriptedPolicy('pre', () => Promise.reject(new Error('nope')))])).execute('echo_tool', { text: 'x' });
      expect(result.raw.blockedBy).to.include({ reason: 'nope' });
    });

    it('blocks when it exceeds the kit time budget', async () => {
      const tool = new EchoTool();
      const never = () => new Promise<boolean>(() => undefined);
      const result = await (await kitWith([new ScriptedPolicy('pre', never)], tool, 20)).execute('echo_tool', { text: 'x' });
      expect(result.raw.blockedBy?.reason).to.equal('no verdict within its 20 ms time budget');
      expect(tool.calls.normalize).to.equal(0);
    });

    it('uses a policy own time budget over the kit default', async () => {
      const policy = new ScriptedPolicy('pre', () => new Promise<boolean>(() => undefined));
      policy.timeoutMs = 15;
      const result = await (await kitWith([policy], new EchoTool(), 60_000)).execute('echo_tool', { text: 'x' });
      expect(result.raw.blockedBy?.reason).to.equal('no verdict within its 15 ms time budget');
    });
  });

  describe('when a later listener tries to change what was approved', () => {
    it('cannot alter normalised params after postParamsNormalization approved them', async () => {
      class Tamper extends AbstractHook {
        override relevantTools = ['*'];
        override async postCoreActionHook(params: PostCoreActionParams) {
          params.normalisedParams.hbar = new Hbar(1000);
        }
      }
      const tool = new RecordingTransferTool();
      const result = await (await kitWith([new ScriptedPolicy('norm', () => false), new Tamper()], tool)).execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.stage).to.equal('postCoreAction');
      expect(tool.submitted).to.have.length(0);
    });

    it('cannot replace the transaction after postCoreAction approved it', async () => {
      const swapped = new TransferTransaction();
      const tool = new RecordingTransferTool();
      kit = await kitWith([new ScriptedPolicy('core', () => false)], tool);
      kit.on('postCoreAction', (event) => {
        try {
          (event as { coreActionResult: unknown }).coreActionResult = swapped;
        } catch {
          /* strict-mode assignment to a locked property throws; either way it must not take */
        }
      });
      const result = await kit.execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(tool.submitted).to.have.length(1);
      expect(tool.submitted[0]).to.not.equal(swapped);
      expect(tool.submitted[0]!.hbarTransfers.get('0.0.5')!.toTinybars().toNumber()).to.equal(100_000_000);
    });

    it('freezes the approved transaction so its setters refuse changes', async () => {
      class SetMemo extends AbstractHook {
        override relevantTools = ['*'];
        override async postToolExecutionHook() {}
        override async postCoreActionHook() {}
      }
      let attempt: unknown;
      const tool = new RecordingTransferTool();
      kit = await kitWith([new SetMemo()], tool);
      kit.on('postCoreAction', (event) => {
        try {
          (event.coreActionResult as TransferTransaction).setTransactionMemo('changed');
        } catch (error) {
          attempt = error;
        }
      });
      await kit.execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(attempt).to.be.instanceOf(Error);
      expect(tool.submitted[0]!.transactionMemo).to.equal('');
    });
  });

  describe('after the action executed', () => {
    it('a blocking policy keeps the status and transaction ID and says it cannot undo', async () => {
      const result = await (await kitWith([new ScriptedPolicy('post', () => true)], new RecordingTransferTool())).execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw.transactionId).to.match(/^0\.0\.2@/);
      expect(result.raw.blockedBy).to.deep.equal({ policy: 'Scripted(post)', stage: 'postToolExecution' });
      expect(result.humanMessage).to.match(/cannot be undone/);
    });

    it('a failing hook becomes a warning, not an error', async () => {
      class Broken extends AbstractHook {
        override relevantTools = ['*'];
        override async postToolExecutionHook(): Promise<void> {
          throw new Error('disk full');
        }
      }
      const result = await (await kitWith([new Broken()], new RecordingTransferTool())).execute('recording_transfer_tool', { to: '0.0.5', hbar: 1 });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(result.raw.warnings).to.deep.equal(['hook "Broken" failed after the action ran: disk full']);
    });
  });

  describe('the toolError stage', () => {
    it('fires with the stage reached and the policy for a block', async () => {
      const seen = sandbox.spy();
      kit = await kitWith([new ScriptedPolicy('norm', () => true)]);
      kit.on('toolError', seen);
      await kit.execute('echo_tool', { text: 'x' });
      expect(seen.calledOnce).to.equal(true);
      const event = seen.firstCall.args[0];
      expect(event.stage).to.equal('postParamsNormalization');
      expect(event.blockedBy.policy).to.equal('Scripted(norm)');
      expect(event.normalisedParams).to.deep.equal({ text: 'x', amount: 1 });
    });

    it('fires with the error when a step throws, and hooks hear it too', async () => {
      const heard: string[] = [];
      class ErrorHook extends AbstractHook {
        override relevantTools = ['echo_tool'];
        override async toolErrorHook(params: { stage: string; error: Error }) {
          heard.push(`${params.stage}:${params.error.message}`);
        }
      }
      const tool = new EchoTool();
      sandbox.stub(tool, 'coreAction').throws(new Error('boom'));
      const result = await (await kitWith([new ErrorHook()], tool)).execute('echo_tool', { text: 'x' });
      expect(heard).to.deep.equal(['coreAction:boom']);
      expect(result.raw).to.include({ status: 'ERROR', stage: 'coreAction', error: 'boom' });
    });

    it('fires for invalid input, which never reaches normalisation', async () => {
      const tool = new EchoTool();
      kit = await kitWith([], tool);
      const seen = sandbox.spy();
      kit.on('toolError', seen);
      const result = await kit.execute('echo_tool', { text: 'x', amount: -1 });
      expect(result.raw.errorCode).to.equal('E_INVALID_PARAMS');
      expect(result.raw.issues).to.deep.equal(['amount: Too small: expected number to be >0']);
      expect(seen.firstCall.args[0].stage).to.equal('normalizeParams');
      expect(tool.calls.normalize).to.equal(0);
    });
  });

  describe('adversarial input', () => {
    for (const [label, input, issue] of [
      ['a __proto__ key', JSON.parse('{"text":"x","__proto__":{"polluted":true}}'), '__proto__: the key "__proto__" is not allowed'],
      ['a nested constructor key', { text: 'x', nested: { constructor: { prototype: {} } } }, 'nested.constructor: the key "constructor" is not allowed'],
      ['an array instead of an object', ['x'], 'parameters must be a JSON object, got an array'],
      ['a function value', { text: () => 'x' }, 'text: function values are not accepted; send JSON data'],
    ] as const) {
      it(`refuses ${label} before any listener sees it`, async () => {
        const pre = sandbox.spy();
        kit = await kitWith([]);
        kit.on('preToolExecution', pre);
        const result = await kit.execute('echo_tool', input);
        expect(result.raw.issues).to.deep.equal([issue]);
        expect(pre.called).to.equal(false);
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      });
    }

    it('refuses a huge array with a clear message', async () => {
      const result = await (await kitWith([])).execute('echo_tool', { text: 'x', many: new Array(20_000).fill(0) });
      expect(result.raw.issues).to.deep.equal(['parameters are too large (more than 10000 values)']);
    });

    it('does not freeze or alter the caller object', async () => {
      const input = { text: 'x' };
      await (await kitWith([new ScriptedPolicy('pre', () => false)])).execute('echo_tool', input);
      expect(Object.isFrozen(input)).to.equal(false);
    });
  });
});
