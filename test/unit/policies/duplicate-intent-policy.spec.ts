import { expect } from 'chai';
import sinon from 'sinon';
import type { Client } from '@hiero-ledger/sdk';
import { AbstractPolicy, createAgentKit, type AgentKit, type ToolResult } from '../../../src/index.js';
import { listenerCatalog } from '../../../src/config/listener-catalog.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import type { PolicyStore } from '../../../src/policies/state/policy-store.js';
import { offlineClient } from '../../support/offline-client.js';
import { ScriptedTransferTool, scriptedTransferPlugin, type ScriptedTransferInput } from '../../support/scripted-transfer-tool.js';

const HBAR = 100_000_000n;
const MINUTE = 60_000;

const send = (hbar: number, extra: Partial<ScriptedTransferInput> = {}): ScriptedTransferInput => ({ to: '0.0.1001', tinybars: (BigInt(hbar) * HBAR).toString(), ...extra });

function reasonOf(result: ToolResult): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  expect(result.raw.blockedBy).to.include({ policy: 'Duplicate Intent Policy', stage: 'postParamsNormalization' });
  return result.raw.blockedBy!.reason!;
}

/** Blocks the first `times` calls it sees after the transaction is built, as a later policy would. */
class BlockBuiltOnce extends AbstractPolicy {
  override name = 'Block Built Once';
  override relevantTools = ['transfer_hbar_tool'];
  constructor(private times = 1) { super(); }
  protected override shouldBlockPostCoreAction(): boolean {
    return this.times-- > 0;
  }
}

