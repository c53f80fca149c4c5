import type { ApprovalRecord } from './approval-record.js';
import type { ApprovalStore } from './approval-store.js';

/**
 * Waits for an in-call request to leave `pending`, heartbeating it meanwhile so that it never
 * shows as abandoned while this process waits. Woken by the store's change notifications, and by
 * each heartbeat's read, so a missed notification costs at most one beat. Resolves to the decided
 * record, or `undefined` when `signal` aborted first (the policy's time ran out).
 */
export function waitForDecision(store: ApprovalStore, id: string, heartbeatMs: number, signal: AbortSignal): Promise<ApprovalRecord | undefined> {
  return new Promise((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (record: ApprovalRecord | undefined, error?: unknown): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      if (error !== undefined) reject(error);
      else resolve(record);
    };
    const onAbort = (): void => finish(undefined);
    const unsubscribe = store.subscribe((change) => {
      if (change.record.id === id && change.record.state !== 'pending') finish(change.record);
    });
    const beat = async (): Promise<void> => {
      try {
        await store.heartbeat(id);
        const record = await store.get(id);
        if (!record) return finish(undefined, new Error(`approval request ${id} disappeared from the store (${store.description})`));
        if (record.state !== 'pending') return finish(record);
      } catch (error) {
        return finish(undefined, error);
      }
      if (!done) timer = setTimeout(() => void beat(), heartbeatMs);
    };
    if (signal.aborted) return finish(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => void beat(), heartbeatMs);
  });
}
