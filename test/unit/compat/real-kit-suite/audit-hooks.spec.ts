import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sinon from 'sinon';
import { LedgerId, TopicCreateTransaction, TopicInfoQuery, TopicMessageSubmitTransaction, type Client } from '@hiero-ledger/sdk';
import { HcsAuditTrailHook as KitHcsAuditTrailHook, HolAuditTrailHook as KitHolAuditTrailHook } from '@hashgraph/hedera-agent-kit/hooks';
import { AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION } from '../../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../../src/audit/journal/journal-reader.js';
import { HcsAuditTrailHook, HolAuditTrailHook } from '../../../../src/hooks/index.js';
import { offlineClient } from '../../../support/offline-client.js';

/**
 * The Hedera Agent Kit's audit hook behaviour, ported: each case runs on that kit's class and on
 * this project's. Differences kept on purpose are checked under their own heading
 * (docs/coming-from-hedera-agent-kit.md lists each and why). What needs a network is in
 * test/integration/compat/hooks-in-real-kit.spec.ts.
 */
type AnyHook = {
  name: string;
  description: string;
  relevantTools: string[];
  preToolExecutionHook(params: unknown, method: string): Promise<unknown>;
  postToolExecutionHook(params: unknown, method: string): Promise<unknown>;
  close?(): Promise<unknown>;
};

const SENTENCE = (label: string, tool: string) =>
  `Unsupported hook: ${label} does not support AgentMode.RETURN_BYTES or AgentMode.CUSTOM_RETURN_BYTES. Stopping the agent execution before tool ${tool} is executed.`;

