import { expect } from 'chai';
import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { Agent, run, RunState, setTracingDisabled, type RunResult } from '@openai/agents';
import { HederaAgentsToolkit } from '../../../src/adapters/openai-agents/agents-toolkit.js';
import { startDevnet, type Devnet } from '../../../src/devnet/index.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import { createAgentKit } from '../../../src/kit/create-agent-kit.js';
import { ApprovalPolicy } from '../../../src/policies/approval-policy.js';
import { MemoryApprovalStore } from '../../../src/policies/approvals/index.js';
import { toolCallingModel, toolOutputsIn, type ScriptedAgentsModel } from '../../support/scripted-agents-model.js';

/**
 * A kit whose ApprovalPolicy holds transfers over 5 HBAR for a later decision (`wait: 'deferred'`),
 * under the Agents SDK's runner: a held call is the SDK's own approval interruption, approving it
 * and running on resumes the kit's request, and the kit's quorum still decides what is sent.
 */
describe('OpenAI Agents SDK approvals over deferred kit approvals, on the devnet', function () {
  this.timeout(120_000);
  let net: Devnet;
  let kit: AgentKit;
  let store: MemoryApprovalStore;
  let recipient: string;

  before(async () => {
    setTracingDisabled(true);
    net = await startDevnet();
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    store = new MemoryApprovalStore();
    const approval = new ApprovalPolicy({ when: { hbarAbove: 5 }, wait: 'deferred', stage: 'postCoreAction', quorum: { required: 1, of: ['alice'] }, store });
    kit = await createAgentKit({ client: net.client(), mirrorNodeUrl: net.mirrorUrl, context: { hooks: [approval] } });
  });
  after(async () => {
    await kit?.close();
    await net?.stop();
  });

  const received = async () => BigInt((await new AccountBalanceQuery().setAccountId(recipient).execute(kit.client)).hbars.toTinybars().toString());

  function payer(options: { approver?: string } = {}, context: Record<string, unknown> = { userId: 'carol' }): { agent: Agent<any, any>; model: ScriptedAgentsModel; ask: (callId: string, amount: number) => Promise<RunResult<any, any>> } {
    const toolkit = new HederaAgentsToolkit(kit, { tools: ['transfer_hbar_tool'], ...options });
    const model = toolCallingModel();
    const agent = new Agent({ name: 'payer', instructions: 'Pay as asked.', model, tools: toolkit.getTools() });
    const ask = (callId: string, amount: number) => run(agent, JSON.stringify({ name: 'transfer_hbar_tool', args: { transfers: [{ accountId: recipient, amount }] }, callId }), { context });
    return { agent, model, ask };
  }
  const readOf = (model: ScriptedAgentsModel, callId: string) => JSON.parse(toolOutputsIn(model.requests.at(-1)!).get(callId)!) as { raw: Record<string, any>; humanMessage: string };

  describe('when the policy does not hold the call', () => {
    it('runs it once, with no interruption', async () => {
      const before = await received();
      const { model, ask } = payer();
      const result = await ask('small-1', 2);
      expect(result.interruptions).to.deep.equal([]);
      expect(readOf(model, 'small-1').raw.status).to.equal('SUCCESS');
      expect((await received()) - before).to.equal(200_000_000n);
    });
  });

  describe('when the policy holds the call and the run records its approval as the quorum approver', () => {
    it('interrupts the run with nothing sent, then sends the held call once when the interruption is approved', async () => {
      const before = await received();
      const { agent, model, ask } = payer({ approver: 'alice' });
      const held = await ask('large-1', 10);
      expect(held.interruptions).to.have.length(1);
      expect(held.interruptions[0]!.name).to.equal('transfer_hbar_tool');
      expect(await received(), 'a held call sends nothing').to.equal(before);
      const [pending] = await store.listPending();
      expect(pending!.tool).to.equal('transfer_hbar_tool');

      held.state.approve(held.interruptions[0]!);
      const resumed = await run(agent, held.state);
      expect(resumed.interruptions).to.deep.equal([]);
      const read = readOf(model, 'large-1');
      expect(read.raw.status, read.humanMessage).to.equal('SUCCESS');
      expect((await received()) - before).to.equal(1_000_000_000n);
      const record = (await store.get(pending!.id))!;
      expect(record.state).to.equal('executed');
      expect(record.decisions.map((decision) => [decision.approver, decision.approve, decision.via])).to.deep.equal([['alice', true, 'openai-agents']]);
    });
  });

  describe("when the run's context names a session", () => {
    it('holds the request for that principal, and resumes it as that principal', async () => {
      const before = await received();
      const { agent, model, ask } = payer({ approver: 'alice' }, { userId: 'carol', sessionId: 'session-7' });
      const held = await ask('large-4', 10);
      const pending = (await store.listPending()).find((record) => record.principal?.sessionId === 'session-7');
      expect(pending?.principal, 'the request names the principal of the run').to.deep.equal({ userId: 'carol', sessionId: 'session-7' });
      held.state.approve(held.interruptions[0]!);
      await run(agent, held.state);
      const read = readOf(model, 'large-4');
      expect(read.raw.status, read.humanMessage).to.equal('SUCCESS');
      expect((await received()) - before).to.equal(1_000_000_000n);
    });
  });

  describe('when the run state is restored by another toolkit (another process) and approved there', () => {
    it('holds the call again as a new request, which the recorded approval sends once; the first request sends nothing', async () => {
      const before = await received();
      const first = payer({ approver: 'alice' });
      const held = await first.ask('large-5', 10);
      expect(held.interruptions).to.have.length(1);
      const firstRequests = new Set((await store.listPending()).map((record) => record.id));
      const saved = held.state.toString();
      const second = payer({ approver: 'alice' });
      const restored = await RunState.fromString(second.agent, saved);
      restored.approve(restored.getInterruptions()[0]!);
      await run(second.agent, restored);
      const read = readOf(second.model, 'large-5');
      expect(read.raw.status, read.humanMessage).to.equal('SUCCESS');
      expect((await received()) - before).to.equal(1_000_000_000n);
      const executed = (await Promise.all([...firstRequests].map((id) => store.get(id)))).filter((record) => record?.state === 'executed');
      expect(executed, 'the request the first toolkit held never ran').to.deep.equal([]);
    });
  });

  describe("when the run's approval is not the kit's", () => {
    it('sends nothing on resume until the quorum approved in the store, and says so to the model', async () => {
      const before = await received();
      const { agent, model, ask } = payer();
      const held = await ask('large-2', 10);
      expect(held.interruptions).to.have.length(1);
      held.state.approve(held.interruptions[0]!);
      await run(agent, held.state);
      const read = readOf(model, 'large-2');
      expect(read.raw).to.deep.include({ status: 'ERROR', errorCode: 'E_APPROVAL_NOT_EXECUTABLE', submitted: false });
      expect(await received()).to.equal(before);
    });
  });

  describe('when the interruption is rejected', () => {
    it('sends nothing, and the model reads the rejection', async () => {
      const before = await received();
      const { agent, model, ask } = payer({ approver: 'alice' });
      const held = await ask('large-3', 10);
      held.state.reject(held.interruptions[0]!, { message: 'not this one' });
      const resumed = await run(agent, held.state);
      expect(toolOutputsIn(model.requests.at(-1)!).get('large-3')).to.contain('not this one');
      expect(resumed.finalOutput).to.contain('not this one');
      expect(await received()).to.equal(before);
    });
  });
});
