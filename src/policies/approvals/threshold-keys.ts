import { AccountInfoQuery, type Client } from '@hiero-ledger/sdk';
import { messageOf } from '../../errors/index.js';
import { isKeyList, isPublicKey, statusNameOf } from '../../values/sdk-values.js';
import type { ThresholdAccount } from './approval-record.js';

/** The paying account's key as a threshold key, or why it is not one (a single key, unreadable). */
export type ThresholdReading = { readonly ok: true; readonly account: ThresholdAccount } | { readonly ok: false; readonly reason: string };

/**
 * Reads `accountId`'s key from the network (AccountInfoQuery through the call's own client, so the
 * network the call goes to answers) and describes it as `threshold` of its members. A KeyList
 * without a threshold needs every member. Members that are not single public keys (nested lists,
 * contract IDs) are counted as `others`: whoever can satisfy them is not known to be an approver.
 */
export async function readThresholdKey(accountId: string, client: Client): Promise<ThresholdReading> {
  let key: unknown;
  try {
    key = (await new AccountInfoQuery().setAccountId(accountId).execute(client)).key;
  } catch (error) {
    return { ok: false, reason: `its key could not be read from the network (AccountInfoQuery: ${statusNameOf(error) ?? messageOf(error)})` };
  }
  if (isPublicKey(key)) return { ok: false, reason: 'its key is a single key, not a threshold key of the approvers' };
  if (!isKeyList(key)) return { ok: false, reason: 'its key is neither a single key nor a key list' };
  const members = key.toArray();
  const keys = members.filter(isPublicKey).map((member) => member.toStringDer().toLowerCase());
  const threshold = key.threshold ?? members.length;
  return { ok: true, account: { accountId, threshold, keys, others: members.length - keys.length } };
}

/**
 * Whether an account's threshold key makes the ledger require `required` approvers' signatures:
 * every approver is one of its members, and whatever signs besides them (the agent's own key
 * included, and any member not an approver) cannot reach the threshold without `required` of them.
 * Otherwise the agent, or someone not asked, could approve around the approvers; the reason says what.
 */
export function thresholdFits(account: ThresholdAccount, approvers: readonly string[], agentKeys: readonly string[], required: number): { ok: true } | { ok: false; reason: string } {
  const members = new Set(account.keys);
  // One signature satisfies every place its key holds in the list: counted once per place, one
  // approver listed twice would pass for two.
  if (members.size !== account.keys.length) {
    return { ok: false, reason: `${account.accountId}'s key lists the same key more than once, so one signature would count for several of its members` };
  }
  const strangers = approvers.filter((der) => !members.has(der));
  if (strangers.length) {
    return { ok: false, reason: `${strangers.length} of the approvers' keys (${strangers.map(shortKey).join(', ')}) are not members of ${account.accountId}'s key, so their signatures would not count on the ledger` };
  }
  // The agent's own keys never count as an approver's, even when listed as one.
  const approverMembers = account.keys.filter((der) => !agentKeys.includes(der) && approvers.includes(der)).length;
  const notApprovers = account.keys.length - approverMembers + account.others;
  const enoughWithout = account.threshold - notApprovers;
  if (enoughWithout < required) {
    const agentToo = agentKeys.some((der) => members.has(der)) ? ", the agent's own key among them" : '';
    const needed = Math.max(0, enoughWithout);
    return {
      ok: false,
      reason: `${account.accountId}'s key needs ${account.threshold} of ${account.keys.length + account.others} signatures and ${notApprovers} of its members are not approvers${agentToo}, so ${needed} approver signature${needed === 1 ? '' : 's'} would be enough where this policy requires ${required}`,
    };
  }
  return { ok: true };
}

/** A DER public key for a message: its last 8 hex digits (the key itself is public, the text is bounded). */
function shortKey(der: string): string {
  return `…${der.slice(-8)}`;
}
