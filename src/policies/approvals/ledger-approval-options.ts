import { invalidArgument } from '../../errors/index.js';
import { publicKeyIdentity } from './approver-signature.js';

/** The options `via: 'schedule'` reads, as ApprovalPolicy was given them. */
interface LedgerOptions {
  approver?: unknown;
  wait?: unknown;
  stage?: unknown;
  store?: object;
  quorum?: { required: number; of?: string[] };
}

/**
 * Refuses options that cannot mean anything when the ledger approves, rather than ignoring them:
 * the approvers are public keys (their signatures are the ledger's quorum), nobody is asked in the
 * call, the call is neither held nor resumed, and the store must follow schedules.
 */
export function checkLedgerOptions(owner: string, options: LedgerOptions): void {
  const of = options.quorum?.of ?? [];
  if (!of.length) {
    throw invalidArgument(`${owner}: via: 'schedule' needs quorum: { required, of: [public keys] }, the keys whose signatures on the schedule approve the call (ED25519 or ECDSA secp256k1, DER or raw hex).`, [0, 'quorum', 'of']);
  }
  of.forEach((each, at) => {
    if (!publicKeyIdentity(each)) {
      throw invalidArgument(`${owner}: via: 'schedule' takes quorum.of as public keys (ED25519 or ECDSA secp256k1, DER or raw hex), since only a key can sign on the ledger; quorum.of[${at}] is not one.`, [0, 'quorum', 'of', at]);
    }
  });
  for (const [name, why] of [
    ['approver', 'nobody is asked in the call: the approvers sign the schedule (agent-hooks approve <id> --key …)'],
    ['wait', 'the call is neither held nor resumed: it goes out as a schedule at once, and the ledger runs it when signed'],
    ['stage', 'the call is judged on its params and bound to its ScheduleCreate at postCoreAction'],
  ] as const) {
    if (options[name] !== undefined) throw invalidArgument(`${owner}: ${name} does not apply with via: 'schedule' (${why}); remove it.`, [0, name]);
  }
  const store = options.store as { recordSchedule?: unknown; closeSchedule?: unknown } | undefined;
  if (store && (typeof store.recordSchedule !== 'function' || typeof store.closeSchedule !== 'function')) {
    throw invalidArgument(`${owner}: via: 'schedule' needs a store that follows schedules (recordSchedule and closeSchedule), as MemoryApprovalStore, SqliteApprovalStore and RedisApprovalStore do.`, [0, 'store']);
  }
}
