import { GAS_PRICE_TINYBARS } from '../evm/gas.js';
import { entityString } from '../ledger/entity-ids.js';
import type { ExchangeRate } from '../ledger/exchange-rate.js';
import { NODE_NUM } from '../ledger/ledger.js';
import { nsToMirror } from '../ledger/numbers.js';
import { snapshotFor } from './balance-snapshot.js';
import { numberKey } from './mirror-entities.js';
import { notFound, ok, type MirrorRequest, type MirrorResponse } from './mirror-http.js';
import { page } from './mirror-paging.js';
import { parseEntityId, parseTimestamp } from './mirror-values.js';

/** The upper end of the `timestamp` filters (the time an answer is "as of"), capped at now. */
function asOf(request: MirrorRequest): bigint {
  let at = request.ledger.nowNs();
  for (const { op, value } of request.query.filters('timestamp', parseTimestamp, ['eq', 'gt', 'gte', 'lt', 'lte'])) {
    const high = op === 'lt' ? value - 1n : op === 'lte' || op === 'eq' ? value : undefined;
    if (high !== undefined && high < at) at = high;
  }
  return at;
}

/**
 * `/network/exchangerate`: the rate in force at the time asked (now by default), expiring on the hour as
 * the network's does. `timestamp` is when that rate was published (the devnet's start or the last
 * `setExchangeRate` before), as the real mirror answers the consensus time of the 0.0.112 update.
 */
export function exchangeRate(request: MirrorRequest): MirrorResponse {
  const at = asOf(request);
  const { current, next, sinceNs } = request.ledger.exchangeRates.publishedAt(at);
  const rate = (r: ExchangeRate) => ({ cent_equivalent: r.centEquivalent, expiration_time: r.expirationSec, hbar_equivalent: r.hbarEquivalent });
  return ok({ current_rate: rate(current), next_rate: rate(next), timestamp: nsToMirror(sinceNs) });
}

/**
 * `/network/fees`: the gas price the mirror lists for the EVM transaction types, in tinybars per gas.
 * It is the price the devnet's EVM charges (see GAS_PRICE_TINYBARS).
 */
export function networkFees(request: MirrorRequest): MirrorResponse {
  const at = asOf(request);
  const order = request.query.order('asc');
  const fees = ['ContractCall', 'ContractCreate', 'EthereumTransaction'].map((type) => ({ gas: Number(GAS_PRICE_TINYBARS), transaction_type: type }));
  if (order === 'desc') fees.reverse();
  return ok({ fees, timestamp: nsToMirror(at) });
}

/** `/network/supply`: all HBAR the ledger holds; the devnet keeps no unreleased treasury, so both are equal. */
export function networkSupply(request: MirrorRequest): MirrorResponse {
  const snapshot = snapshotFor(request);
  if (snapshot.atNs === undefined) return notFound();
  let total = 0n;
  for (const account of request.ledger.accounts.values()) if (snapshot.existed(account)) total += snapshot.hbar(account);
  return ok({ released_supply: total.toString(), timestamp: nsToMirror(snapshot.atNs), total_supply: total.toString() });
}

/** Address book files: 0.0.101 and 0.0.102 both list the one node. */
const ADDRESS_BOOKS = new Set([101n, 102n]);

/**
 * `/network/nodes`: the devnet's single node 0.0.3 (node ID 0) with its gRPC endpoint on loopback. It
 * has no TLS certificate, stake or admin key; `grpc_proxy_endpoint` repeats the plain gRPC endpoint
 * (the devnet serves no gRPC-web proxy, and the schema requires an endpoint object).
 */
export function networkNodes(request: MirrorRequest): MirrorResponse {
  const files = request.query.filters('file.id', parseEntityId, ['eq']);
  const endpoint = request.node.grpcEndpoint();
  const service = { domain_name: '', ip_address_v4: endpoint?.host ?? '', port: endpoint?.port ?? 0 };
  const genesis = request.ledger.accounts.get(NODE_NUM)?.createdNs ?? 0n;
  const nodes = files.every(({ value }) => ADDRESS_BOOKS.has(value)) ? [{ nodeId: 0 }] : [];
  const { items, next } = page(request, nodes, [numberKey('node.id', (node) => node.nodeId, true)], 'asc');
  return ok({
    nodes: items.map((node) => ({
      admin_key: null, decline_reward: false, description: 'devnet node (in memory)', file_id: `0.0.${files[0]?.value ?? 102n}`,
      grpc_proxy_endpoint: service, max_stake: 0, memo: entityString(NODE_NUM), min_stake: 0, node_account_id: entityString(NODE_NUM),
      node_cert_hash: null, node_id: node.nodeId, public_key: null, reward_rate_start: 0,
      service_endpoints: endpoint ? [service] : [], stake: 0, stake_not_rewarded: 0, stake_rewarded: 0, staking_period: null,
      timestamp: { from: nsToMirror(genesis), to: null },
    })),
    links: { next },
  });
}
