import { parseEntity } from '../ledger/entity-ids.js';
import { mirrorToNs, nsToMirror } from '../ledger/numbers.js';
import { statusName } from '../ledger/status-error.js';
import { formatTransaction, involvesAccount } from './mirror-format.js';
import { badRequest, matchesFilters, MirrorParamError, notFound, ok, page, parseFilters, type MirrorRequest, type MirrorRoute } from './mirror-http.js';

/** Accepts `0.0.x-<s>-<n>` (mirror form) and `0.0.x@<s>.<n>` (SDK form). */
function parseTransactionId(text: string): { payer: number; validStartNs: bigint } | undefined {
  const match = /^(\d+\.\d+\.\d+)[-@](\d{1,12})[-.](\d{1,9})$/.exec(text);
  const payer = match ? parseEntity(match[1]) : undefined;
  if (!match || payer === undefined) return undefined;
  return { payer, validStartNs: BigInt(match[2]) * 1_000_000_000n + BigInt(match[3].padEnd(9, '0')) };
}

function transactionById(request: MirrorRequest) {
  const id = parseTransactionId(decodeURIComponent(request.params[0]));
  if (!id) return badRequest('Invalid parameter: transactionId');
  const nonce = request.query.get('nonce');
  const scheduled = request.query.get('scheduled');
  if (nonce !== null && !/^\d+$/.test(nonce)) return badRequest('Invalid parameter: nonce');
  if (scheduled !== null && scheduled !== 'true' && scheduled !== 'false') return badRequest('Invalid parameter: scheduled');
  const found = request.ledger.recordList.filter((record) => record.payer === id.payer && record.validStartNs === id.validStartNs
    && (nonce === null || (record.transactionId.nonce ?? 0) === Number(nonce))
    && (scheduled === null || !!record.transactionId.scheduled === (scheduled === 'true')));
  return found.length ? ok({ transactions: found.map(formatTransaction) }) : notFound();
}

function transactionList(request: MirrorRequest) {
  const accounts = parseFilters(request.query, 'account.id', parseEntity);
  const timestamps = parseFilters(request.query, 'timestamp', mirrorToNs);
  const type = request.query.get('transactiontype')?.toUpperCase();
  const result = request.query.get('result');
  if (result !== null && result !== 'success' && result !== 'fail') throw new MirrorParamError('Invalid parameter: result');
  const selected = request.ledger.recordList.filter((record) => {
    const success = statusName(record.receipt.status ?? 0) === 'SUCCESS';
    return matchesFilters(record.consensusNs, timestamps)
      && accounts.every((filter) => filter.op === 'eq' ? involvesAccount(record, filter.value) : matchesFilters(record.payer, [filter]))
      && (!type || record.bodyName.toUpperCase() === type)
      && (result === null || (result === 'success') === success);
  });
  const { items, next } = page(selected, (record) => record.consensusNs, request, 'timestamp', nsToMirror, 'desc');
  return ok({ transactions: items.map(formatTransaction), links: { next } });
}

function exchangeRate(request: MirrorRequest) {
  const nowSec = Number(request.ledger.nowNs() / 1_000_000_000n);
  const hourEnd = (Math.floor(nowSec / 3600) + 1) * 3600;
  const rate = (expiry: number) => ({ cent_equivalent: 300_000, expiration_time: expiry, hbar_equivalent: 30_000 });
  return ok({ current_rate: rate(hourEnd), next_rate: rate(hourEnd + 3600), timestamp: nsToMirror(request.ledger.nowNs()) });
}

export const TRANSACTION_ROUTES: MirrorRoute[] = [
  { pattern: /^\/transactions\/([^/]+)$/, handle: transactionById },
  { pattern: /^\/transactions$/, handle: transactionList },
  { pattern: /^\/network\/exchangerate$/, handle: exchangeRate },
];
