import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TopicCreateTransaction, type Client } from '@hiero-ledger/sdk';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';

/** A fresh devnet with an audit topic, a funded recipient and an empty journal folder: what an audit spec starts each test from. */
export interface AuditWorld {
  readonly net: Devnet;
  /** a client of the operator 0.0.2 */
  readonly client: Client;
  readonly journalDir: string;
  readonly topicId: string;
  /** an account holding 1 HBAR, to transfer to */
  readonly recipient: string;
}

/**
 * Starts the world; `prefix` names the journal's temporary folder.
 *
 * @example
 * beforeEach(async () => ({ net, client, journalDir, topicId, recipient } = await openAuditWorld('audit-x-')));
 * afterEach(() => closeAuditWorld({ net, journalDir }));
 */
export async function openAuditWorld(prefix: string): Promise<AuditWorld> {
  const net = await startDevnet();
  const client = net.client();
  const journalDir = mkdtempSync(join(tmpdir(), prefix));
  const topicId = (await (await new TopicCreateTransaction().execute(client)).getReceipt(client)).topicId!.toString();
  const recipient = (await net.createAccount({ hbar: 1 })).accountId;
  return { net, client, journalDir, topicId, recipient };
}

/** Stops the devnet (and its clients) and removes the journal folder. */
export async function closeAuditWorld(world: Pick<AuditWorld, 'net' | 'journalDir'>): Promise<void> {
  await world.net.stop();
  rmSync(world.journalDir, { recursive: true, force: true });
}
