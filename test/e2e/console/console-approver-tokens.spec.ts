import { expect } from 'chai';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/index.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/index.js';
import { startConsole, type RunningConsole } from '../../../src/console/index.js';
import { transferPlugin } from '../../support/audit-transfer-tool.js';
import { closeAuditWorld, openAuditWorld, type AuditWorld } from '../../support/audit-world.js';

const TOKENS = { alice: 'alice-secret-token-0123456789', bob: 'bob-secret-token-9876543210' };

/**
 * A console with one token per named approver over a kit whose transfers above 5 HBAR need two of
 * alice and bob, on the devnet: the token a request carries is who decides, so one token holder is
 * one approver however often, or however worded, they ask.
 */
describe('the operator console with one token per approver', function () {
  this.timeout(60_000);
  let world: AuditWorld;
  let running: RunningConsole;
  let kit: AgentKit;
  let store: MemoryApprovalStore;

  beforeEach(async () => {
    world = await openAuditWorld('console-tokens-e2e-');
    store = new MemoryApprovalStore();
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', store, quorum: { required: 2, of: ['alice', 'bob'] } });
    kit = await createAgentKit({ client: world.client, pluginsDir: null, plugins: [transferPlugin()], context: { hooks: [approval] } });
    running = await startConsole({ journalDir: world.journalDir, port: 0, kit, tokens: TOKENS });
  });

  afterEach(async () => {
    await running?.close();
    await kit?.close();
    await closeAuditWorld(world);
  });

  const decide = (id: string, token: string, body: Record<string, unknown>): Promise<Response> =>
    fetch(`${running.url}api/approvals/${id}/decision`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function heldTransfer(): Promise<string> {
    const held = await kit.execute('transfer_hbar_tool', { to: world.recipient, tinybars: 10 * 100_000_000, memo: 'two of alice and bob' });
    expect(held.raw.status).to.equal('PENDING_APPROVAL');
    return held.raw.approvalRequestId as string;
  }

  it('executes a 2-of request approved with alice\'s token and bob\'s, each recorded under its holder\'s name', async () => {
    const id = await heldTransfer();
    const before = await balance(world);
    expect(await (await decide(id, TOKENS.alice, { approve: true })).json()).to.deep.equal({ id, status: 'waiting' });
    expect(await (await decide(id, TOKENS.bob, { approve: true, reason: 'checked the invoice' })).json()).to.deep.equal({ id, status: 'approved' });
    const record = await store.get(id);
    expect(record?.decisions.map((decision) => [decision.approver, decision.via])).to.deep.equal([
      ['alice', 'console'],
      ['bob', 'console'],
    ]);
    const result = await kit.resume(id);
    expect(result.raw.status).to.equal('SUCCESS');
    expect((await balance(world)) - before, 'one 10 HBAR transfer').to.equal(1_000_000_000n);
  });

  it('refuses a second approval from the same token as the same approver, and the request stays waiting', async () => {
    const id = await heldTransfer();
    expect((await decide(id, TOKENS.alice, { approve: true })).status).to.equal(200);
    // Alice asks again, as if she were someone else: the body names no approver the console listens to.
    const again = await decide(id, TOKENS.alice, { approve: true, approver: 'bob', reason: 'second look' });
    expect(again.status).to.equal(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).to.match(/alice has already decided on request .*a quorum needs distinct approvers/);
    const record = await store.get(id);
    expect(record?.state).to.equal('pending');
    expect(record?.decisions.map((decision) => decision.approver)).to.deep.equal(['alice']);
    const resumed = await kit.resume(id);
    expect(resumed.raw.status, 'one approver of two: nothing runs').not.to.equal('SUCCESS');
  });

  it('answers 401 to a token it was not given, and records nothing', async () => {
    const id = await heldTransfer();
    for (const token of ['carol-secret-token-0123456789', `${TOKENS.alice}x`, TOKENS.alice.slice(0, -1), 'alice']) {
      const reply = await decide(id, token, { approve: true });
      expect(reply.status, token).to.equal(401);
    }
    expect((await store.get(id))?.decisions).to.deep.equal([]);
  });

  it('names the holder of the token in its view, and makes no token of its own', async () => {
    const view = (await (await fetch(`${running.url}api/oversight`, { headers: { authorization: `Bearer ${TOKENS.bob}` } })).json()) as { approver: string };
    expect(view.approver).to.equal('bob');
    expect(running.token).to.equal(undefined);
    expect(running.pageUrl).to.equal(running.url);
    expect(running.approvers).to.deep.equal(['alice', 'bob']);
  });
});

async function balance(world: AuditWorld): Promise<bigint> {
  return BigInt((await new AccountBalanceQuery().setAccountId(world.recipient).execute(world.client)).hbars.toTinybars().toString());
}
