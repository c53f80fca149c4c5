import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION, auditEntryProblems, type AnyAuditEntry } from '../../../src/audit/index.js';
import { replayTrail } from '../../../src/cli/replay/replay-run.js';
import type { RecordedTrail } from '../../../src/cli/replay/replay-sources.js';
import { replayText } from '../../../src/cli/replay/replay-text.js';
import { parseConfig } from '../../../src/config/load-config.js';
import { approvalRequestDigest } from '../../../src/policies/approvals/request-digest.js';
import { callView } from '../../../src/console/call-view.js';
import { explorerLinks } from '../../../src/console/explorer-links.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { silentLogger, type Logger } from '../../../src/lifecycle/logger.js';
import { reportOnly } from '../../../src/listeners/report-mode.js';
import { RejectToolPolicy } from '../../../src/policies/reject-tool-policy.js';
import { offlineClient } from '../../support/offline-client.js';
import { EchoTool, pluginOf } from '../../support/noop-tools.js';
import { openOtelWorld } from '../../support/otel-world.js';

const ALICE = { userId: 'alice', sessionId: 's-42', tenantId: 'acme' };

describe('for whom a call ran, where people look', () => {
  describe('on spans (OpenTelemetry, the real SDK)', () => {
    for (const recordPrincipal of [false, true]) {
      it(recordPrincipal ? 'carries user.id, session.id and the tenant when telemetry is told to (recordPrincipal)' : 'carries no person by default: user and session are personal data', async () => {
        const otel = openOtelWorld();
        const client = offlineClient();
        const kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('p', new EchoTool('echo_tool'))], telemetry: { tracerProvider: otel.tracerProvider, metrics: false, recordPrincipal } });
        try {
          await kit.execute('echo_tool', { text: 'a' }, { context: { ...ALICE, email: 'alice@example.com' }, toolCallId: 'call_1' });
          const span = otel.span('execute_tool echo_tool');
          expect(span.attributes['gen_ai.tool.call.id']).to.equal('call_1');
          const people = { user: span.attributes['user.id'], session: span.attributes['session.id'], tenant: span.attributes['hedera_agent_hooks.tenant.id'] };
          expect(people).to.deep.equal(recordPrincipal ? { user: 'alice', session: 's-42', tenant: 'acme' } : { user: undefined, session: undefined, tenant: undefined });
          expect(JSON.stringify(otel.spans().map((each) => each.attributes)), 'what else the application set never reaches a span').not.to.contain('alice@example.com');
        } finally {
          await kit.close();
          client.close();
          await otel.close();
        }
      });
    }
  });

  describe('in the log', () => {
    it("puts the principal beside the call ID on the call's lines (a would-block report here)", async () => {
      const lines: { fields: Record<string, unknown>; message: string }[] = [];
      const keep = (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message });
      const logger: Logger = { debug: keep, warn: keep, error: keep };
      const client = offlineClient();
      const kit = await createAgentKit({ client, logger, pluginsDir: null, plugins: [pluginOf('p', new EchoTool('echo_tool'))], context: { hooks: [reportOnly(new RejectToolPolicy(['echo_tool']))] } });
      try {
        await kit.execute('echo_tool', { text: 'a' }, { context: ALICE });
        const report = lines.find((line) => line.message.startsWith('policy in report mode would have blocked'));
        expect(report, 'the would-block line').to.not.equal(undefined);
        expect(report!.fields.callId).to.be.a('string');
        expect(report!.fields.principal).to.deep.equal(ALICE);
      } finally {
        await kit.close();
        client.close();
      }
    });
  });

  describe('in the console', () => {
    it("shows the entry's principal on the call's row", () => {
      const entry = { type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id: 'e-1', seq: 1, session: 'shop-agent', timestamp: new Date(0).toISOString(), tool: 'transfer_hbar_tool', outcome: 'executed', stage: 'postToolExecution', params: null, paramsKind: 'none', status: 'SUCCESS', principal: ALICE } as AnyAuditEntry;
      expect(auditEntryProblems(entry)).to.deep.equal([]);
      expect(callView(entry, 'hcs-0.0.9.jsonl', true, explorerLinks('local', undefined)).principal).to.deep.equal(ALICE);
    });
  });

  describe('in approval requests', () => {
    it("binds the principal in the request digest (so a store writer cannot change for whom it runs), and leaves older records' digests as they were", () => {
      const request = { id: 'r-1', policy: 'Approval Policy', tool: 'transfer_hbar_tool', stage: 'postCoreAction', call: { inputDigest: 'a'.repeat(64) }, movements: null, expiresAt: 1_700_000_000_000 };
      const older = approvalRequestDigest(request);
      expect(approvalRequestDigest({ ...request, principal: undefined })).to.equal(older);
      const forAlice = approvalRequestDigest({ ...request, principal: { userId: 'alice' } });
      expect(forAlice).to.not.equal(older);
      expect(approvalRequestDigest({ ...request, principal: { userId: 'mallory' } })).to.not.equal(forAlice);
      expect(approvalRequestDigest({ ...request, principal: { tenantId: 'alice' } }), 'a name in another field is another principal').to.not.equal(forAlice);
    });
  });

  describe('in policy replay', () => {
    it('names the principal on each row and replays the call as them, so per-session budgets count as they did live', async () => {
      let seq = 0;
      const call = (sessionId: string): AnyAuditEntry =>
        ({
          type: AUDIT_ENTRY_TYPE, version: AUDIT_ENTRY_VERSION, id: `e-${++seq}`, seq, session: '0.0.2', timestamp: new Date(Date.UTC(2026, 0, 5, 10, 0, seq)).toISOString(), tool: 'transfer_hbar_tool',
          outcome: 'executed', stage: 'postToolExecution', params: { transfers: [{ accountId: '0.0.5', amount: 4 }] }, paramsKind: 'input', status: 'SUCCESS', principal: { sessionId },
        }) as AnyAuditEntry;
      const entries = [call('s-1'), call('s-2'), call('s-1')];
      const trail: RecordedTrail = { description: 'test trail', entries: entries.map((entry) => ({ entry, source: 'test', problems: auditEntryProblems(entry) })), problems: [] };
      const loaded = parseConfig({ policies: [{ policy: 'SpendLimitPolicy', args: [{ hbar: 5, windowMs: 60_000, per: 'context.sessionId' }] }] }, '(test)', tmpdir());
      const report = await replayTrail(loaded, trail, { logger: silentLogger });
      expect(report.entries.map((row) => row.replay?.verdict)).to.deep.equal(['allow', 'allow', 'block']);
      expect(report.entries.map((row) => row.principal)).to.deep.equal([{ sessionId: 's-1' }, { sessionId: 's-2' }, { sessionId: 's-1' }]);
      expect(report.entries[2]!.replay!.reason).to.match(/of session "s-1"/);
      expect(replayText(report).filter((line) => line.includes('transfer_hbar_tool for session "s-1"'))).to.have.length(2);
    });
  });
});
