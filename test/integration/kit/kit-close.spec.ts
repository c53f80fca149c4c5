import { expect } from 'chai';
import sinon from 'sinon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { AbstractHook, HcsAuditTrailHook } from '../../../src/hooks/index.js';
import { AbstractPolicy } from '../../../src/listeners/abstract-policy.js';
import { callEntries } from '../../../src/audit/entries/audit-entry.js';
import { readJournalSnapshot } from '../../../src/audit/journal/journal-reader.js';
import { ErrorCode } from '../../../src/errors/index.js';
import type { Logger } from '../../../src/lifecycle/logger.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';

const TOPIC = '0.0.999';
const CALLS = 100;

/** kit.close() while calls run: every call that returns has its audit entry on disk. */
describe('closing a kit with calls in flight', () => {
  const sandbox = sinon.createSandbox();
  let net: Devnet;
  let client: Client;
  let journalDir: string;
  let recipient: string;

  before(async () => {
    net = await startDevnet();
    client = net.client();
    recipient = (await net.createAccount({ hbar: 1 })).accountId;
  });
  after(async () => {
    await net.stop();
  });
  beforeEach(() => {
    journalDir = mkdtempSync(join(tmpdir(), 'kit-close-'));
  });
  afterEach(() => {
    sandbox.restore();
    rmSync(journalDir, { recursive: true, force: true });
  });

  const auditHook = () => new HcsAuditTrailHook(['transfer_hbar_tool'], TOPIC, undefined, { journalDir, deliver: false });
  const journaled = () => callEntries(readJournalSnapshot(join(journalDir, `hcs-${TOPIC}.jsonl`))?.entries ?? []);

  describe(`when ${CALLS} audited transfers are running`, () => {
    it('waits for them, so each SUCCESS has its journal entry and no call warns the hook was closed', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [auditHook()] } });
      const calls = Array.from({ length: CALLS }, (_, k) => kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1, memo: `close-${k}` }));
      await kit.close();
      const results = await Promise.all(calls);

      const entries = new Map(journaled().map((entry) => [entry.transactionId, entry]));
      const succeeded = results.filter((result) => result.raw.status === 'SUCCESS');
      expect(succeeded, 'calls started before close() run to the end').to.have.length(CALLS);
      for (const result of succeeded) {
        expect(result.raw.warnings, result.humanMessage).to.equal(undefined);
        expect(entries.get(result.raw.transactionId as string), `entry for ${String(result.raw.transactionId)}`).to.include({ outcome: 'executed', status: 'SUCCESS' });
      }
    });

    it('refuses calls made once close() has begun, with E_KIT_CLOSED', async () => {
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [auditHook()] } });
      const running = kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
      const closing = kit.close();
      const late = await kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 }).catch((error: { code?: string }) => error);
      expect(late).to.include({ code: ErrorCode.KIT_CLOSED });
      await closing;
      expect((await running).raw.status).to.equal('SUCCESS');
      expect(journaled()).to.have.length(1);
    });
  });

  describe('when a call outlasts drainTimeoutMs', () => {
    it('stops waiting after the bound and says how many calls were still running', async () => {
      class SlowHook extends AbstractHook {
        override relevantTools = ['transfer_hbar_tool'];
        override async preToolExecutionHook(): Promise<void> {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
        }
      }
      const logger: Logger = { debug: sandbox.stub(), warn: sandbox.stub(), error: sandbox.stub() };
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], hooks: [new SlowHook()], drainTimeoutMs: 100, logger });
      let running = true;
      const slow = kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 }).finally(() => (running = false));
      await kit.close();
      expect(running, 'close() returned only once the slow call had finished').to.equal(true);
      expect((logger.warn as sinon.SinonStub).calledWithMatch({ calls: 1, drainTimeoutMs: 100 })).to.equal(true);
      await slow;
    });

    it('waits by default as long as its slowest policy may take, so an approval pending past 30 s is still answered', async () => {
      let approve: (() => void) | undefined;
      class WaitingPolicy extends AbstractPolicy {
        override name = 'waiting';
        override relevantTools = ['transfer_hbar_tool'];
        override timeoutMs = 50_000;
        protected override shouldBlockPreToolExecution(): Promise<boolean> {
          return new Promise<boolean>((resolve) => (approve = () => resolve(false)));
        }
      }
      const logger: Logger = { debug: sandbox.stub(), warn: sandbox.stub(), error: sandbox.stub() };
      const kit = await createAgentKit({ client, pluginsDir: null, plugins: [transferPlugin()], hooks: [new WaitingPolicy()], logger });
      const clock = sandbox.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const call = kit.execute('transfer_hbar_tool', { to: recipient, tinybars: 1 });
      const closed = kit.close();
      await clock.tickAsync(40_000);
      expect(approve, 'the policy is asked').to.be.a('function');
      approve!();
      clock.restore();
      const result = await call;
      await closed;
      expect(result.raw.status, result.humanMessage).to.equal('SUCCESS');
      expect((logger.warn as sinon.SinonStub).calledWithMatch({ calls: 1 })).to.equal(false);
    });

    it('refuses a drainTimeoutMs that is not a positive number', async () => {
      const error = await createAgentKit({ client, pluginsDir: null, drainTimeoutMs: -1 }).catch((e: Error) => e);
      expect((error as Error).message).to.contain("'drainTimeoutMs' must be a positive number of milliseconds");
    });
  });
});
