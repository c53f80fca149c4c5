import { expect } from 'chai';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client } from '@hiero-ledger/sdk';
import { createAgentKit, type AgentKit, type ToolResult } from '../../../src/index.js';
import { DuplicateIntentPolicy } from '../../../src/policies/duplicate-intent-policy.js';
import { PerKey, scopedName, shownKey } from '../../../src/policies/per-key.js';
import { RateLimitPolicy } from '../../../src/policies/rate-limit-policy.js';
import { SpendLimitPolicy } from '../../../src/policies/spend-limit-policy.js';
import { MemoryPolicyStore } from '../../../src/policies/state/memory-store.js';
import { offlineClient } from '../../support/offline-client.js';
import { ScriptedTransferTool, scriptedTransferPlugin, type ScriptedTransferInput } from '../../support/scripted-transfer-tool.js';

const HBAR = 100_000_000n;
const HOUR = 3_600_000;

function send(hbar: number, extra: Partial<ScriptedTransferInput> = {}): ScriptedTransferInput {
  return { to: '0.0.1001', tinybars: (BigInt(hbar) * HBAR).toString(), ...extra };
}

function blocked(result: ToolResult): string {
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_POLICY_BLOCKED');
  return result.raw.blockedBy!.reason!;
}

describe('per: budgets, rates and intents per user, session or tenant', () => {
  let client: Client;
  const kits: AgentKit[] = [];

  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    await Promise.all(kits.splice(0).map((kit) => kit.close()));
    client.close();
  });

  async function kitWith(hooks: unknown[], context: Record<string, unknown> = {}, tool = new ScriptedTransferTool()): Promise<AgentKit> {
    const kit = await createAgentKit({ client, pluginsDir: null, plugins: [scriptedTransferPlugin(tool)], context: { ...context, hooks } });
    kits.push(kit);
    return kit;
  }

  describe('when the option is checked', () => {
    it('takes a path into the context or a function, and refuses paths into what the model writes', () => {
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, per: 'context.sessionId' })).not.to.throw();
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, per: () => 'a' })).not.to.throw();
      expect(() => new SpendLimitPolicy({ hbar: 5, windowMs: HOUR, per: 'rawParams.to' })).to.throw(/'per' must be a path into the call's context such as 'context\.sessionId'.*\(the params are what the model writes/);
      expect(() => new RateLimitPolicy({ limit: 1, windowMs: 1000, per: 'sessionId' })).to.throw(/'per' must be a path into the call's context/);
      expect(() => new RateLimitPolicy({ limit: 1, windowMs: 1000, per: 'context.__proto__.x' })).to.throw(/'per' must be a path into the call's context/);
      expect(() => new DuplicateIntentPolicy({ windowMs: 1000, per: 42 as never })).to.throw(/'per' must be a path into the call's context/);
    });

    it('reads own properties only, and refuses a key that is missing, empty, not a string or too long', () => {
      const key = new PerKey<{ context: unknown }>('context.tenant.id');
      expect(key.of({ context: { tenant: { id: 'acme' } } })).to.equal('acme');
      expect(() => key.of({ context: Object.create({ tenant: { id: 'inherited' } }) })).to.throw("cannot read the call's context.tenant.id key: it is undefined, not a string of 1 to 256 characters");
      expect(() => key.of({ context: { tenant: { id: '' } } })).to.throw(/it is an empty string/);
      expect(() => key.of({ context: { tenant: { id: 7 } } })).to.throw(/it is a number/);
      expect(() => key.of({ context: { tenant: { id: 'x'.repeat(257) } } })).to.throw(/it is a string of 257 characters/);
      expect(() => new PerKey(() => { throw new Error('no session'); }).of({ context: {} })).to.throw("cannot read the call's the per function key (no session)");
    });

    it('hashes the key into the store name, so no key reaches the store or meets another', () => {
      expect(scopedName('team', 'a:b}')).to.match(/^team#[\w-]{43}$/);
      expect(scopedName('team', 'a')).not.to.equal(scopedName('team', 'b'));
      expect(shownKey('context.sessionId', `"${'y'.repeat(80)}`)).to.equal(`session ${JSON.stringify(`"${'y'.repeat(63)}…`)}`);
      // Whose key it was: the principal's paths by their noun, any other path as written.
      expect(shownKey('context.userId', 'alice')).to.equal('user "alice"');
      expect(shownKey('context.tenantId', 'acme')).to.equal('tenant "acme"');
      expect(shownKey('context.tenant.id', 'acme')).to.equal('context.tenant.id "acme"');
    });
  });

  describe('SpendLimitPolicy with per', () => {
    it('gives each of 50 sessions its own budget: of 100 concurrent calls, exactly one per session goes out', async () => {
      const sessions = new AsyncLocalStorage<string>();
      const tool = new ScriptedTransferTool();
      const policy = new SpendLimitPolicy({ hbar: 15, windowMs: HOUR, per: () => sessions.getStore() });
      const kit = await kitWith([policy], {}, tool);
      const calls = Array.from({ length: 100 }, (_, at) => sessions.run(`session-${at % 50}`, () => kit.execute('transfer_hbar_tool', send(10, { delayMs: at % 5 }))));
      const results = await Promise.all(calls);
      expect(results.filter((result) => result.raw.status === 'SUCCESS')).to.have.length(50);
      expect(tool.executed).to.have.length(50);
      for (let session = 0; session < 50; session++) {
        expect(await policy.usage('0.0.2', 'HBAR', `session-${session}`)).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
      }
      const reason = blocked(results.find((result) => result.raw.status !== 'SUCCESS')!);
      expect(reason).to.match(/^budget "spend-limit" of the per function "session-\d+": 0\.0\.2 may spend 15 HBAR per 1 h; this call moves 10 HBAR, but 10 HBAR is spent or reserved/);
    });

    it("keys on 'context.sessionId' across kits sharing one store, and blocks a kit whose context has no session", async () => {
      const store = new MemoryPolicyStore();
      const policy = () => new SpendLimitPolicy({ hbar: 15, windowMs: HOUR, per: 'context.sessionId', store, name: 'shared' });
      const alice = await kitWith([policy()], { sessionId: 'alice' });
      const aliceAgain = await kitWith([policy()], { sessionId: 'alice' });
      const bob = await kitWith([policy()], { sessionId: 'bob' });
      const nobody = await kitWith([policy()]);
      expect((await alice.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
      expect(blocked(await aliceAgain.execute('transfer_hbar_tool', send(10)))).to.match(/^budget "shared" of session "alice": /);
      expect((await bob.execute('transfer_hbar_tool', send(10))).raw.status).to.equal('SUCCESS');
      const reason = blocked(await nobody.execute('transfer_hbar_tool', send(1)));
      expect(reason).to.include("cannot read the call's context.sessionId key: it is undefined");
      expect(await store.usage(scopedName('shared', 'alice'), '0.0.2', 'HBAR', HOUR)).to.deep.equal({ committed: 10n * HBAR, pending: 0n });
      expect(await store.usage('shared', '0.0.2', 'HBAR', HOUR)).to.deep.equal({ committed: 0n, pending: 0n });
    });

    it('asks for the key when reading usage, and refuses one without per', async () => {
      await expectRejection(new SpendLimitPolicy({ hbar: 1, windowMs: HOUR, per: 'context.sessionId' }).usage('0.0.2'), /budgets are kept per context\.sessionId; pass the key/);
      await expectRejection(new SpendLimitPolicy({ hbar: 1, windowMs: HOUR }).usage('0.0.2', 'HBAR', 'alice'), /has no 'per' option/);
    });
  });

  describe('RateLimitPolicy with per', () => {
    it('counts each session apart, names the key when it blocks, and blocks a call without one', async () => {
      const policy = () => new RateLimitPolicy({ limit: 1, windowMs: 60_000, per: 'context.sessionId', store, name: 'calls' });
      const store = new MemoryPolicyStore();
      const alice = await kitWith([policy()], { sessionId: 'alice' });
      const bob = await kitWith([policy()], { sessionId: 'bob' });
      const nobody = await kitWith([policy()], { sessionId: '' });
      expect((await alice.execute('transfer_hbar_tool', send(1))).raw.status).to.equal('SUCCESS');
      expect((await bob.execute('transfer_hbar_tool', send(1))).raw.status).to.equal('SUCCESS');
      expect(blocked(await alice.execute('transfer_hbar_tool', send(1)))).to.match(/^transfer_hbar_tool for session "alice" may be called 1 time per 1 min/);
      expect(blocked(await nobody.execute('transfer_hbar_tool', send(1)))).to.include("cannot read the call's context.sessionId key: it is an empty string");
    });
  });

  describe('DuplicateIntentPolicy with per', () => {
    it('keeps the same payment in two sessions apart, and still blocks its repeat within one', async () => {
      const store = new MemoryPolicyStore();
      const policy = () => new DuplicateIntentPolicy({ windowMs: 60_000, per: 'context.sessionId', store, name: 'intents' });
      const alice = await kitWith([policy()], { sessionId: 'alice' });
      const bob = await kitWith([policy()], { sessionId: 'bob' });
      expect((await alice.execute('transfer_hbar_tool', send(1))).raw.status).to.equal('SUCCESS');
      expect((await bob.execute('transfer_hbar_tool', send(1))).raw.status).to.equal('SUCCESS');
      expect(blocked(await alice.execute('transfer_hbar_tool', send(1)))).to.match(/^for session "alice": /);
    });
  });
});

async function expectRejection(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  let thrown: unknown;
  try {
    await promise;
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'rejected').to.be.instanceOf(Error);
  expect((thrown as Error).message).to.match(pattern);
}
