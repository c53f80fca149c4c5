import { expect } from 'chai';
import { AccountId, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { AbstractHook, BaseTransactionTool, createAgentKit, scheduledTransactionOf, type AgentKit } from '../../../src/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** A transfer whose normalised params always ask to be scheduled; what it would submit is recorded instead. */
class AsksToBeScheduledTool extends BaseTransactionTool<{ to: string }, { to: AccountId; schedulingParams: { isScheduled: boolean } }, TransferTransaction> {
  method: string;
  name = 'Asks to be scheduled';
  description = 'Builds an HBAR transfer whose params say isScheduled.';
  parameters = z.object({ to: z.string() }).strict();
  submitted: unknown[] = [];

  constructor(method: string) {
    super();
    this.method = method;
  }
  normalizeParams(params: { to: string }) {
    return { to: AccountId.fromString(params.to), schedulingParams: { isScheduled: true } };
  }
  coreAction(params: { to: AccountId }) {
    return new TransferTransaction().addHbarTransfer(params.to, new Hbar(1)).addHbarTransfer('0.0.2', new Hbar(-1));
  }
  override async secondaryAction(transaction: unknown) {
    this.submitted.push(transaction);
    return { raw: { status: 'SUCCESS' }, humanMessage: 'recorded' };
  }
}

class SchedulableTool extends AsksToBeScheduledTool {
  override readonly schedulable = true;
}

/** Records what postCoreAction's listeners are shown. */
class CoreActionSeen extends AbstractHook {
  readonly seen: unknown[] = [];
  override relevantTools = ['*'];
  override async postCoreActionHook(params: { coreActionResult?: unknown }) {
    this.seen.push(params.coreActionResult);
  }
}

describe('scheduling: a step a tool opts into', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => {
    client = offlineClient();
  });
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
    client.close();
  });

  describe('when a tool declares schedulable and its params say isScheduled', () => {
    it('sends its transaction inside a ScheduleCreate, which postCoreAction sees', async () => {
      const tool = new SchedulableTool('schedulable_tool');
      const seen = new CoreActionSeen();
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)], context: { hooks: [seen] } });
      const result = await kit.execute('schedulable_tool', { to: '0.0.7' });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(tool.submitted).to.have.length(1);
      const inner = scheduledTransactionOf(tool.submitted[0]);
      expect(inner?.constructor.name).to.equal('TransferTransaction');
      expect(seen.seen[0]).to.equal(tool.submitted[0]);
    });
  });

  describe('when a tool does not declare it', () => {
    it('refuses a call whose params ask to be scheduled, before anything is sent, naming what the tool lacks', async () => {
      const tool = new AsksToBeScheduledTool('unscheduled_tool');
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)] });
      const result = await kit.execute('unscheduled_tool', { to: '0.0.7' });
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal('E_CONFIG');
      expect(result.raw.error).to.contain('unscheduled_tool was asked to schedule').and.to.contain('schedulable = true');
      expect(result.humanMessage).to.contain('submitted nothing');
      expect(tool.submitted).to.have.length(0);
    });

    it('sends a call that does not ask to be scheduled as built', async () => {
      const tool = new (class extends AsksToBeScheduledTool {
        override normalizeParams(params: { to: string }) {
          return { to: AccountId.fromString(params.to), schedulingParams: { isScheduled: false } };
        }
      })('plain_tool');
      kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('test', tool)] });
      const result = await kit.execute('plain_tool', { to: '0.0.7' });
      expect(result.raw.status).to.equal('SUCCESS');
      expect(tool.submitted).to.have.length(1);
      expect(scheduledTransactionOf(tool.submitted[0])).to.equal(undefined);
      expect((tool.submitted[0] as object).constructor.name).to.equal('TransferTransaction');
    });
  });
});
