import { Client, Hbar, TransferTransaction, AccountId } from '@hiero-ledger/sdk';
import { z } from 'zod';
import { BaseTool } from '../../src/lifecycle/base-tool.js';
import type { Plugin } from '../../src/plugins/plugin-contract.js';

/** A tool with no side effects: echoes its input; counts how often each step ran. */
export class EchoTool extends BaseTool<{ text: string; amount?: number }, { text: string; amount: number }, { echoed: string; amount: number }> {
  method: string;
  name = 'Echo';
  description = 'Returns the text it is given.';
  parameters = z.object({ text: z.string().max(100), amount: z.number().positive().optional() }).strict();
  readonly calls = { normalize: 0, core: 0, secondary: 0 };

  constructor(method = 'echo_tool') {
    super();
    this.method = method;
  }

  normalizeParams(params: { text: string; amount?: number }) {
    this.calls.normalize++;
    return { text: params.text, amount: params.amount ?? 1 };
  }

  coreAction(params: { text: string; amount: number }) {
    this.calls.core++;
    return { echoed: params.text, amount: params.amount };
  }
}

/**
 * A tool whose core action builds a real SDK transfer and whose secondary action is recorded
 * instead of submitted (it overrides secondaryAction; the SDK's network layer is untouched).
 */
export class RecordingTransferTool extends BaseTool<{ to: string; hbar: number }, { to: AccountId; hbar: Hbar; from: AccountId }, TransferTransaction> {
  method = 'recording_transfer_tool';
  name = 'Recording transfer';
  description = 'Builds an HBAR transfer and records what would be submitted.';
  parameters = z.object({ to: z.string(), hbar: z.number().positive() }).strict();
  submitted: TransferTransaction[] = [];

  normalizeParams(params: { to: string; hbar: number }, _context: unknown, client: Client) {
    return { to: AccountId.fromString(params.to), hbar: new Hbar(params.hbar), from: client.operatorAccountId! };
  }

  coreAction(params: { to: AccountId; hbar: Hbar; from: AccountId }) {
    return new TransferTransaction().addHbarTransfer(params.to, params.hbar).addHbarTransfer(params.from, params.hbar.negated());
  }

  override async secondaryAction(tx: TransferTransaction) {
    this.submitted.push(tx);
    return { raw: { status: 'SUCCESS', transactionId: tx.transactionId?.toString() }, humanMessage: 'recorded' };
  }
}

export function pluginOf(name: string, ...tools: BaseTool[]): Plugin {
  return { name, tools: () => tools };
}

/** Builds a real HBAR transfer and leaves the secondary action to the mode's strategy. */
export class TransferBuilderTool extends BaseTool<{ to: string; hbar: number }, { to: AccountId; hbar: Hbar }, TransferTransaction> {
  method = 'transfer_builder_tool';
  name = 'Transfer builder';
  description = 'Transfers HBAR from the payer to one account.';
  parameters = z.object({ to: z.string(), hbar: z.number().positive() }).strict();

  normalizeParams(params: { to: string; hbar: number }) {
    return { to: AccountId.fromString(params.to), hbar: new Hbar(params.hbar) };
  }

  coreAction(params: { to: AccountId; hbar: Hbar }, context: { accountId?: string }, client: Client) {
    const payer = context.accountId ?? client.operatorAccountId!.toString();
    return new TransferTransaction().addHbarTransfer(params.to, params.hbar).addHbarTransfer(payer, params.hbar.negated());
  }
}
