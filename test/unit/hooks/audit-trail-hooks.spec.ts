import { expect } from 'chai';
import sinon from 'sinon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrivateKey, type Client } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../src/hooks/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { RejectToolPolicy } from '../../../src/policies/index.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { auditEntryProblems } from '../../../src/audit/entries/audit-entry.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';

describe('audit trail hooks (offline)', () => {
  const sandbox = sinon.createSandbox();
  let journalDir: string;

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'audit-unit-'));
  });

  const clients: Client[] = [];
  const track = (client: Client): Client => (clients.push(client), client);

  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
    sandbox.restore();
    rmSync(journalDir, { recursive: true, force: true });
  });

  describe('when constructed with bad arguments', () => {
    it('names the argument and what is accepted', () => {
      expect(() => new HcsAuditTrailHook(['t'], '12345')).to.throw(`'hcsTopicId' must be a topic ID like "0.0.12345"`);
      expect(() => new HcsAuditTrailHook(['t'], '0.0.1-abcde')).to.throw('no checksum');
      expect(() => new HcsAuditTrailHook('t' as never, '0.0.1')).to.throw('invalid relevantTools');
      expect(() => new HcsAuditTrailHook(['t'], '0.0.1', {} as never)).to.throw(`'loggingClient' must be a @hiero-ledger/sdk Client`);
      expect(() => new HcsAuditTrailHook(['t'], '0.0.1', undefined, { journalDir: '' })).to.throw(`'journalDir' must be a folder path`);
      expect(() => new HolAuditTrailHook(undefined as never)).to.throw('needs an options object');
      expect(() => new HolAuditTrailHook({ relevantTools: ['t'], sessionId: 'abc' })).to.throw('sessionId must be a valid Hedera topic ID');
    });
  });

  describe('when calls are blocked or fail before anything is built', () => {
    it('journals schema-valid entries before the call returns, with the policy or error', async () => {
      const hook = new HcsAuditTrailHook(['echo_tool', 'blocked_tool'], '0.0.1001', undefined, { journalDir, agentId: 'agent-7', deliver: false });
      const kit = await createAgentKit({
        client: track(offlineClient().setMaxAttempts(1)),
        pluginsDir: null,
        plugins: [pluginOf('p', new EchoTool('echo_tool'), new EchoTool('blocked_tool'))],
        context: { hooks: [hook, new RejectToolPolicy(['blocked_tool'])] },
      });
      await kit.execute('blocked_tool', { text: 'no' });
      await kit.execute('echo_tool', { text: 'x'.repeat(500) });
      const journal = join(journalDir, 'hcs-0.0.1001.jsonl');
      const entries = readFileSync(journal, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry);
      expect(entries.map((entry) => [entry.seq, entry.outcome, entry.stage, entry.session])).to.deep.equal([
        [1, 'blocked', 'preToolExecution', 'agent-7'],
        [2, 'failed', 'normalizeParams', 'agent-7'],
      ]);
      expect(entries[0].blockedBy).to.deep.equal({ policy: 'Reject Tool Call', stage: 'preToolExecution' });
      expect(entries[1].error.code).to.equal('E_INVALID_PARAMS');
      for (const entry of entries) expect(auditEntryProblems(entry)).to.deep.equal([]);
      const [status] = kit.audit.pending();
      expect(status).to.include({ stream: 'HcsAuditTrailHook 0.0.1001', journal, undelivered: 2 });
      await kit.close();
    });

    it('records what a call blocked at preToolExecution tried, as a bounded and redacted sample', async () => {
      const key = PrivateKey.generateED25519();
      const hook = new HcsAuditTrailHook(['blocked_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      const kit = await createAgentKit({
        client: track(offlineClient().setMaxAttempts(1)),
        pluginsDir: null,
        plugins: [pluginOf('p', new EchoTool('blocked_tool'))],
        context: { hooks: [hook, new RejectToolPolicy(['blocked_tool'])] },
      });
      const result = await kit.execute('blocked_tool', { text: 'y'.repeat(500), privateKey: key.toStringDer(), list: Array.from({ length: 20 }, (_, k) => k) });
      await kit.close();
      expect(result.raw.errorCode).to.equal('E_POLICY_BLOCKED');
      const text = readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8');
      const [entry] = text.trim().split('\n').map((line) => JSON.parse(line)).filter((record) => record.r === 'entry').map((record) => record.entry);
      expect(entry).to.include({ outcome: 'blocked', stage: 'preToolExecution', paramsKind: 'raw' });
      expect(entry.params).to.deep.equal({
        text: `${'y'.repeat(100)}…[400 more characters]`,
        privateKey: '[REDACTED]',
        list: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '…[10 more items]'],
      });
      expect(text).not.to.contain(key.toStringRaw());
      expect(auditEntryProblems(entry)).to.deep.equal([]);
    });

    it('never writes a private key found in the params', async () => {
      const key = PrivateKey.generateED25519();
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      const kit = await createAgentKit({ client: track(offlineClient().setMaxAttempts(1)), pluginsDir: null, plugins: [pluginOf('p', new EchoTool())], context: { hooks: [hook] } });
      await kit.execute('echo_tool', { text: key.toStringDer() });
      await kit.close();
      const text = readFileSync(join(journalDir, 'hcs-0.0.1001.jsonl'), 'utf8');
      expect(text).to.contain('[REDACTED]');
      expect(text).not.to.contain(key.toStringRaw());
    });
  });

  describe('when the mode returns bytes', () => {
    for (const mode of [AgentMode.RETURN_BYTES, AgentMode.CUSTOM_RETURN_BYTES]) {
      it(`refuses ${mode} at preToolExecution, before the tool runs`, async () => {
        const tool = new EchoTool();
        const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
        const strategy = { prepare: sandbox.stub(), finish: sandbox.stub() };
        const kit = await createAgentKit({ client: track(offlineClient().setMaxAttempts(1)), pluginsDir: null, plugins: [pluginOf('p', tool)], context: { hooks: [hook], mode, accountId: '0.0.2', strategy } });
        const result = await kit.execute('echo_tool', { text: 'hi' });
        expect(result.raw.errorCode).to.equal('E_MODE');
        expect(String(result.raw.error)).to.contain('does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool');
        expect(tool.calls.normalize).to.equal(0);
        await kit.close();
      });
    }
  });

  describe('when the journal folder cannot be used', () => {
    it('refuses to start the kit, naming the folder', async () => {
      const blocker = join(journalDir, 'file');
      writeFileSync(blocker, 'x');
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir: join(blocker, 'sub'), deliver: false });
      const started = createAgentKit({ client: track(offlineClient().setMaxAttempts(1)), pluginsDir: null, plugins: [pluginOf('p', new EchoTool())], context: { hooks: [hook] } });
      await started.then(() => expect.fail('started'), (error: Error) => expect(error.message).to.contain(`could not create the folder ${join(blocker, 'sub')}`));
    });

    it('fails the call closed, before the tool runs, for a hook added after the start', async () => {
      const tool = new EchoTool();
      const blocker = join(journalDir, 'file');
      writeFileSync(blocker, 'x');
      const hook = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir: join(blocker, 'sub'), deliver: false });
      const kit = await createAgentKit({ client: track(offlineClient().setMaxAttempts(1)), pluginsDir: null, plugins: [pluginOf('p', tool)] });
      kit.use(hook);
      const result = await kit.execute('echo_tool', { text: 'hi' });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.stage).to.equal('preToolExecution');
      expect(tool.calls.normalize).to.equal(0);
      await kit.close();
    });
  });
});

describe('audit status before the journal is open', () => {
  let journalDir: string;

  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'audit-status-'));
  });

  afterEach(() => rmSync(journalDir, { recursive: true, force: true }));

  describe('when an earlier run left undelivered entries', () => {
    it('reports them from the file, and nothing when there is no journal yet', async () => {
      const fresh = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir, deliver: false });
      expect(fresh.auditStatus().undelivered).to.equal(0);
      const client = offlineClient();
      try {
        const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool())], context: { hooks: [fresh, new RejectToolPolicy(['echo_tool'])] } });
        await kit.execute('echo_tool', { text: 'a' });
        await kit.execute('echo_tool', { text: 'b' });
        await kit.close();
      } finally {
        client.close();
      }
      const later = new HcsAuditTrailHook(['echo_tool'], '0.0.1001', undefined, { journalDir });
      expect(later.auditStatus()).to.include({ undelivered: 2 });
    });
  });
});
