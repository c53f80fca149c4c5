import type { Transaction } from '@hiero-ledger/sdk';
import { isAccountId, isEntityId, isHbar, isLong, isPublicKey } from '../compat/sdk-values.js';
import { AgentHooksError, ErrorCode } from './errors.js';

/*
 * What keeps "what executes is what was approved" true for values freezing cannot protect: SDK
 * objects (AccountId, Hbar, transactions) are class instances, which the runner leaves unfrozen, so a
 * listener could still change them in place. The runner takes a fingerprint of the normalised params
 * before a stage's policies judge them and checks it before the core action builds from them, and it
 * seals a transaction's bytes before the postCoreAction listeners see it; the strategies check the
 * seal right before anything is signed, sent or returned.
 */

const MAX_DEPTH = 32;

/**
 * A deterministic text of a value, down to the own fields of class instances, so that an in-place
 * change anywhere (an AccountId's `num`, an Hbar's tinybars) changes it.
 */
export function approvalFingerprint(value: unknown): string {
  const seen = new WeakSet<object>();
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'function') return '[function]';
    if (item === null || typeof item !== 'object') return item;
    if (seen.has(item)) return '[seen]';
    if (depth > MAX_DEPTH) return '[deep]';
    seen.add(item);
    if (item instanceof Uint8Array) return `bytes:${Buffer.from(item.buffer, item.byteOffset, item.byteLength).toString('hex')}`;
    // Common SDK values by what they read as, which follows their fields: far cheaper than walking
    // their internals (Longs, BigNumbers), and an in-place change still shows.
    const sdk = sdkValueText(item);
    if (sdk !== undefined) return sdk;
    if (Array.isArray(item)) return item.map((entry) => walk(entry, depth + 1));
    const out: Record<string, unknown> = {};
    const proto = Object.getPrototypeOf(item) as { constructor?: { name?: string } } | null;
    if (proto && proto !== Object.prototype) out['#class'] = proto.constructor?.name ?? '?';
    for (const key of Object.keys(item).sort()) out[key] = walk((item as Record<string, unknown>)[key], depth + 1);
    return out;
  };
  return JSON.stringify(walk(value, 0)) ?? 'undefined';
}

function sdkValueText(item: object): string | undefined {
  if (isLong(item)) return `long:${String(item)}${(item as { unsigned?: boolean }).unsigned ? 'u' : ''}`;
  if (isHbar(item)) return `hbar:${item.toTinybars().toString()}`;
  if (isEntityId(item)) {
    if (!isAccountId(item)) return `id:${item.toString()}`;
    const { aliasKey, evmAddress } = item as { aliasKey?: { toString(): string } | null; evmAddress?: { toString(): string } | null };
    return `account:${item.toString()}|${aliasKey ? aliasKey.toString() : ''}|${evmAddress ? evmAddress.toString() : ''}`;
  }
  if (isPublicKey(item)) return `key:${item.toStringDer()}`;
  return undefined;
}

/** Throws when approved values no longer match their fingerprint; nothing has been built or sent. */
export function assertFingerprint(tool: string, stage: string, approved: string, now: unknown): void {
  if (approvalFingerprint(now) !== approved) {
    throw new AgentHooksError(
      ErrorCode.APPROVAL_CHANGED,
      `${tool}: the params the ${stage} policies approved were changed afterwards (a listener edited a value in place); nothing was built or sent.`,
    );
  }
}

const sealed = new WeakMap<object, Uint8Array>();

/** Records a transaction's bytes as approved; called before the postCoreAction listeners run. */
export function sealTransaction(transaction: Transaction): void {
  sealed.set(transaction, transaction.toBytes());
}

/**
 * Throws when a sealed transaction's bytes differ from the approved ones (a body swapped, a field
 * set); unsealed transactions (nobody was asked to approve them) pass. Called right before a
 * transaction is signed, sent or returned as bytes.
 */
export function assertSealed(transaction: Transaction, tool = 'the tool'): void {
  const approved = sealed.get(transaction);
  if (!approved) return;
  const now = transaction.toBytes();
  if (now.length === approved.length && now.every((byte, at) => byte === approved[at])) return;
  throw new AgentHooksError(
    ErrorCode.APPROVAL_CHANGED,
    `${tool}: the transaction was changed after the postCoreAction policies approved it; nothing was sent.`,
  );
}
