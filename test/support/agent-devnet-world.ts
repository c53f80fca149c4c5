import { AccountBalanceQuery } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import type { AgentKit } from '../../src/kit/agent-kit.js';
import { createAgentKit } from '../../src/kit/create-agent-kit.js';
import { MaxRecipientsPolicy } from '../../src/policies/max-recipients-policy.js';

/** What {@link agentDevnetWorld} hands a describe block; read its fields inside tests, after `before` ran. */
export interface AgentDevnetWorld {
  readonly devnet: Devnet;
  /** A kit on the devnet's operator, guarded by MaxRecipientsPolicy(2), with the devnet's mirror. */
  readonly kit: AgentKit;
  /** Three accounts holding 1 HBAR each. */
  readonly accounts: readonly string[];
  balanceOf(accountId: string): Promise<bigint>;
}

/**
 * The world the adapter end-to-end specs run an agent in: a devnet started before the tests of
 * the calling describe block, three funded accounts, and a guarded kit; all stopped after them.
 *
 * @example
 * const world = agentDevnetWorld();
 * it('…', async () => { await world.kit.execute('transfer_hbar_tool', { transfers: [{ accountId: world.accounts[0], amount: 0.1 }] }); });
 */
export function agentDevnetWorld(): AgentDevnetWorld {
  let devnet: Devnet | undefined;
  let kit: AgentKit | undefined;
  let accounts: string[] = [];
  before(async () => {
    devnet = await startDevnet();
    const net = devnet;
    accounts = (await Promise.all([1, 2, 3].map(() => net.createAccount({ hbar: 1 })))).map((account) => account.accountId);
    kit = await createAgentKit({ client: net.client(), context: { accountId: net.operatorId }, hooks: [new MaxRecipientsPolicy(2)], mirrorNodeUrl: net.mirrorUrl });
  });
  after(async () => {
    await kit?.close();
    await devnet?.stop();
  });
  return {
    get devnet() { return devnet!; },
    get kit() { return kit!; },
    get accounts() { return accounts; },
    balanceOf: async (accountId) => BigInt((await new AccountBalanceQuery().setAccountId(accountId).execute(kit!.client)).hbars.toTinybars().toString()),
  };
}
