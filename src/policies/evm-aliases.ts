import type { Client } from '@hiero-ledger/sdk';
import type { Context } from '../lifecycle/context.js';
import { messageOf } from '../errors/index.js';
import { mirrorFor } from '../mirror/mirror-client.js';
import { canonicalAccountId } from './account-ids.js';
import { decodeErcCall } from './erc-calls.js';

/**
 * The Hedera Agent Kit's EVM tools put the addresses the mirror node gave them into the encoded
 * call, and an ECDSA account's address is its alias, not its long-zero form: no view can read an
 * account from that without asking the network. These are the addresses of the call, by tool.
 */
const CALL_ADDRESSES: Readonly<Record<string, (params: Record<string, unknown>) => string[]>> = Object.freeze({
  transfer_erc20_tool: (params) => [decodeErcCall(params.functionParameters, 'transfer').to],
  transfer_erc721_tool: (params) => {
    const call = decodeErcCall(params.functionParameters, 'transferFrom');
    return [call.from, call.to];
  },
  mint_erc721_tool: (params) => [decodeErcCall(params.functionParameters, 'safeMint').to],
});

const LONG_ZERO = /^0x0{24}/;

/**
 * The EVM aliases (addresses that are not long-zero) a call of `method` names, to be resolved before
 * its movements are read. None for other tools, and none when the call cannot be decoded: the view
 * then fails on the same bytes with the reason, which blocks.
 */
export function evmAliasesOf(method: string, normalisedParams: unknown): string[] {
  const read = Object.hasOwn(CALL_ADDRESSES, method) ? CALL_ADDRESSES[method] : undefined;
  if (!read || normalisedParams === null || typeof normalisedParams !== 'object') return [];
  let addresses: string[];
  try {
    addresses = read(normalisedParams as Record<string, unknown>);
  } catch {
    return [];
  }
  return [...new Set(addresses.filter((address) => !LONG_ZERO.test(address)))];
}

/** Where an alias is looked up: the Hedera Agent Kit's mirror service, or this package's mirror client. */
type AccountSource = { lookUp(address: string): Promise<{ account: unknown; evmAddress: unknown }>; key: object };

/**
 * Resolved aliases per source. An EVM alias names one account for good, so an answer is kept
 * (bounded, oldest first out); a failure is not, and the next call asks again.
 */
const resolvedBySource = new WeakMap<object, Map<string, Promise<string>>>();
const MAX_REMEMBERED = 1_000;

/**
 * The account of each alias, asked of the mirror the call itself used: `context.mirrornodeService`
 * (the Hedera Agent Kit's, whose tools put these addresses in the call), else `context.mirrorNodeUrl`
 * or the public mirror of the client's network. The answer must name the asked address; an alias
 * that cannot be resolved rejects with which one and why, and a value policy then blocks.
 */
export async function resolveEvmAliases(addresses: readonly string[], context: Context | undefined, client: Client | undefined): Promise<ReadonlyMap<string, string>> {
  const source = sourceOf(context, client);
  let remembered = resolvedBySource.get(source.key);
  if (!remembered) resolvedBySource.set(source.key, (remembered = new Map()));
  const known = remembered;
  const entries = await Promise.all(
    addresses.map(async (address) => {
      let found = known.get(address);
      if (!found) {
        found = resolveOne(source, address);
        found.catch(() => known.delete(address));
        if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value!);
        known.set(address, found);
      }
      return [address, await found] as const;
    }),
  );
  return new Map(entries);
}

async function resolveOne(source: AccountSource, address: string): Promise<string> {
  let answer: { account: unknown; evmAddress: unknown };
  try {
    answer = await source.lookUp(address);
  } catch (error) {
    throw unresolvable(address, `the mirror node could not look it up: ${messageOf(error)}`);
  }
  const answered = typeof answer?.evmAddress === 'string' ? answer.evmAddress.toLowerCase().replace(/^(?:0x)?/, '0x') : undefined;
  if (answered !== address) {
    throw unresolvable(address, `the mirror node answered with an account whose EVM address is ${answered ?? 'not given'}`);
  }
  try {
    return canonicalAccountId(answer.account, 'account');
  } catch (error) {
    throw unresolvable(address, `the mirror node's answer names no account ID (${messageOf(error)})`);
  }
}

function sourceOf(context: Context | undefined, client: Client | undefined): AccountSource {
  const service = (context as { mirrornodeService?: { getAccount?: unknown } } | undefined)?.mirrornodeService;
  if (service && typeof service.getAccount === 'function') {
    const getAccount = service.getAccount as (id: string) => Promise<{ accountId?: unknown; evmAddress?: unknown }>;
    return { key: service, lookUp: async (address) => {
      const found = await getAccount.call(service, address);
      return { account: found?.accountId, evmAddress: found?.evmAddress };
    } };
  }
  let mirror: ReturnType<typeof mirrorFor>;
  try {
    mirror = mirrorFor(context ?? {}, client);
  } catch (error) {
    // No mirror known: every alias stays unresolvable, and says why.
    return { key: noMirror, lookUp: () => Promise.reject(error) };
  }
  return { key: mirror, lookUp: async (address) => {
    const found = await mirror.getAccount(address);
    return { account: found.account, evmAddress: found.evm_address };
  } };
}

const noMirror = {};

function unresolvable(address: string, why: string): Error {
  return new Error(
    `the EVM address ${address} is an alias, and ${why}; the value policies cannot tell which account it is, so the call is refused. ` +
      'Give the call the account ID (shard.realm.num), or configure a mirror node (context.mirrornodeService or mirrorNodeUrl) that knows the account.',
  );
}
