import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LedgerId, type Client } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit, KIT_OWNED_CONTEXT_KEYS, type AgentKit, type CallOptions } from '../../../src/index.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { HederaAgentAPI } from '../../../src/kit/hedera-agent-api.js';
import type { PreToolExecutionParams } from '../../../src/lifecycle/stage-events.js';
import { auditEntryProblems } from '../../../src/audit/entries/audit-entry.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { openOtelWorld } from '../../support/otel-world.js';

/** Notes the context each call's policies judged, and tries to rewrite it as a hostile policy would. */
class ContextWitness extends AbstractPolicy {
  override name = 'Context Witness';
  override relevantTools = ['*'];
  seen: Record<string, unknown>[] = [];
  tamper = false;
  protected override shouldBlockPreToolExecution(params: PreToolExecutionParams): boolean {
    const context = params.context as Record<string, unknown>;
    if (this.tamper) {
      for (const write of [() => (context.userId = 'mallory'), () => (context.mode = 'returnBytes'), () => ((context.tenant as { plan: string }).plan = 'gold')]) {
        try {
          write();
        } catch {
          // frozen: the write is refused, which is the point
        }
      }
    }
    this.seen.push(JSON.parse(JSON.stringify({ ...context, hooks: undefined })));
    return false;
  }
}

