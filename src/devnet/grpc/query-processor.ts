import { proto } from '@hiero-ledger/proto';
import type { Ledger } from '../ledger/ledger.js';
import { toLong } from '../ledger/numbers.js';
import { AnsweredFailure, LedgerStatusError, statusCode, type StatusName } from '../ledger/status-error.js';
import { QUERY_ANSWERS } from './query-answers.js';
import { settleQueryPayment } from './query-payment.js';

/** Fault-injected overrides for one query call. */
export interface QueryOverrides {
  precheck?: StatusName;
  /** replaces the receipt status in a getTransactionReceipts answer */
  receiptStatus?: StatusName;
}

const COST_TYPES = new Set([proto.ResponseType.COST_ANSWER, proto.ResponseType.COST_ANSWER_STATE_PROOF]);

/**
 * Answers HAPI queries: cost answers for paid queries, payment settlement, and the answer itself, all in
 * the response oneof that matches the query oneof (which is where the SDK looks).
 */
export class QueryProcessor {
  constructor(private readonly ledger: Ledger) {}

  async answer(query: proto.Query, overrides: QueryOverrides = {}): Promise<proto.IResponse> {
    const name = query.query;
    if (!name) return {};
    const request = (query as unknown as Record<string, { header?: proto.IQueryHeader }>)[name];
    const responseType = request.header?.responseType ?? proto.ResponseType.ANSWER_ONLY;
    const spec = QUERY_ANSWERS[name];
    // The response oneof is named like the query, except where the proto says otherwise.
    const field = spec?.response ?? name;
    const respond = (status: StatusName, body: Record<string, unknown> = {}, cost?: bigint): proto.IResponse => ({
      [field]: { header: { nodeTransactionPrecheckCode: statusCode(status), responseType, ...(cost !== undefined ? { cost: toLong(cost, true) } : {}) }, ...body },
    });
    if (!spec) return respond('NOT_SUPPORTED');
    if (overrides.precheck) return respond(overrides.precheck);
    const cost = spec.paid ? this.ledger.queryFee() : 0n;
    // A query sees the ledger as of now: schedules whose expiration time passed have run or lapsed.
    await this.ledger.runDue();
    const input = request as Record<string, unknown>;
    try {
      // A query that does real work (the EVM) is validated, and paid for, before it runs; the others are
      // answered first, which validates them too.
      spec.validate?.(this.ledger, input);
      if (COST_TYPES.has(responseType)) {
        if (!spec.validate) await spec.answer(this.ledger, input);
        return respond('OK', {}, cost);
      }
      if (spec.validate && cost > 0n) settleQueryPayment(this.ledger, request.header?.payment, cost);
      let status: StatusName = 'OK';
      let body: Record<string, unknown>;
      try {
        body = await spec.answer(this.ledger, input);
      } catch (error) {
        if (!(error instanceof AnsweredFailure)) throw error;
        status = error.status;
        body = error.answer;
      }
      if (!spec.validate && cost > 0n) settleQueryPayment(this.ledger, request.header?.payment, cost);
      if (overrides.receiptStatus && 'receipt' in body) body.receipt = { status: statusCode(overrides.receiptStatus) };
      return respond(status, body, cost);
    } catch (error) {
      if (error instanceof LedgerStatusError) return respond(error.status);
      throw error;
    }
  }
}
