import { expect } from 'chai';
import { AccountBalanceQuery, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet, type DevnetOptions } from '../../../src/devnet/index.js';
import { createAgentKit, type AgentKitOptions } from '../../../src/kit/create-agent-kit.js';
import type { AgentKit } from '../../../src/kit/agent-kit.js';
import type { ToolResult } from '../../../src/lifecycle/tool-result.js';
import { MirrorClient } from '../../../src/mirror/mirror-client.js';
import { auditEntries } from '../../support/mirror-messages.js';

/**
 * A devnet and a kit built the way an application builds one: core plugins from the default plugins
 * folder, the devnet's mirror node. Hostile input goes through `kit.execute` as an LLM would send it.
 */
export interface AdversarialWorld {
  net: Devnet;
  client: Client;
  kit: AgentKit;
  mirror: MirrorClient;
  /** Another kit on the operator client, e.g. with policies or an audit hook in its context. */
  kitWith(options: Partial<AgentKitOptions>): Promise<AgentKit>;
  close(): Promise<void>;
}

export async function startAdversarialWorld(devnet: DevnetOptions = {}): Promise<AdversarialWorld> {
  const net = await startDevnet(devnet);
  const client = net.client();
  const kits: AgentKit[] = [];
  const kitWith = async (options: Partial<AgentKitOptions>) => {
    const kit = await createAgentKit({ client, mirrorNodeUrl: net.mirrorUrl, ...options });
    kits.push(kit);
    return kit;
  };
  const kit = await kitWith({});
  return {
    net,
    client,
    kit,
    mirror: new MirrorClient(net.mirrorUrl, { retries: 0 }),
    kitWith,
    async close() {
      for (const each of kits) await each.close();
      await net.stop();
    },
  };
}

/**
 * Asserts the call was refused as invalid input while normalising (so no transaction was built or
 * sent) and that an issue names `field`; returns the issues.
 */
export function refusedBeforeBuild(result: ToolResult, field: string): string[] {
  expect(result.raw.status, result.humanMessage).to.equal('ERROR');
  expect(result.raw.errorCode, result.humanMessage).to.equal('E_INVALID_PARAMS');
  expect(['preToolExecution', 'normalizeParams']).to.include(result.raw.stage);
  expect(result.raw.transactionId, 'no transaction may exist').to.equal(undefined);
  const issues = result.raw.issues as string[];
  expect(issues.some((issue) => issue.startsWith(`${field}:`)), `an issue names ${field}: ${issues.join(' | ')}`).to.equal(true);
  expect(result.humanMessage).to.not.match(/\n\s+at /);
  return issues;
}

export async function tinybarsOf(client: Client, accountId: string): Promise<bigint> {
  const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(client);
  return BigInt(balance.hbars.toTinybars().toString());
}

/** Every audit entry in a topic's message texts, joining split batches, in seq order. */
export function auditEntriesIn(texts: readonly string[]): any[] {
  return auditEntries(texts);
}
