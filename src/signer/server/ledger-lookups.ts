import { ScheduleInfoQuery, TopicInfoQuery, type Client } from '@hiero-ledger/sdk';
import type { LedgerLookups, ScheduledBodyOnLedger, TopicFee } from '../signing-tool.js';

/**
 * What the judge must read on the ledger, read with the signer's own client (whose queries the
 * signer pays for itself): a ScheduleSign's schedule, a topic's custom fees.
 */
export function ledgerLookups(client: Client): LedgerLookups {
  return {
    async scheduleBody(scheduleId: string): Promise<ScheduledBodyOnLedger | undefined> {
      const info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(client);
      if (info.executed || info.deleted) return undefined;
      const body = (info as unknown as { scheduledTransactionBody?: ScheduledBodyOnLedger['body'] }).scheduledTransactionBody;
      if (!body) return undefined;
      const payer = (info.payerAccountId ?? info.creatorAccountId)?.toString();
      return payer ? { body, payer } : undefined;
    },
    async topicCustomFees(topicId: string): Promise<readonly TopicFee[]> {
      const info = await new TopicInfoQuery().setTopicId(topicId).execute(client);
      const fees = (info as unknown as { customFees?: { amount?: { toString(): string }; denominatingTokenId?: { toString(): string } | null }[] }).customFees ?? [];
      return fees.map((fee) => ({ asset: fee.denominatingTokenId ? fee.denominatingTokenId.toString() : 'HBAR', amount: BigInt(fee.amount?.toString() ?? '0') }));
    },
  };
}
