import { Redis } from 'ioredis';
import type { ApprovalRecord } from '../../src/policies/approvals/approval-record.js';

/**
 * What anyone holding the approval store's Redis credentials can do: rewrite a request's record in
 * place, through a client of their own (not the store's API, so no rule of the store applies).
 */
export async function tamperApprovalRecord(url: string, prefix: string, id: string, change: (record: ApprovalRecord) => ApprovalRecord): Promise<ApprovalRecord> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const key = `${prefix}:approval:{${id}}`;
    const text = await redis.hget(key, 'r');
    if (!text) throw new Error(`no record ${id} under ${key}`);
    const changed = change(JSON.parse(text) as ApprovalRecord);
    await redis.hset(key, 'r', JSON.stringify(changed));
    return changed;
  } finally {
    redis.disconnect();
  }
}
