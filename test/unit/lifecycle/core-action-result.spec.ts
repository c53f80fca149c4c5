import { expect } from 'chai';
import { toJson } from '../../../src/lifecycle/to-json.js';
import { Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool, createAgentKit, ErrorCode, type AgentKit } from '../../../src/index.js';
import { pluginOf } from '../../support/noop-tools.js';
import { offlineClient } from '../../support/offline-client.js';

/** A tool whose core action result and secondary-action answer the test scripts. */
class ScriptedTool extends BaseTool<Record<string, never>, Record<string, never>, unknown> {
  method = 'scripted_tool';
  name = 'Scripted';
  description = 'Returns what the test gives it.';
  parameters = z.object({}).strict();
  sent: unknown[] = [];

  constructor(
    private readonly result: () => unknown,
    private readonly answer?: (result: unknown) => unknown,
  ) {
    super();
  }

  normalizeParams() {
    return {};
  }

  coreAction() {
    return this.result();
  }

  override shouldSecondaryAction(result: unknown, context: never): boolean | Promise<boolean> {
    return this.answer ? (this.answer(result) as boolean | Promise<boolean>) : super.shouldSecondaryAction(result, context);
  }

  /** Records instead of submitting when the runner lets a transaction through. */
  override async secondaryAction(result: unknown, client: Client, context: never, params: never) {
    if (!(result instanceof TransferTransaction)) return super.secondaryAction(result, client, context, params);
    this.sent.push(result);
    return { raw: { status: 'SUCCESS' as const, transactionId: result.transactionId?.toString() }, humanMessage: 'sent' };
  }
}

const transfer = () => new TransferTransaction().addHbarTransfer('0.0.5', new Hbar(1)).addHbarTransfer('0.0.2', new Hbar(-1));

describe('core action results', () => {
  let client: Client;
  let kit: AgentKit | undefined;
  beforeEach(() => (client = offlineClient()));
  afterEach(async () => {
    await kit?.close();
    client.close();
  });

  async function run(tool: ScriptedTool) {
    kit = await createAgentKit({ client, pluginsDir: null, plugins: [pluginOf('scripted', tool)] });
    return kit.execute('scripted_tool', {});
  }

  describe('when the result looks like a transaction the kit cannot drive', () => {
    it('fails the call naming the tool, rather than reporting SUCCESS for something never sent', async () => {
      const lookalike = { transactionId: null, toBytes: () => new Uint8Array(), execute: async () => ({}) };
      const result = await run(new ScriptedTool(() => lookalike));
      expect(result.raw.status).to.equal('ERROR');
      expect(result.raw.errorCode).to.equal(ErrorCode.TOOL_RESULT);
      expect(result.raw.error).to.match(/^scripted_tool: the core action returned a plain object, which looks like an unsent transaction or query .* nothing was sent/);
      expect(result.humanMessage).to.not.match(/succeeded/);
    });

    it('fails the same way when the tool claims the look-alike needs no submitting', async () => {
      const result = await run(new ScriptedTool(() => ({ freezeWith() {}, execute() {} }), () => false));
      expect(result.raw.errorCode).to.equal(ErrorCode.TOOL_RESULT);
    });
  });

  describe('when the tool asks for submission of something that is not a transaction', () => {
    it('fails the call naming the tool and saying nothing was sent', async () => {
      const result = await run(new ScriptedTool(() => ({ paid: true }), () => true));
      expect(result.raw).to.include({ status: 'ERROR', errorCode: ErrorCode.TOOL_RESULT });
      expect(result.raw.error).to.match(/^scripted_tool: shouldSecondaryAction asked for the result to be submitted, but the core action returned a plain object, not a transaction; nothing was sent/);
      expect(result.humanMessage).to.not.match(/recent transactions/);
      // Raised before anything went out: a budget gives back what the call reserved.
      expect(result.raw.submitted).to.equal(false);
    });
  });

  describe('when shouldSecondaryAction answers asynchronously', () => {
    it('takes a promise of false as "no": the transaction is not submitted', async () => {
      const tool = new ScriptedTool(transfer, async () => false);
      const result = await run(tool);
      expect(tool.sent).to.have.length(0);
      // An unsent transaction is handed back, never as SUCCESS (which would read as executed).
      expect(result.raw.status).to.equal('NOT_SUBMITTED');
      expect(result.raw.submitted).to.equal(false);
      expect(result.raw.transactionType).to.equal('TransferTransaction');
      expect(result.humanMessage).to.contain('did not submit it');
      // The JSON an LLM reads names the transaction rather than dumping SDK internals.
      expect(JSON.parse(toJson(result)).raw.transaction).to.equal('TransferTransaction (not submitted)');
    });

    it('takes a promise of true as "yes": the transaction goes to the secondary action once', async () => {
      const tool = new ScriptedTool(transfer, async () => true);
      const result = await run(tool);
      expect(tool.sent).to.have.length(1);
      expect(result.humanMessage).to.equal('sent');
    });
  });

  describe('when the result is a plain value and no submission is asked for', () => {
    it('is the final result', async () => {
      const result = await run(new ScriptedTool(() => ({ balance: 5 })));
      expect(result.raw).to.deep.include({ status: 'SUCCESS', data: { balance: 5 } });
    });
  });
});