describe('kit.execute with per-call options', () => {
  let client: Client;
  let kit: AgentKit;
  let witness: ContextWitness;
  let journalDir: string;

  beforeEach(async () => {
    client = offlineClient();
    witness = new ContextWitness();
    journalDir = mkdtempSync(join(tmpdir(), 'per-call-context-'));
    kit = await createAgentKit({
      client,
      pluginsDir: null,
      plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'))],
      context: { accountId: '0.0.2', sessionId: 'kit-session', region: 'eu', hooks: [witness] },
    });
  });
  afterEach(async () => {
    await kit.close();
    client.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  it("lays the call's context over the kit's for that call only; the next call sees the kit's again", async () => {
    const first = await kit.execute('echo_tool', { text: 'a' }, { context: { userId: 'alice', sessionId: 's-42', tenant: { id: 't-1' } } });
    const second = await kit.execute('echo_tool', { text: 'b' });
    expect(first.raw.status).to.equal('SUCCESS');
    expect(second.raw.status).to.equal('SUCCESS');
    expect(witness.seen[0]).to.include({ accountId: '0.0.2', region: 'eu', userId: 'alice', sessionId: 's-42' });
    expect(witness.seen[0]!.tenant).to.deep.equal({ id: 't-1' });
    expect(witness.seen[1]).to.include({ sessionId: 'kit-session' });
    expect(witness.seen[1]).not.to.have.property('userId');
    expect(kit.context).not.to.have.property('userId');
  });

  it('freezes the call context all the way down: a policy cannot rewrite who the call is for, its mode or nested data', async () => {
    witness.tamper = true;
    const given = { userId: 'alice', tenant: { id: 't-1', plan: 'free' } };
    await kit.execute('echo_tool', { text: 'a' }, { context: given });
    expect(witness.seen[0]).to.include({ userId: 'alice', mode: 'autonomous' });
    expect(witness.seen[0]!.tenant).to.deep.equal({ id: 't-1', plan: 'free' });
    // The application's own object is copied, never frozen or written under it.
    expect(Object.isFrozen(given.tenant)).to.equal(false);
  });

  it('refuses a per-call context that sets a key the kit owns, naming the key; nothing runs', async () => {
    for (const key of KIT_OWNED_CONTEXT_KEYS) {
      const attempt = kit.execute('echo_tool', { text: 'a' }, { context: { [key]: key === 'hooks' ? [] : 'x' } });
      const error = await attempt.then(() => undefined, (thrown: Error) => thrown);
      expect(error, key).to.be.an('error');
      expect(error!.message).to.contain(`'context.${key}'`).and.to.contain('belongs to the kit');
    }
    expect(witness.seen).to.have.length(0);
  });

  it('refuses options that are not what it takes, naming the field and what is accepted', async () => {
    const refused = async (options: unknown, ...words: string[]) => {
      const error = await kit.execute('echo_tool', { text: 'a' }, options as CallOptions).then(() => undefined, (thrown: Error) => thrown);
      expect(error, words.join(' ')).to.be.an('error');
      for (const word of words) expect(error!.message).to.contain(word);
      expect((error as { code?: string }).code).to.equal('E_INVALID_ARGUMENT');
    };
    await refused({ idempotencykey: 'k' }, "unknown option 'idempotencykey'", 'idempotencyKey');
    await refused({ idempotencyKey: '' }, "'idempotencyKey' must be a non-empty string");
    await refused({ idempotencyKey: 'k'.repeat(257) }, 'at most 256 characters');
    await refused({ toolCallId: { id: 1 } }, "'toolCallId' must be the model's ID for the tool call");
    await refused({ context: 'alice' }, 'context', 'JSON-like');
    await refused({ context: { userId: 42 } }, 'context.userId', 'non-empty string');
    await refused({ context: { sessionId: 's'.repeat(201) } }, 'context.sessionId', 'at most 200');
    await refused(JSON.parse('{"context":{"__proto__":{"mode":"returnBytes"}}}'), "'context.__proto__' is refused");
    await refused({ context: { nested: { constructor: { prototype: {} } } } }, "'context.nested.constructor' is refused");
    await refused({ context: { at: new Date(0) } }, "'context.at' must be JSON-like: a plain object");
    await refused({ context: { run: () => 1 } }, 'context.run', 'JSON-like');
    await refused({ context: { amount: 10n } }, 'context.amount', 'bigint');
    await refused({ context: { ratio: Number.NaN } }, 'context.ratio', 'finite number');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await refused({ context: { cyclic } }, 'nests deeper than 8 levels');
    await refused({ context: { blob: 'x'.repeat(20_000) } }, 'longer than 16384 characters');
    await refused({ context: Object.fromEntries(Array.from({ length: 65 }, (_, at) => [`k${at}`, at])) }, 'more than 64');
    expect(witness.seen).to.have.length(0);
  });

  it("puts the principal and the model's tool-call ID on the call's audit entry, additive to the entry's shape", async () => {
    const hook = new HcsAuditTrailHook(['*'], '0.0.1001', undefined, { journalDir, deliver: false });
    kit.use(hook);
    await kit.execute('echo_tool', { text: 'a' }, { context: { userId: 'alice', tenantId: 'acme', plan: 'gold' }, toolCallId: 'call_9f' });
    await kit.execute('echo_tool', { text: 'b' });
    const entries = readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry);
    expect(entries).to.have.length(2);
    expect(entries[0].principal).to.deep.equal({ userId: 'alice', sessionId: 'kit-session', tenantId: 'acme' });
    expect(entries[0].toolCallId).to.equal('call_9f');
    // What the application set beside the principal stays in the context, not on the trail.
    expect(JSON.stringify(entries[0])).not.to.contain('gold');
    expect(entries[1].principal).to.deep.equal({ sessionId: 'kit-session' });
    expect(entries[1]).not.to.have.property('toolCallId');
    for (const entry of entries) expect(auditEntryProblems(entry)).to.deep.equal([]);
  });

  it("names the span by the model's tool-call ID given per call (gen_ai.tool.call.id), and a call without one by none", async () => {
    const otel = openOtelWorld();
    const traced = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('echo-plugin', new EchoTool('echo_tool'))], telemetry: { tracerProvider: otel.tracerProvider, metrics: false } });
    try {
      await traced.execute('echo_tool', { text: 'a' }, { toolCallId: 'call_abc' });
      await traced.execute('echo_tool', { text: 'b' }, { toolCallId: 7 });
      await traced.execute('echo_tool', { text: 'c' });
      const ids = otel.spans().filter((span) => span.name === 'execute_tool echo_tool').map((span) => span.attributes['gen_ai.tool.call.id']);
      expect(ids).to.deep.equal(['call_abc', '7', undefined]);
    } finally {
      await traced.close();
      await otel.close();
    }
  });

  it('takes the same options through kit.run, HederaAgentAPI.run and a standalone tool.execute', async () => {
    const ran = JSON.parse(await kit.run('echo_tool', { text: 'a' }, { context: { userId: 'bob' } }));
    expect(ran.raw.status).to.equal('SUCCESS');
    expect(witness.seen.at(-1)).to.include({ userId: 'bob' });

    const apiWitness = new ContextWitness();
    const api = new HederaAgentAPI(client.setLedgerId(LedgerId.LOCAL_NODE), { hooks: [apiWitness] }, [new EchoTool('echo_tool')]);
    await api.run('echo_tool', { text: 'a' }, { context: { userId: 'carol' } });
    expect(apiWitness.seen.at(-1)).to.include({ userId: 'carol' });
    expect(await api.run('echo_tool', { text: 'a' }, { context: { accountId: '0.0.666' } }).then(() => 'ran', (error: Error) => error.message)).to.contain("HederaAgentAPI.run: 'context.accountId' belongs to the kit");

    const standaloneWitness = new ContextWitness();
    const tool = new EchoTool('echo_tool');
    await tool.execute(client, { hooks: [standaloneWitness], accountId: '0.0.2' }, { text: 'a' }, { context: { userId: 'dave' } });
    expect(standaloneWitness.seen.at(-1)).to.include({ userId: 'dave', accountId: '0.0.2' });
    const refused = await tool.execute(client, { hooks: [standaloneWitness] }, { text: 'a' }, { context: { hooks: [] } }).then(() => 'ran', (error: Error) => error.message);
    expect(refused).to.contain('tool.execute').and.to.contain("'context.hooks' belongs to the kit");
  });
});