describe('DuplicateIntentPolicy', () => {
  const sandbox = sinon.createSandbox();
  let client: Client;
  let kit: AgentKit | undefined;
  let tool: ScriptedTransferTool;
  let callIds: string[];

  beforeEach(() => {
    client = offlineClient();
    tool = new ScriptedTransferTool();
    callIds = [];
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
    sandbox.restore();
  });

  async function kitWith(...hooks: unknown[]): Promise<AgentKit> {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { hooks } });
    kit.on('preToolExecution', (event) => void callIds.push(event.callId!));
    return kit;
  }

  describe('when constructed', () => {
    it('refuses options it cannot keep, naming the option and what is accepted', () => {
      expect(() => new DuplicateIntentPolicy({ windowMs: 0 })).to.throw("DuplicateIntentPolicy: 'windowMs' must be a positive whole number of ms");
      expect(() => new DuplicateIntentPolicy(undefined as never)).to.throw('expected options { windowMs, keyOf?, holdFailed?, tools?, store?, name?, per? }');
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, perSession: 'session' } as never)).to.throw("unknown option 'perSession'; accepted: windowMs, keyOf, holdFailed, tools, store, name, per");
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, keyOf: 'requestId' as never })).to.throw("'keyOf' must be a function (event) => string | undefined");
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, holdFailed: 'yes' as never })).to.throw("'holdFailed' must be true or false");
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, name: 'a b' })).to.throw("'name' must be 1 to 64 letters");
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, store: { redis: 'redis://127.0.0.1:6379' } })).to.throw("needs a 'name': agents that use the same store, prefix and name share the intents");
      const budgetsOnly = new MemoryPolicyStore() as PolicyStore & { claims?: unknown };
      const store = { ...Object.fromEntries(['reserve', 'commit', 'release', 'usage', 'counter', 'close'].map((m) => [m, () => undefined])), shared: false, description: 'mine' };
      expect(budgetsOnly.claims).to.be.a('function');
      expect(() => new DuplicateIntentPolicy({ windowMs: MINUTE, store: store as never })).to.throw('the store (mine) keeps no claims');
    });

    it('can be named in a configuration file', () => {
      const policy = listenerCatalog().get('DuplicateIntentPolicy')!.create([{ windowMs: 600_000 }]);
      expect(policy).to.be.instanceOf(DuplicateIntentPolicy);
      expect((policy as DuplicateIntentPolicy).description).to.contain('in the last 10 min');
    });
  });

  describe('when a transfer that executed is repeated', () => {
    it('blocks the repeat, naming the earlier call, its transaction and how it ended; the transfer runs once', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE }));
      expect((await kit!.execute('transfer_hbar_tool', send(5))).raw.status).to.equal('SUCCESS');
      const reason = reasonOf(await kit!.execute('transfer_hbar_tool', send(5)));
      expect(reason).to.contain(`this repeats call ${callIds[0]} of transfer_hbar_tool made at `);
      expect(reason).to.contain('which executed: transaction 0.0.2@1.1, SUCCESS; a retry would move the same value again');
      expect(reason).to.contain('The intent is held until');
      expect(tool.executed).to.have.length(1);
    });

    it('lets a different amount, recipient or payer through: that is another intent', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE }));
      for (const input of [send(5), send(6), send(5, { to: '0.0.1002' }), send(5, { from: '0.0.1003' })]) {
        expect((await kit!.execute('transfer_hbar_tool', input)).raw.status).to.equal('SUCCESS');
      }
      expect(tool.executed).to.have.length(4);
    });

    it('lets it through once the window has passed since the earlier call ended', async () => {
      let now = Date.now();
      const store = new MemoryPolicyStore({ now: () => now });
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE, store }));
      await kit!.execute('transfer_hbar_tool', send(5));
      now += MINUTE - 1;
      reasonOf(await kit!.execute('transfer_hbar_tool', send(5)));
      now += 1;
      expect((await kit!.execute('transfer_hbar_tool', send(5))).raw.status).to.equal('SUCCESS');
    });
  });

  describe('when the earlier call did not end in SUCCESS', () => {
    it('blocks a repeat of one whose outcome is unknown, saying to check its transaction first', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE }));
      expect((await kit!.execute('transfer_hbar_tool', send(5, { end: 'UNKNOWN' }))).raw.status).to.equal('UNKNOWN');
      const reason = reasonOf(await kit!.execute('transfer_hbar_tool', send(5, { end: 'UNKNOWN' })));
      expect(reason).to.contain('which may have executed: its outcome is unknown (transaction 0.0.2@1.1); check that transaction on the ledger before trying again');
    });

    it('lets a retry of a call that moved nothing through, by default', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE }), new BlockBuiltOnce());
      expect((await kit!.execute('transfer_hbar_tool', send(5))).raw.blockedBy?.policy).to.equal('Block Built Once');
      expect((await kit!.execute('transfer_hbar_tool', send(5))).raw.status).to.equal('SUCCESS');
      expect((await kit!.execute('transfer_hbar_tool', send(7, { end: 'ERROR' }))).raw.errorCode).to.equal('INSUFFICIENT_PAYER_BALANCE');
      expect((await kit!.execute('transfer_hbar_tool', send(7, { end: 'ERROR' }))).raw.errorCode).to.equal('INSUFFICIENT_PAYER_BALANCE');
      expect(tool.executed).to.have.length(1);
    });

    it('with holdFailed, blocks a repeat of a failed or blocked call, saying how it ended', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE, holdFailed: true }), new BlockBuiltOnce());
      await kit!.execute('transfer_hbar_tool', send(5));
      expect(reasonOf(await kit!.execute('transfer_hbar_tool', send(5)))).to.contain(`this repeats call ${callIds[0]} of transfer_hbar_tool`).and.contain('which was blocked by Block Built Once');
      await kit!.execute('transfer_hbar_tool', send(7, { end: 'ERROR' }));
      expect(reasonOf(await kit!.execute('transfer_hbar_tool', send(7, { end: 'ERROR' })))).to.contain('which failed (INSUFFICIENT_PAYER_BALANCE)');
      expect(tool.executed).to.have.length(0);
    });
  });

  describe('when two identical calls start at once', () => {
    it('blocks the second while the first is still running; one transfer goes out', async () => {
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE }));
      const [first, second] = await Promise.all([kit!.execute('transfer_hbar_tool', send(5, { delayMs: 50 })), kit!.execute('transfer_hbar_tool', send(5, { delayMs: 50 }))]);
      expect(first.raw.status).to.equal('SUCCESS');
      expect(reasonOf(second)).to.contain(`this repeats call ${callIds[0]} of transfer_hbar_tool`).and.contain('which is still running');
      expect(tool.executed).to.have.length(1);
    });
  });

  describe('when the call carries an idempotency key', () => {
    it('lets a new key through and blocks the same key again', async () => {
      let key: string | undefined = 'request-1';
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE, keyOf: () => key }));
      await kit!.execute('transfer_hbar_tool', send(5));
      expect(reasonOf(await kit!.execute('transfer_hbar_tool', send(5)))).to.contain('A new payment of the same value needs a new idempotency key');
      key = 'request-2';
      expect((await kit!.execute('transfer_hbar_tool', send(5))).raw.status).to.equal('SUCCESS');
      key = 7 as never;
      expect(reasonOf(await kit!.execute('transfer_hbar_tool', send(5)))).to.contain('keyOf returned a number, not an idempotency key');
      expect(tool.executed).to.have.length(2);
    });
  });

  describe('when the store cannot answer', () => {
    it('refuses the call, saying the intents cannot be checked (fail closed)', async () => {
      const store = new MemoryPolicyStore();
      const book = store.claims('duplicate-intent');
      sandbox.stub(store, 'claims').returns({ ...book, take: () => Promise.reject(new Error('the policy store is unreachable: ECONNREFUSED')) });
      await kitWith(new DuplicateIntentPolicy({ windowMs: MINUTE, store }));
      const result = await kit!.execute('transfer_hbar_tool', send(5));
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      expect(result.raw.blockedBy?.reason).to.contain('intents "duplicate-intent": the policy store is unreachable: ECONNREFUSED; value-moving calls are refused until it answers');
      expect(tool.executed).to.have.length(0);
    });
  });
});
