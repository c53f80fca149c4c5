import type { proto } from '@hiero-ledger/proto';
import { HandlerContext, type KeyVerdicts, type TransactionHandler } from './handler-context.js';
import { isKeySatisfied } from './keys.js';
import type { Ledger } from './ledger.js';
import { sandboxOf } from './ledger-sandbox.js';
import type { ScheduledTransaction } from './scheduled-transaction.js';
import { LedgerStatusError } from './status-error.js';
import type { AccountState } from './state-types.js';

/** A comparable name for a simple key; undefined for key lists, threshold and contract keys. */
function simpleKeyId(key: proto.IKey): string | undefined {
  if (key.ed25519?.length) return `ed25519:${Buffer.from(key.ed25519).toString('hex')}`;
  if (key.ECDSASecp256k1?.length) return `secp256k1:${Buffer.from(key.ECDSASecp256k1).toString('hex')}`;
  return undefined;
}

/**
 * The simple keys that have signed a schedule, judged as signatures: the scheduled transaction runs with
 * exactly these, so a key list needs all its members among them and a threshold key enough of them.
 */
export class SignatorySet implements KeyVerdicts {
  private readonly ids: Set<string>;

  constructor(signatories: readonly proto.IKey[]) {
    this.ids = new Set(signatories.map(simpleKeyId).filter((id): id is string => id !== undefined));
  }

  isSatisfied(key: proto.IKey | null | undefined): boolean {
    return isKeySatisfied(key, (simple) => {
      const id = simpleKeyId(simple);
      return id !== undefined && this.ids.has(id);
    });
  }
}

/**
 * The signatories after a ScheduleCreate or ScheduleSign, by the node's rule: every simple key inside a
 * required key (key lists and threshold keys opened up) that this transaction's signatures satisfy joins
 * them. A signature by any other key adds nothing.
 */
export function withNewSignatories(signatories: readonly proto.IKey[], required: readonly proto.IKey[], signed: KeyVerdicts): proto.IKey[] {
  const result = [...signatories];
  const seen = new Set(signatories.map(simpleKeyId));
  const visit = (key: proto.IKey): void => {
    if (key.keyList) return key.keyList.keys?.forEach(visit);
    if (key.thresholdKey) return key.thresholdKey.keys?.keys?.forEach(visit);
    const id = simpleKeyId(key);
    if (id !== undefined && !seen.has(id) && signed.isSatisfied(key)) {
      seen.add(id);
      result.push(key);
    }
  };
  required.forEach(visit);
  return result;
}

/**
 * Every key the scheduled transaction needs: its payer's, then each key its handler asks for. The handler
 * runs on a sandbox copy of the ledger with every signature granted, so it walks the path a fully signed
 * transaction takes and asks for exactly the keys the normal handlers demand of a submitted one (any
 * handler in the table, including ones added later). It stops early only where the transaction would
 * fail anyway, and then the keys asked so far are the ones it needs.
 */
export function requiredKeysOf(
  ledger: Ledger, handlers: Readonly<Record<string, TransactionHandler>>, scheduled: ScheduledTransaction, payer: AccountState, consensusNs: bigint,
): proto.IKey[] {
  const keys: proto.IKey[] = [payer.key];
  let asking = true;
  const sandbox = sandboxOf(ledger);
  const grantAll: KeyVerdicts = { isSatisfied: (key) => { if (key && asking) keys.push(key); return true; } };
  const ctx = new HandlerContext(sandbox, scheduled.body, sandbox.accounts.get(payer.num)!, consensusNs, grantAll, { handlers, sigPairs: [] });
  try {
    handlers[scheduled.bodyName].pureChecks?.(scheduled.body);
    // A handler that goes on asynchronously (the EVM) has asked for its keys before it first waits; what
    // it does later touches only the sandbox.
    const later = handlers[scheduled.bodyName].handle(ctx);
    if (later) later.catch(() => undefined);
  } catch (error) {
    if (!(error instanceof LedgerStatusError)) throw error;
  }
  asking = false;
  return keys;
}