describe('the Hedera Agent Kit’s audit hook suite, ported', () => {
  const sandbox = sinon.createSandbox();
  let journalDir: string;
  let client: Client;
  const made: AnyHook[] = [];

  beforeEach(() => {
    journalDir = mkdtempSync(path.join(tmpdir(), 'real-kit-suite-'));
    client = offlineClient().setLedgerId(LedgerId.LOCAL_NODE);
  });
  afterEach(async () => {
    sandbox.restore();
    await Promise.all(made.splice(0).map((hook) => hook.close?.()));
    client.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const sides = [
    {
      side: 'the real kit',
      hcs: (tools: string[], topic: string) => new KitHcsAuditTrailHook(tools, topic) as unknown as AnyHook,
      hol: (tools: string[], sessionId: string) => new KitHolAuditTrailHook({ relevantTools: tools, sessionId }) as unknown as AnyHook,
    },
    {
      side: 'this project',
      hcs: (tools: string[], topic: string) => track(new HcsAuditTrailHook(tools, topic, undefined, { journalDir }) as unknown as AnyHook),
      hol: (tools: string[], sessionId: string) => track(new HolAuditTrailHook({ relevantTools: tools, sessionId, journalDir }) as unknown as AnyHook),
    },
  ];
  function track(hook: AnyHook): AnyHook {
    made.push(hook);
    return hook;
  }

  for (const { side, hcs, hol } of sides) {
    describe(`HcsAuditTrailHook (${side})`, () => {
      it('is named as that kit’s, covers the tools given, and its description names the modes it refuses', () => {
        const hook = hcs(['transfer_hbar_tool'], '0.0.1234');
        expect(hook.name).to.equal('HCS Audit Trail Hook');
        expect(hook.relevantTools).to.deep.equal(['transfer_hbar_tool']);
        expect(hook.description).to.contain('AgentMode.AUTONOMOUS').and.to.contain('AgentMode.CUSTOM_EXECUTE_TX').and.to.contain('RETURN_BYTES and CUSTOM_RETURN_BYTES');
      });
    });

    describe(`HolAuditTrailHook (${side})`, () => {
      it('is named as that kit’s, says it is HOL-standards compliant, and reports its session', () => {
        const hook = hol(['create_topic_tool'], '0.0.4321');
        expect(hook.name).to.equal('HOL Audit Trail Hook');
        expect(hook.description).to.contain('HOL-standards-compliant').and.to.contain('RETURN_BYTES and CUSTOM_RETURN_BYTES');
        expect(hook.relevantTools).to.deep.equal(['create_topic_tool']);
        expect((hook as unknown as { getSessionId(): string }).getSessionId()).to.equal('0.0.4321');
      });

      for (const bad of ['0.0.abc', 'topic', '']) {
        it(`refuses the session ${JSON.stringify(bad)} with that kit’s words`, () => {
          expect(() => hol(['create_topic_tool'], bad)).to.throw('sessionId must be a valid Hedera topic ID in format 0.0.xxx');
        });
      }
    });

    for (const [label, make] of [
      ['HcsAuditTrailHook', () => hcs(['transfer_hbar_tool'], '0.0.1234')],
      ['HolAuditTrailHook', () => hol(['transfer_hbar_tool'], '0.0.4321')],
    ] as const) {
      describe(`${label} in the modes that return bytes (${side})`, () => {
        for (const mode of ['returnBytes', 'customReturnBytes']) {
          it(`refuses ${mode} with that kit’s sentence before anything reaches the network or the disk`, async () => {
            const sent = [TopicInfoQuery, TopicMessageSubmitTransaction, TopicCreateTransaction].map((Type) => sandbox.spy(Type.prototype, 'execute'));
            const hook = make();
            const params = { context: { mode, accountId: '0.0.2' }, rawParams: {}, client, toolType: 'transaction' };
            let error: Error | undefined;
            await hook.preToolExecutionHook(params, 'transfer_hbar_tool').catch((thrown: Error) => (error = thrown));
            expect(error?.message).to.contain(SENTENCE(label, 'transfer_hbar_tool'));
            expect(sent.map((spy) => spy.callCount)).to.deep.equal([0, 0, 0]);
            expect(readdirSync(journalDir)).to.deep.equal([]);
          });
        }

        it('leaves a tool it does not cover alone in those modes', async () => {
          const hook = make();
          await hook.preToolExecutionHook({ context: { mode: 'returnBytes' }, rawParams: {}, client }, 'create_topic_tool');
        });
      });
    }
  }

  describe('where this project’s audit hooks differ on purpose', () => {
    it('refuse a topic or session that is not an ID at construction (that kit’s HCS hook takes any string and logs nowhere)', () => {
      expect(() => new KitHcsAuditTrailHook(['transfer_hbar_tool'], '')).not.to.throw();
      expect(() => new HcsAuditTrailHook(['transfer_hbar_tool'], '', undefined, { journalDir })).to.throw(`HcsAuditTrailHook: 'hcsTopicId' must be a topic ID like "0.0.12345"`);
    });

    it('raise a coded refusal in the modes that return bytes, explaining what to do after that kit’s sentence', async () => {
      const hook = track(new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.1234', undefined, { journalDir }) as unknown as AnyHook);
      const error = (await hook.preToolExecutionHook({ context: { mode: 'returnBytes' }, rawParams: {}, client }, 'transfer_hbar_tool').catch((e: Error) => e)) as Error & { code?: string };
      expect(error.code).to.equal('E_MODE');
      expect(error.message).to.contain('use AUTONOMOUS mode or remove the hook');
    });

    it('journal a versioned JSON entry, made with the client the call brings when they have neither a logging client nor a kit', async () => {
      // No delivery and no topic check: nothing leaves the process, and the entry shows whose client was used.
      const hook = new HcsAuditTrailHook(['transfer_hbar_tool'], '0.0.1234', undefined, { journalDir, deliver: false });
      track(hook as unknown as AnyHook);
      const params = { context: {}, rawParams: { transfers: [] }, normalisedParams: { hbarTransfers: [] }, client, toolType: 'transaction' };
      await hook.preToolExecutionHook(params as never, 'transfer_hbar_tool');
      await hook.postToolExecutionHook({ ...params, toolResult: { raw: { status: 'SUCCESS', transactionId: '0.0.2@1700000000.000000001' }, humanMessage: 'sent' } } as never, 'transfer_hbar_tool');
      await hook.close();
      const [entry] = readJournalSnapshot(path.join(journalDir, 'hcs-0.0.1234.jsonl'))!.entries;
      expect(entry).to.include({ tool: 'transfer_hbar_tool', session: client.operatorAccountId!.toString() });
      expect([entry!.type, entry!.version]).to.deep.equal([AUDIT_ENTRY_TYPE, AUDIT_ENTRY_VERSION]);
    });
  });
});
