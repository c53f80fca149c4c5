import { expect } from 'chai';
import sinon from 'sinon';
import { PrivateKey, ScheduleInfoQuery, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import { createDevnetClient } from '../../../src/devnet/devnet-client.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import coreAccountPlugin from '../../../plugins/core-account/index.js';
import { AgentMode } from '../../../src/values/agent-mode.js';
import { realKitTool } from '../../support/real-kit.js';
import { tinybarsOf } from '../plugins/core-plugins-world.js';

type Outcome = { raw: Record<string, any>; humanMessage: string };

/**
 * The Hedera Agent Kit's schedule tools and schedulingParams beside this project's, on one devnet:
 * the same input is accepted or refused by both, and both leave the same ledger effect.
 */
describe("the Hedera Agent Kit's schedule tools and schedulingParams beside this project's", function () {
  this.timeout(60_000);
  let net: Devnet;
  let client: Client;
  let aliceClient: Client;
  let alice: string;
  let bob: string;
  let ours: AgentKit;
  let oursAsAlice: AgentKit;
  const sandbox = sinon.createSandbox();

  /** The kit's tool as its toolkits run it: its schema first, then its execute. */
  async function theirs(method: string, args: unknown, asClient: Client = client): Promise<Outcome> {
    const tool = realKitTool(method);
    if (!tool.parameters.safeParse(args).success) return { raw: { status: 'ERROR', refusedBy: 'schema' }, humanMessage: 'refused by its schema' };
    sandbox.stub(console, 'error');
    try {
      // Its mode named, as its toolkits pass it: without one it looks the agent's key up on the mirror.
      return (await tool.execute(asClient, { mode: AgentMode.AUTONOMOUS } as never, args)) as Outcome;
    } finally {
      sandbox.restore();
    }
  }
  const accepted = (outcome: Outcome) => outcome.raw.status === 'SUCCESS';
  const agree = (mine: Outcome, kits: Outcome, args: unknown) =>
    expect(accepted(mine), `ours on ${JSON.stringify(args)}: ${mine.humanMessage} / theirs: ${kits.humanMessage}`).to.equal(accepted(kits));
  /** alice pays bob `amount` HBAR, scheduled by the operator (each side a different amount: identical schedules are refused). */
  const payment = (amount: number, schedulingParams: unknown) => ({ sourceAccountId: alice, transfers: [{ accountId: bob, amount }], schedulingParams });

  before(async () => {
    net = await startDevnet({ grpcPort: 0, mirrorPort: 0 });
    client = net.client();
    const made = await net.createAccount({ hbar: 50, key: PrivateKey.generateED25519() });
    alice = made.accountId;
    aliceClient = createDevnetClient(net.grpcAddress, made.accountId, made.privateKey);
    bob = (await net.createAccount({ hbar: 1 })).accountId;
    ours = await createAgentKit({ client, pluginsDir: null, plugins: [coreAccountPlugin], mirrorNodeUrl: net.mirrorUrl });
    oursAsAlice = await createAgentKit({ client: aliceClient, pluginsDir: null, plugins: [coreAccountPlugin], mirrorNodeUrl: net.mirrorUrl });
  });
  afterEach(() => sandbox.restore());
  after(async () => {
    await ours.close();
    await oursAsAlice.close();
    aliceClient.close();
    await net.stop();
  });

  describe('when transfer_hbar_tool is scheduled and then signed by the sender', () => {
    it('both create a pending schedule, and both sign tools execute it', async () => {
      const scheduling = { isScheduled: true, adminKey: true };
      const before = await tinybarsOf(client, bob);
      const mine = await ours.execute('transfer_hbar_tool', payment(1, scheduling));
      const kits = await theirs('transfer_hbar_tool', payment(2, scheduling));
      agree(mine, kits, scheduling);
      expect(accepted(mine)).to.equal(true);
      expect(await tinybarsOf(client, bob)).to.equal(before);
      for (const id of [mine.raw.scheduleId, kits.raw.scheduleId]) {
        const info = await new ScheduleInfoQuery().setScheduleId(String(id)).execute(client);
        expect([info.executed, info.adminKey?.toString()]).to.deep.equal([null, net.operatorKey.publicKey.toString()]);
      }
      const signedByOurs = await oursAsAlice.execute('sign_schedule_transaction_tool', { scheduleId: String(kits.raw.scheduleId) });
      const signedByTheirs = await theirs('sign_schedule_transaction_tool', { scheduleId: String(mine.raw.scheduleId) }, aliceClient);
      agree(signedByOurs, signedByTheirs, 'sign');
      expect(accepted(signedByOurs)).to.equal(true);
      expect(await tinybarsOf(client, bob)).to.equal(before + 300_000_000n);
    });

    it('refuse the same scheduling input', async () => {
      for (const [at, scheduling] of [{ isScheduled: 'yes' }, { isScheduled: true, payerAccountId: 7 }, { isScheduled: true, adminKey: 1 }, { isScheduled: true, waitForExpiry: 'no' }].entries()) {
        const mine = await ours.execute('transfer_hbar_tool', payment(0.1 + at / 100, scheduling));
        const kits = await theirs('transfer_hbar_tool', payment(0.5 + at / 100, scheduling));
        agree(mine, kits, scheduling);
        expect(accepted(mine), JSON.stringify(scheduling)).to.equal(false);
      }
    });
  });

  describe('when sign_schedule_transaction_tool and schedule_delete_tool get bad input', () => {
    it('both refuse it', async () => {
      for (const method of ['sign_schedule_transaction_tool', 'schedule_delete_tool']) {
        for (const args of [{}, { scheduleId: 'abc' }, { scheduleId: 5 }]) {
          agree(await ours.execute(method, args), await theirs(method, args), { method, args });
          expect(accepted(await ours.execute(method, args))).to.equal(false);
        }
      }
    });
  });

  describe('when schedule_delete_tool deletes a schedule the other created', () => {
    it('both delete, and neither transfer runs after the sender signs', async () => {
      const scheduling = { isScheduled: true, adminKey: true };
      const before = await tinybarsOf(client, bob);
      const mine = await ours.execute('transfer_hbar_tool', payment(3, scheduling));
      const kits = await theirs('transfer_hbar_tool', payment(4, scheduling));
      const deletedByOurs = await ours.execute('schedule_delete_tool', { scheduleId: String(kits.raw.scheduleId) });
      const deletedByTheirs = await theirs('schedule_delete_tool', { scheduleId: String(mine.raw.scheduleId) });
      agree(deletedByOurs, deletedByTheirs, 'delete');
      expect(accepted(deletedByOurs)).to.equal(true);
      for (const id of [mine.raw.scheduleId, kits.raw.scheduleId]) {
        expect((await new ScheduleInfoQuery().setScheduleId(String(id)).execute(client)).deleted).to.not.equal(null);
        const late = await oursAsAlice.execute('sign_schedule_transaction_tool', { scheduleId: String(id) });
        expect(late.raw.errorCode).to.equal('SCHEDULE_ALREADY_DELETED');
      }
      expect(await tinybarsOf(client, bob)).to.equal(before);
    });
  });
});
