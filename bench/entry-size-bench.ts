/**
 * HCS bytes per call of a typical transfer's audit entry: transfer_hbar_tool (two recipients and a
 * memo) through a real kit with the core plugins (offline, RETURN_BYTES: its params are normalised as
 * live), its entry built as the audit hook builds it, and sent as one batch message would carry it on
 * its own (plain JSON, and brotli-compressed as delivery compresses batches). The baseline is the same
 * entry in the shape it had before replay needed the input: normalised params alone, no `input`. The
 * two-copy shape entries had while they carried both is printed for scale.
 */
import { Client, LedgerId, PrivateKey } from '@hiero-ledger/sdk';
import { AbstractHook, AgentMode, createAgentKit } from '../src/index.js';
import { compressEntries, entriesMessage } from '../src/audit/codecs/hcs-message-codec.js';
import { auditParams } from '../src/audit/entries/redact.js';
import { executedEntry, sequenced } from '../src/audit/entries/entry-builder.js';
import type { PostSecondaryActionParams } from '../src/lifecycle/stage-events.js';

export interface EntrySizeResult {
  case: 'entries';
  /** Bytes of a one-entry batch message, plain JSON, for the entry as written now. */
  bytes_per_call: number;
  /** The same for the pre-replay shape (normalised params, no input): the baseline. */
  pre_replay_bytes_per_call: number;
  /** bytes_per_call / pre_replay_bytes_per_call (target at most 1). */
  ratio: number;
  /** The same three, brotli-compressed as delivery compresses a batch. */
  compressed_bytes_per_call: number;
  pre_replay_compressed_bytes_per_call: number;
  compressed_ratio: number;
  /** The shape entries had while they carried both params and input. */
  two_copy_bytes_per_call: number;
}

class CaptureHook extends AbstractHook {
  event: PostSecondaryActionParams | undefined;
  constructor() {
    super();
    this.relevantTools = ['transfer_hbar_tool'];
  }
  override async postToolExecutionHook(params: PostSecondaryActionParams): Promise<void> {
    this.event = params;
  }
}

export async function benchEntrySize(): Promise<EntrySizeResult> {
  const client = Client.forNetwork({ '127.0.0.1:9': '0.0.3' }, { scheduleNetworkUpdate: false })
    .setOperator('0.0.2', PrivateKey.generateED25519())
    .setLedgerId(LedgerId.TESTNET);
  const hook = new CaptureHook();
  const kit = await createAgentKit({ client, context: { mode: AgentMode.RETURN_BYTES, accountId: '0.0.2', hooks: [hook] } });
  await kit.run('transfer_hbar_tool', { transfers: [{ accountId: '0.0.1001', amount: 2.5 }, { accountId: '0.0.1002', amount: 0.75 }], transactionMemo: 'invoice 2026-014' });
  await kit.close();
  client.close();
  if (!hook.event) throw new Error('entries bench: the transfer reached no postToolExecution');
  // As an executed transfer's result reads (the entry's status and transaction ID fields are filled as live).
  const event = { ...hook.event, toolResult: { raw: { status: 'SUCCESS', receiptStatus: 'SUCCESS', transactionId: '0.0.2@1767261600.000000000' }, humanMessage: '' } } as PostSecondaryActionParams;
  const now = sequenced(executedEntry(event, '0.0.2'), 1);
  const { input: _none, ...base } = now as typeof now & { input?: unknown };
  const preReplay = { ...base, params: auditParams(hook.event.normalisedParams), paramsKind: 'normalised' };
  const twoCopy = { ...preReplay, input: auditParams(hook.event.rawParams) };
  const plain = (entry: unknown) => Buffer.byteLength(entriesMessage({ stream: '0.0.2', first: 1, last: 1 }, [entry]));
  const compressed = (entry: unknown) => Buffer.byteLength(compressEntries([entry]));
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  return {
    case: 'entries',
    bytes_per_call: plain(now),
    pre_replay_bytes_per_call: plain(preReplay),
    ratio: ratio(plain(now), plain(preReplay)),
    compressed_bytes_per_call: compressed(now),
    pre_replay_compressed_bytes_per_call: compressed(preReplay),
    compressed_ratio: ratio(compressed(now), compressed(preReplay)),
    two_copy_bytes_per_call: plain(twoCopy),
  };
}
