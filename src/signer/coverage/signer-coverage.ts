import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getJson } from '../../audit/index.js';
import { readJournalSnapshot } from '../../audit/journal/journal-reader.js';
import { topicDecisions } from './topic-decisions.js';

/** One transaction of the account as the mirror lists it. */
export interface LedgerTransaction {
  /** `0.0.1001@1700000000.000000123`, as signer decisions name it. */
  readonly transactionId: string;
  readonly name: string;
  readonly result: string;
  readonly consensusTimestamp: string;
  /** The entity it created or acted on (a topic message's topic), when the mirror names one. */
  readonly entityId?: string;
}

/**
 * Where the signer's decisions were read: its audit topic through the mirror (what a verifier on
 * any machine reads, and what nobody on the signer's host can rewrite), or a journal folder there.
 */
export type DecisionSource =
  | {
      readonly kind: 'topic';
      readonly topicId: string;
      readonly trail: 'hcs' | 'hol';
      readonly entriesOnTopic: number;
      /** Whether the topic has a submit key (without one anyone could write a decision to it). */
      readonly submitKey: boolean;
      /** Whether that submit key is the account's own key: whoever holds the key can then write decisions too. */
      readonly submitKeyIsAccountKey: boolean;
    }
  | { readonly kind: 'journal'; readonly journalDir: string };

/** What `audit verify --account` found: the account's transactions no signer decision covers. */
export interface SignerCoverageReport {
  readonly account: string;
  readonly from: string;
  readonly to: string;
  /** Where the decisions were read. */
  readonly source: DecisionSource;
  /** Transactions that needed the account's key (it paid, or value left it) in the period. */
  readonly checked: number;
  /** Transaction IDs the decisions read show a signer signed. */
  readonly signedDecisions: number;
  readonly uncovered: readonly LedgerTransaction[];
  /**
   * Of `checked`, the messages the account paid to the audit topic that the topic holds as audit
   * messages: a signer whose audit hook delivers with the signer's own client pays for its decisions
   * from the account. They carry decisions, not value, and are not leaks.
   */
  readonly auditDeliveries: number;
  /** What could not be read or trusted on the topic (unreadable messages, invalid entries, gaps); empty for a journal. */
  readonly problems: readonly string[];
  /** No transaction uncovered and no problem. */
  readonly ok: boolean;
}

/**
 * The transaction IDs signer decisions in `journalDir` signed: every journal file there (every
 * process's stream), its delivered segments included.
 */
export function signedTransactionIds(journalDir: string): Set<string> {
  const ids = new Set<string>();
  let files: string[];
  try {
    files = readdirSync(journalDir).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return ids;
  }
  for (const file of files) {
    for (const entry of readJournalSnapshot(path.join(journalDir, file))?.entries ?? []) {
      const decision = entry as { kind?: unknown; decision?: unknown; transactionId?: unknown };
      if (decision.kind === 'signingDecision' && decision.decision === 'signed' && typeof decision.transactionId === 'string') ids.add(decision.transactionId);
    }
  }
  return ids;
}

interface MirrorTransaction {
  transaction_id: string;
  name: string;
  result: string;
  consensus_timestamp: string;
  entity_id?: string | null;
  scheduled?: boolean;
  nonce?: number;
  transfers?: { account: string; amount: number }[];
}

/**
 * The account's transactions between `from` and `to` (ms since the epoch) that needed its key:
 * it paid for them, or value left it. Child records (nonce > 0) and scheduled executions are left
 * out: the key signed the transaction that created them, which is listed itself.
 */
export async function keyedTransactions(mirrorUrl: string, account: string, from: number, to: number): Promise<LedgerTransaction[]> {
  const found: LedgerTransaction[] = [];
  let next: string | null = `/api/v1/transactions?account.id=${account}&timestamp=gte:${timestampOf(from)}&timestamp=lt:${timestampOf(to)}&order=asc&limit=100`;
  while (next) {
    const response = await fetch(new URL(next, mirrorUrl));
    if (!response.ok) throw new Error(`the mirror answered ${response.status} for ${next}`);
    const page = (await response.json()) as { transactions: MirrorTransaction[]; links?: { next?: string | null } };
    for (const transaction of page.transactions) {
      if (transaction.scheduled || (transaction.nonce ?? 0) > 0) continue;
      const payer = transaction.transaction_id.split('-')[0];
      const debited = (transaction.transfers ?? []).some((leg) => leg.account === account && leg.amount < 0 && payer !== account);
      if (payer !== account && !debited) continue;
      found.push({ transactionId: idOf(transaction.transaction_id), name: transaction.name, result: transaction.result, consensusTimestamp: transaction.consensus_timestamp, ...(transaction.entity_id ? { entityId: transaction.entity_id } : {}) });
    }
    next = page.links?.next ?? null;
  }
  return found;
}

