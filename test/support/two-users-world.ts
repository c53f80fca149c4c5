import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBalanceQuery, TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { HcsAuditTrailHook } from '../../src/hooks/index.js';
import type { AgentKit } from '../../src/kit/agent-kit.js';
import { createAgentKit } from '../../src/kit/create-agent-kit.js';
import { SpendLimitPolicy } from '../../src/policies/spend-limit-policy.js';
import { auditEntries, readTopicMessages } from './mirror-messages.js';

/** What an audit entry of a call says of it, as the specs read it back from the topic. */
export type CallEntry = Record<string, unknown> & { outcome?: string; tool?: string; principal?: Record<string, string>; toolCallId?: string; transactionId?: string };

/** What {@link twoUsersWorld} hands a describe block; read its fields inside tests, after `before` ran. */
export interface TwoUsersWorld {
  readonly net: Devnet;
  readonly client: Client;
  /** One kit for every user: a 5 HBAR budget per `context.userId`, every call on the audit topic. */
  readonly kit: AgentKit;
  readonly topicId: string;
  /** An account holding nothing, that the users pay. */
  readonly recipient: string;
  /** The recipient's balance in tinybars, read from the ledger. */
  received(): Promise<bigint>;
  /** The call entries on the audit topic, read back through the mirror once every entry was delivered. */
  callEntries(): Promise<CallEntry[]>;
}

/** Each user's budget in HBAR, per 24 hours. */
export const BUDGET_HBAR = 5;

/**
 * The world the adapters' per-user specs run in: a devnet, an audit topic, a recipient holding
 * nothing, and one kit serving every user, whose SpendLimitPolicy keeps a budget per
 * `context.userId`. Started before the tests of the calling describe block, stopped after them.
 *
 * @example
 * const world = twoUsersWorld();
 * it('…', async () => expect(await world.received()).to.equal(800_000_000n));
 */
export function twoUsersWorld(): TwoUsersWorld {
  let net: Devnet | undefined;
  let kit: AgentKit | undefined;
  let topicId = '';
  let recipient = '';
  let journalDir = '';
  before(async function () {
    this.timeout(60_000);
    net = await startDevnet();
    const client = net.client();
    topicId = (await (await new TopicCreateTransaction().setSubmitKey(net.operatorKey.publicKey).execute(client)).getReceipt(client)).topicId!.toString();
    recipient = (await net.createAccount({ hbar: 0 })).accountId;
    journalDir = mkdtempSync(join(tmpdir(), 'two-users-'));
    const budget = new SpendLimitPolicy({ hbar: BUDGET_HBAR, windowMs: 86_400_000, per: 'context.userId' });
    const audit = new HcsAuditTrailHook(['*'], topicId, undefined, { journalDir, agentId: 'agent-1' });
    kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, hooks: [audit], context: { hooks: [budget] } });
  });
  after(async () => {
    await kit?.close();
    await net?.stop();
    if (journalDir) rmSync(journalDir, { recursive: true, force: true });
  });
  return {
    get net() { return net!; },
    get client() { return kit!.client; },
    get kit() { return kit!; },
    get topicId() { return topicId; },
    get recipient() { return recipient; },
    received: async () => BigInt((await new AccountBalanceQuery().setAccountId(recipient).execute(kit!.client)).hbars.toTinybars().toString()),
    callEntries: async () => {
      const [status] = await kit!.audit.flush(20_000);
      expect(status!.undelivered, 'every audit entry reached the topic').to.equal(0);
      return (auditEntries(await readTopicMessages(net!.mirrorUrl, topicId)) as CallEntry[]).filter((entry) => entry.tool !== undefined && entry.outcome !== undefined);
    },
  };
}

/**
 * What every framework's spec checks once alice paid 4, bob paid 4 and alice tried 2 more: the
 * ledger holds exactly 8 HBAR more, and the topic names who each call was for.
 */
export async function expectBudgetsKeptApart(world: TwoUsersWorld, expected: { alice: string[]; bob: string[] }): Promise<void> {
  expect(await world.received(), 'alice 4 and bob 4 reached the ledger, alice\'s 2 did not').to.equal(800_000_000n);
  const entries = await world.callEntries();
  const byUser = (user: string) => entries.filter((entry) => entry.principal?.userId === user).map((entry) => entry.outcome);
  expect(byUser('alice'), JSON.stringify(entries.map((entry) => ({ outcome: entry.outcome, principal: entry.principal })))).to.deep.equal(expected.alice);
  expect(byUser('bob')).to.deep.equal(expected.bob);
  expect(entries.every((entry) => entry.principal?.userId !== undefined), 'every call entry names its user').to.equal(true);
}
