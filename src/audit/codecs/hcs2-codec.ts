/** HCS-2 registry helpers: the memo of an indexed registry and the `register` message. */

const INDEXED_MEMO = /^hcs-2:0:(\d+)$/;

/** True when `memo` names an indexed HCS-2 registry (`hcs-2:0:<ttl>`), the only kind an audit session may use. */
export function isIndexedRegistryMemo(memo: string): boolean {
  return INDEXED_MEMO.test(memo);
}

/** The transaction memo HCS-2 asks writers to put on a register to an indexed registry. */
export const HCS2_REGISTER_TX_MEMO = 'hcs-2:op:0:0';

/**
 * The register message for one file topic, e.g. `{"p":"hcs-2","op":"register","t_id":"0.0.9","metadata":"hcs://1/0.0.9"}`.
 * Optional fields are left out rather than written as null.
 */
export function registerMessage(fileTopicId: string, memo?: string): string {
  if (!/^\d+\.\d+\.\d+$/.test(fileTopicId)) throw new Error(`registerMessage: t_id must be shard.realm.num, got "${fileTopicId}"`);
  const message: Record<string, string> = { p: 'hcs-2', op: 'register', t_id: fileTopicId, metadata: `hcs://1/${fileTopicId}` };
  if (memo !== undefined) message.m = memo.slice(0, 500);
  return JSON.stringify(message);
}

/** Reads a register message; undefined for anything else (HCS-2 readers skip invalid messages). */
export function parseRegisterMessage(text: string): { topicId: string } | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (value.p !== 'hcs-2' || value.op !== 'register' || typeof value.t_id !== 'string' || !/^\d+\.\d+\.\d+$/.test(value.t_id)) return undefined;
    return { topicId: value.t_id };
  } catch {
    return undefined;
  }
}