/**
 * Every transaction of `account` on the ledger in the period that no signer decision covers: the sign
 * that its key was used somewhere other than the signer. The decisions come from the signer's audit
 * topic (`decisions.topicId`, read through the same mirror) or, failing that, from a journal folder.
 * A message the account paid to that topic which the topic holds as an audit message is the signer
 * delivering its decisions, not a leak (counted in `auditDeliveries`); any other message to it is not.
 */
export async function verifySignerCoverage(options: { mirrorUrl: string; account: string; decisions: { topicId: string } | { journalDir: string }; from: Date; to: Date }): Promise<SignerCoverageReport> {
  const read = await readDecisions(options.mirrorUrl, options.account, options.decisions);
  const transactions = await keyedTransactions(options.mirrorUrl, options.account, options.from.getTime(), options.to.getTime());
  const delivered = (transaction: LedgerTransaction): boolean =>
    read.source.kind === 'topic' && transaction.name === 'CONSENSUSSUBMITMESSAGE' && transaction.entityId === read.source.topicId && read.auditMessagesAt.has(transaction.consensusTimestamp);
  const deliveries = transactions.filter(delivered);
  const uncovered = transactions.filter((transaction) => !read.signed.has(transaction.transactionId) && !delivered(transaction));
  return {
    account: options.account,
    from: options.from.toISOString(),
    to: options.to.toISOString(),
    source: read.source,
    checked: transactions.length,
    signedDecisions: read.signed.size,
    uncovered,
    auditDeliveries: deliveries.length,
    problems: read.problems,
    ok: uncovered.length === 0 && read.problems.length === 0,
  };
}

async function readDecisions(mirrorUrl: string, account: string, decisions: { topicId: string } | { journalDir: string }): Promise<{ signed: Set<string>; source: DecisionSource; problems: string[]; auditMessagesAt: ReadonlySet<string> }> {
  if ('topicId' in decisions) {
    const topic = await topicDecisions(mirrorUrl, decisions.topicId);
    const accountKey = topic.submitKey ? await accountKeyOf(mirrorUrl, account) : undefined;
    const submitKeyIsAccountKey = accountKey !== undefined && accountKey._type === topic.submitKey!._type && accountKey.key === topic.submitKey!.key;
    const source = { kind: 'topic' as const, topicId: decisions.topicId, trail: topic.trail, entriesOnTopic: topic.entriesOnTopic, submitKey: topic.submitKey !== null, submitKeyIsAccountKey };
    return { signed: topic.signed, source, problems: topic.problems, auditMessagesAt: topic.auditMessagesAt };
  }
  return { signed: signedTransactionIds(decisions.journalDir), source: { kind: 'journal', journalDir: decisions.journalDir }, problems: [], auditMessagesAt: new Set() };
}

/** The account's key as the mirror writes it, or undefined when the mirror does not know the account. */
async function accountKeyOf(mirrorUrl: string, account: string): Promise<{ _type: string; key: string } | undefined> {
  const { status, body } = await getJson(mirrorUrl, `/api/v1/accounts/${account}`, `account ${account}`);
  const key = status === 404 ? undefined : (body as { key?: { _type?: string; key?: string } | null }).key;
  return key?.key ? { _type: key._type ?? '', key: key.key } : undefined;
}

/** Milliseconds since the epoch as the mirror's `seconds.nanoseconds`. */
function timestampOf(ms: number): string {
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}000000`;
}

/** `0.0.1001-1700000000-000000123` (the mirror's) as `0.0.1001@1700000000.000000123` (the SDK's). */
function idOf(mirrorId: string): string {
  const [payer, seconds, nanos] = mirrorId.split('-');
  return `${payer}@${seconds}.${nanos}`;
}
