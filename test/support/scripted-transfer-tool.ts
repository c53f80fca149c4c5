import { AccountId, Hbar, Long } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool } from '../../src/lifecycle/base-tool.js';
import type { Plugin } from '../../src/plugins/plugin-contract.js';

/** How a scripted transfer ends: the mode's result statuses, or a throw while submitting. */
export type ScriptedEnd = 'SUCCESS' | 'ERROR' | 'UNKNOWN' | 'throw';

export interface ScriptedTransferInput {
  to: string;
  /** In tinybars, as a string (exact). */
  tinybars: string;
  from?: string;
  end?: ScriptedEnd;
  /** How long the "network" takes, in ms. */
  delayMs?: number;
}

/**
 * A stand-in for transfer_hbar_tool with the same method name and normalised shape (hbarTransfers
 * with the sender's debit last), whose "submission" ends as each call's input says, with no network.
 * `executed` lists what a ledger would have applied (SUCCESS, and UNKNOWN, which may have gone out).
 */
export class ScriptedTransferTool extends BaseTool<ScriptedTransferInput, { hbarTransfers: { accountId: AccountId; amount: Hbar }[]; end: ScriptedEnd; delayMs: number }, { n: number }> {
  method = 'transfer_hbar_tool';
  name = 'Scripted HBAR transfer';
  description = 'Moves HBAR on paper.';
  parameters = z
    .object({
      to: z.string(),
      tinybars: z.string().regex(/^\d+$/),
      from: z.string().optional(),
      end: z.enum(['SUCCESS', 'ERROR', 'UNKNOWN', 'throw']).optional(),
      delayMs: z.number().int().min(0).max(1_000).optional(),
    })
    .strict();
  readonly executed: { from: string; to: string; tinybars: bigint; end: ScriptedEnd }[] = [];
  /** Awaited before each submission ends, e.g. to let a fast-check scheduler pick the order. */
  beforeEnd?: () => Promise<unknown>;

  normalizeParams(params: ScriptedTransferInput) {
    const amount = Hbar.fromTinybars(Long.fromString(params.tinybars));
    const from = AccountId.fromString(params.from ?? '0.0.2');
    return {
      hbarTransfers: [
        { accountId: AccountId.fromString(params.to), amount },
        { accountId: from, amount: amount.negated() },
      ],
      end: params.end ?? 'SUCCESS',
      delayMs: params.delayMs ?? 0,
    };
  }

  coreAction() {
    return { n: 1 };
  }

  override shouldSecondaryAction() {
    return true;
  }

  override async secondaryAction(_core: unknown, _client: unknown, _context: unknown, params: ReturnType<ScriptedTransferTool['normalizeParams']>) {
    if (params.delayMs) await new Promise((resolve) => setTimeout(resolve, params.delayMs));
    if (this.beforeEnd) await this.beforeEnd();
    const [credit, debit] = params.hbarTransfers;
    const from = debit!.accountId.toString();
    const to = credit!.accountId.toString();
    // What leaves the sender: an account paying itself nets to nothing on a ledger.
    const record = { from, to, tinybars: from === to ? 0n : BigInt(credit!.amount.toTinybars().toString()), end: params.end };
    if (params.end === 'SUCCESS' || params.end === 'UNKNOWN') this.executed.push(record);
    if (params.end === 'throw') {
      this.executed.push(record); // a throw while submitting may have gone out
      throw new Error('the connection dropped while submitting');
    }
    const raw = params.end === 'ERROR' ? { status: 'ERROR', errorCode: 'INSUFFICIENT_PAYER_BALANCE', submitted: true } : { status: params.end, transactionId: '0.0.2@1.1' };
    return { raw, humanMessage: params.end };
  }
}

export function scriptedTransferPlugin(tool = new ScriptedTransferTool()): Plugin {
  return { name: 'scripted-transfer', tools: () => [tool] };
}
