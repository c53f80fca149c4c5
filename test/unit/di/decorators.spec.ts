import { expect } from 'chai';
import { Client, PrivateKey } from '@hiero-ledger/sdk';
import { container as rootContainer, inject, injectable } from 'tsyringe';
import { AUDIT_CLIENT, HEDERA_CLIENT, Hook, Policy, createAgentKit, type AgentKit, type StageEvent } from '../../../src/index.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

@injectable()
class ClientRecorder {
  static seen: Client[] = [];
  constructor(@inject(AUDIT_CLIENT) private readonly auditClient: Client) {}

  @Hook('postToolExecution', ['echo_tool'])
  record(_event: StageEvent<'postToolExecution', 'echo_tool'>): void {
    ClientRecorder.seen.push(this.auditClient);
  }
}

@injectable()
class TextGuard {
  calls = 0;

  @Policy('postParamsNormalization', ['*'])
  judge(event: StageEvent<'postParamsNormalization'>) {
    this.calls++;
    if (event.normalisedParams.text === 'forbidden') return { block: true, reason: 'forbidden text' };
    return { block: false };
  }
}

/** Answers whatever verdict the test sets, to see how the kit reads it. */
@injectable()
class ScriptedVerdict {
  static verdict: unknown;

  @Policy('preToolExecution', ['*'])
  answer(): unknown {
    return ScriptedVerdict.verdict;
  }
}

/** A rate limit kept in instance state: the third call of one kit is refused. */
@injectable()
class TwoCallLimit {
  private calls = 0;

  @Policy('preToolExecution', ['*'])
  limit(): boolean {
    return ++this.calls > 2;
  }
}

describe('@Hook / @Policy with dependency injection', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => {
    client = offlineClient();
    ClientRecorder.seen = [];
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });

  const makeKit = (hooks: unknown[], container = rootContainer) =>
    createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('t', new EchoTool())], hooks, container });

  describe('when no audit client is registered', () => {
    it('injects the kit operator client as AUDIT_CLIENT', async () => {
      kit = await makeKit([ClientRecorder]);
      await kit.execute('echo_tool', { text: 'a' });
      expect(ClientRecorder.seen).to.deep.equal([client]);
      expect(kit.container.resolve(HEDERA_CLIENT)).to.equal(client);
    });
  });

  describe('when the user registers a custom HCS client', () => {
    it('injects it into the decorated class', async () => {
      const auditClient = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false }).setOperator('0.0.7', PrivateKey.generateED25519());
      const parent = rootContainer.createChildContainer();
      parent.register(AUDIT_CLIENT, { useValue: auditClient });
      kit = await makeKit([ClientRecorder], parent);
      await kit.execute('echo_tool', { text: 'a' });
      expect(ClientRecorder.seen).to.deep.equal([auditClient]);
      auditClient.close();
    });
  });

  describe('a @Policy method', () => {
    it('blocks with { block: true, reason } and allows with { block: false }', async () => {
      kit = await makeKit([TextGuard]);
      const blocked = await kit.execute('echo_tool', { text: 'forbidden' });
      expect(blocked.raw.blockedBy).to.deep.equal({ policy: 'TextGuard.judge', stage: 'postParamsNormalization', reason: 'forbidden text' });
      const allowed = await kit.execute('echo_tool', { text: 'fine' });
      expect(allowed.raw.status).to.equal('SUCCESS');
    });

    it('allows on falsy verdicts and blocks on any truthy verdict it cannot read (fail closed)', async () => {
      kit = await makeKit([ScriptedVerdict]);
      const statusFor = async (verdict: unknown) => {
        ScriptedVerdict.verdict = verdict;
        return (await kit!.execute('echo_tool', { text: 'x' })).raw.status;
      };
      for (const verdict of [false, 0, '', null, undefined, { block: false }, { block: 0, reason: 'not a block' }]) {
        expect(await statusFor(verdict), JSON.stringify(verdict)).to.equal('SUCCESS');
      }
      for (const verdict of [true, 1, 'yes', 'false', { reason: 'no block field' }, [], { block: 'yes' }]) {
        expect(await statusFor(verdict), JSON.stringify(verdict)).to.equal('ERROR');
      }
      ScriptedVerdict.verdict = { reason: 'kept' };
      expect((await kit.execute('echo_tool', { text: 'x' })).raw.blockedBy).to.deep.equal({ policy: 'ScriptedVerdict.answer', stage: 'preToolExecution', reason: 'kept' });
    });

    it('is resolved per kit, so policy state does not leak between kits', async () => {
      kit = await makeKit([TwoCallLimit]);
      const other = await makeKit([TwoCallLimit]);
      const statuses = [];
      for (const text of ['a', 'b', 'c']) statuses.push((await kit.execute('echo_tool', { text })).raw.status);
      statuses.push((await other.execute('echo_tool', { text: 'd' })).raw.status);
      expect(statuses).to.deep.equal(['SUCCESS', 'SUCCESS', 'ERROR', 'SUCCESS']);
      await other.close();
    });
  });

  describe('decorator arguments', () => {
    it('refuses an unknown stage at decoration time', () => {
      expect(() => Hook('postExecution' as never, ['*'])).to.throw(/stage "postExecution" is not a stage; expected one of preToolExecution/);
    });
    it('refuses an empty tool list', () => {
      expect(() => Policy('preToolExecution', [])).to.throw(/non-empty array of tool names/);
    });
    it('refuses toolError for a policy: a policy cannot veto a failure', () => {
      expect(() => Policy('toolError' as never, ['*'])).to.throw(/@Policy stage "toolError" is not a stage/);
    });
    it('refuses a non-positive time budget', () => {
      expect(() => Policy('preToolExecution', ['*'], { timeoutMs: 0 })).to.throw(/timeoutMs must be a positive number/);
    });
  });

  describe('a class that cannot be constructed', () => {
    it('gets an error naming the class and the fix', async () => {
      class NotInjectable {
        constructor(readonly dep: { x: number }) {}
        @Hook('preToolExecution', ['*'])
        noop(): void {}
      }
      let error: unknown;
      try {
        await makeKit([NotInjectable]);
      } catch (caught) {
        error = caught;
      }
      expect(String(error)).to.match(/Cannot construct NotInjectable: .*Mark the class @injectable\(\)/);
    });
  });
});
