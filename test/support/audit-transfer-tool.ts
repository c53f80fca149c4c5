import { AccountId, Hbar, TransferTransaction, type Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool } from '../../src/lifecycle/base-tool.js';
import type { Plugin } from '../../src/plugins/plugin-contract.js';
import type { Movement } from '../../src/values/movement.js';

interface TransferInput {
  to: string;
  tinybars: number;
  memo?: string;
  /** Carried in the params only (not on the ledger), to make audit entries large. */
  note?: string;
}
/** Shaped like the core transfer_hbar_tool's normalised params, so the built-in policies count it. */
interface TransferNormalised {
  hbarTransfers: { accountId: AccountId; amount: Hbar }[];
  memo?: string;
  note?: string;
}

/**
 * A small HBAR transfer tool for audit tests: builds a real TransferTransaction from the operator
 * and goes out through the kit's mode strategy (AUTONOMOUS: signed, submitted, receipt awaited).
 * Named like the core tool by default so seed examples read as written.
 */
export class TestTransferTool extends BaseTool<TransferInput, TransferNormalised, TransferTransaction> {
  method: string;
  name = 'Test transfer';
  description = 'Sends tinybars from the operator to one account.';
  parameters = z.object({ to: z.string(), tinybars: z.number().int().positive(), memo: z.string().max(100).optional(), note: z.string().max(20_000).optional() }).strict();

  constructor(method = 'transfer_hbar_tool') {
    super();
    this.method = method;
  }

  normalizeParams(params: TransferInput, _context: unknown, client: Client): TransferNormalised {
    const amount = Hbar.fromTinybars(params.tinybars);
    return {
      hbarTransfers: [
        { accountId: AccountId.fromString(params.to), amount },
        { accountId: client.operatorAccountId!, amount: amount.negated() },
      ],
      ...(params.memo ? { memo: params.memo } : {}),
      ...(params.note ? { note: params.note } : {}),
    };
  }

  /** What a call moves, so the value policies count it under any name (a plugin tool's own view). */
  override movements(params: TransferNormalised): Movement[] {
    const [to, from] = params.hbarTransfers;
    const amount = to!.amount;
    return [{ asset: 'HBAR', from: from!.accountId.toString(), to: to!.accountId.toString(), amount: BigInt(amount.toTinybars().toString()), display: amount.toString() }];
  }

  coreAction(params: TransferNormalised): TransferTransaction {
    const transaction = new TransferTransaction();
    for (const { accountId, amount } of params.hbarTransfers) transaction.addHbarTransfer(accountId, amount);
    if (params.memo) transaction.setTransactionMemo(params.memo);
    return transaction;
  }
}

/** A plugin holding test transfer tools under the given names. */
export function transferPlugin(...methods: string[]): Plugin {
  return { name: 'audit-test-transfers', tools: () => (methods.length ? methods : ['transfer_hbar_tool']).map((method) => new TestTransferTool(method)) };
}
