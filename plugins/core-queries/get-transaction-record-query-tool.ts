import type { Client } from '@hiero-ledger/sdk';
import { z } from 'zod';
import {
  BaseQueryTool,
  forTool,
  mirrorFor,
  strictInput,
  toMirrorTransactionId,
  type Context,
  type MirrorTransaction,
  type ToolResult,
} from '../../src/authoring/index.js';
import { displayUnits, isoOf, queryResult } from './query-result.js';

export const GET_TRANSACTION_RECORD_QUERY_TOOL = 'get_transaction_record_query_tool';

const SDK_FORM = /^\d+\.\d+\.\d+@\d+\.\d{1,9}$/;
const MIRROR_FORM = /^\d+\.\d+\.\d+-\d+-\d{1,9}$/;

const parameters = strictInput({
  transactionId: z
    .string({ error: 'must be a transaction ID string' })
    .trim()
    .refine((text) => SDK_FORM.test(text) || MIRROR_FORM.test(text), {
      error: 'expected a transaction ID like 0.0.1234@1700000000.123456789 or 0.0.1234-1700000000-123456789',
    })
    .describe('Transaction ID, as returned by a tool ("0.0.1234@1700000000.123456789") or in mirror form ("0.0.1234-1700000000-123456789").'),
});

export type GetTransactionRecordInput = z.infer<typeof parameters>;
export interface GetTransactionRecordNormalised {
  /** mirror form, e.g. `0.0.1234-1700000000-123456789` */
  transactionId: string;
}
export interface TransactionRecordSummary {
  transactionId: string;
  /** e.g. CRYPTOTRANSFER */
  type: string;
  /** Hedera status, e.g. SUCCESS or INSUFFICIENT_PAYER_BALANCE */
  result: string;
  consensusTimestamp: string;
  consensusTime: string | null;
  chargedFeeHbar: string;
  memo: string;
  entityId: string | null;
  transfers: { accountId: string; amountHbar: string; isApproval: boolean }[];
  tokenTransfers: { tokenId: string; accountId: string; amount: string; isApproval: boolean }[];
  nftTransfers: { tokenId: string; serialNumber: number; senderAccountId: string | null; receiverAccountId: string | null }[];
}

declare module '../../src/index.js' {
  interface ToolParamRegistry {
    get_transaction_record_query_tool: { raw: GetTransactionRecordInput; normalised: GetTransactionRecordNormalised; coreActionResult: TransactionRecordSummary };
  }
}

/**
 * Reads what a transaction did (status, fee, transfers) from the mirror node.
 *
 * @example
 * const { raw } = await kit.execute('get_transaction_record_query_tool', { transactionId: '0.0.2@1700000000.000000001' });
 * raw.result; // 'SUCCESS'
 */
export class GetTransactionRecordQueryTool extends BaseQueryTool<GetTransactionRecordInput, GetTransactionRecordNormalised, TransactionRecordSummary> {
  readonly method = GET_TRANSACTION_RECORD_QUERY_TOOL;
  readonly name = 'Get transaction record';
  readonly description = 'Returns the outcome of a transaction by its ID: type, result status, fee, memo and the HBAR, token and NFT transfers it made.';
  readonly parameters = parameters;

  normalizeParams(params: GetTransactionRecordInput, _context: Context, _client: Client): Promise<GetTransactionRecordNormalised> {
    return forTool(this.method, () => ({ transactionId: toMirrorTransactionId(params.transactionId) }));
  }

  async coreAction(params: GetTransactionRecordNormalised, context: Context, client: Client): Promise<TransactionRecordSummary> {
    const { transactions } = await mirrorFor(context, client).getTransaction(params.transactionId);
    // Child records (scheduled, nonce > 0) share the ID; the user's transaction is the top-level one.
    const record = transactions.find((entry) => !entry.nonce && !entry.scheduled) ?? transactions[0];
    if (!record) throw new Error(`the mirror node returned no record for transaction ${params.transactionId}`);
    return summarise(record);
  }

  override formatResult(record: TransactionRecordSummary): ToolResult {
    const moved = record.transfers.filter((line) => !line.amountHbar.startsWith('-')).map((line) => `${line.accountId} +${line.amountHbar} HBAR`);
    const detail = moved.length ? ` Credits: ${moved.join(', ')}.` : '';
    return queryResult(record, `Transaction ${record.transactionId} (${record.type}) finished with ${record.result}; fee ${record.chargedFeeHbar} HBAR.${detail}`);
  }
}

function summarise(record: MirrorTransaction): TransactionRecordSummary {
  return {
    transactionId: record.transaction_id,
    type: record.name,
    result: record.result,
    consensusTimestamp: record.consensus_timestamp,
    consensusTime: isoOf(record.consensus_timestamp),
    chargedFeeHbar: displayUnits(record.charged_tx_fee ?? 0, 8),
    memo: record.memo_base64 ? Buffer.from(record.memo_base64, 'base64').toString('utf8') : '',
    entityId: record.entity_id ?? null,
    transfers: (record.transfers ?? []).map((line) => ({ accountId: line.account, amountHbar: displayUnits(line.amount, 8), isApproval: !!line.is_approval })),
    tokenTransfers: (record.token_transfers ?? []).map((line) => ({
      tokenId: line.token_id,
      accountId: line.account,
      amount: String(line.amount),
      isApproval: !!line.is_approval,
    })),
    nftTransfers: (record.nft_transfers ?? []).map((line) => ({
      tokenId: line.token_id,
      serialNumber: line.serial_number,
      senderAccountId: line.sender_account_id,
      receiverAccountId: line.receiver_account_id,
    })),
  };
}
