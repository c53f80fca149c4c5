import { accountNfts, accountRewards, accountTokens, outstandingAirdrops, pendingAirdrops } from './account-lists-routes.js';
import { getAccount, listAccounts, listBalances } from './accounts-routes.js';
import { cryptoAllowances, nftAllowances, tokenAllowances } from './allowances-routes.js';
import { contractCall } from './contract-call-route.js';
import { contractLogs, getContract, getContractResult, listContracts } from './contracts-routes.js';
import { compileRoute, type MirrorRoute } from './mirror-router.js';
import { exchangeRate, networkFees, networkNodes, networkSupply } from './network-routes.js';
import { getSchedule, listSchedules } from './schedules-routes.js';
import { getToken, listTokens, tokenBalances, tokenNft, tokenNfts } from './tokens-routes.js';
import { getTopic, topicMessageBySequence, topicMessageByTimestamp, topicMessages } from './topics-routes.js';
import { getTransaction, listTransactions } from './transactions-routes.js';

/**
 * Every mirror REST operation the devnet answers: the one list of what is served. Paths and query
 * parameter names are the mirror OpenAPI document's (under `/api/v1`); a test compares them with it.
 * Every route is a GET but `/contracts/call`, the POST of an `eth_call`.
 */
export const MIRROR_ROUTES: readonly MirrorRoute[] = [
  { path: '/accounts', query: ['account.balance', 'account.id', 'account.publickey', 'balance', 'limit', 'order'], handle: listAccounts },
  { path: '/accounts/{idOrAliasOrEvmAddress}', query: ['limit', 'order', 'timestamp', 'transactiontype', 'transactions'], handle: getAccount },
  { path: '/accounts/{idOrAliasOrEvmAddress}/nfts', query: ['limit', 'order', 'serialnumber', 'spender.id', 'token.id'], handle: accountNfts },
  { path: '/accounts/{idOrAliasOrEvmAddress}/rewards', query: ['limit', 'order', 'timestamp'], handle: accountRewards },
  { path: '/accounts/{idOrAliasOrEvmAddress}/tokens', query: ['limit', 'order', 'token.id'], handle: accountTokens },
  { path: '/accounts/{idOrAliasOrEvmAddress}/airdrops/outstanding', query: ['limit', 'order', 'receiver.id', 'serialnumber', 'token.id'], handle: outstandingAirdrops },
  { path: '/accounts/{idOrAliasOrEvmAddress}/airdrops/pending', query: ['limit', 'order', 'sender.id', 'serialnumber', 'token.id'], handle: pendingAirdrops },
  { path: '/accounts/{idOrAliasOrEvmAddress}/allowances/crypto', query: ['limit', 'order', 'spender.id'], handle: cryptoAllowances },
  { path: '/accounts/{idOrAliasOrEvmAddress}/allowances/tokens', query: ['limit', 'order', 'spender.id', 'token.id'], handle: tokenAllowances },
  { path: '/accounts/{idOrAliasOrEvmAddress}/allowances/nfts', query: ['limit', 'order', 'account.id', 'token.id', 'owner'], handle: nftAllowances },
  { path: '/balances', query: ['account.id', 'account.balance', 'account.publickey', 'limit', 'order', 'timestamp'], handle: listBalances },
  { path: '/contracts', query: ['contract.id', 'limit', 'order'], handle: listContracts },
  { path: '/contracts/{contractIdOrAddress}', query: ['timestamp'], handle: getContract },
  { path: '/contracts/call', method: 'POST' as const, query: [], handle: contractCall },
  { path: '/contracts/{contractIdOrAddress}/results/logs', query: ['index', 'limit', 'order', 'timestamp', 'topic0', 'topic1', 'topic2', 'topic3'], handle: contractLogs },
  { path: '/contracts/results/{transactionIdOrHash}', query: ['nonce'], handle: getContractResult },
  { path: '/network/exchangerate', query: ['timestamp'], handle: exchangeRate },
  { path: '/network/fees', query: ['order', 'timestamp'], handle: networkFees },
  { path: '/network/nodes', query: ['file.id', 'limit', 'node.id', 'order'], handle: networkNodes },
  { path: '/network/supply', query: ['timestamp'], handle: networkSupply },
  { path: '/schedules', query: ['account.id', 'limit', 'order', 'schedule.id'], handle: listSchedules },
  { path: '/schedules/{scheduleId}', query: [], handle: getSchedule },
  { path: '/tokens', query: ['account.id', 'limit', 'name', 'order', 'publickey', 'token.id', 'type'], handle: listTokens },
  { path: '/tokens/{tokenId}', query: ['timestamp'], handle: getToken },
  { path: '/tokens/{tokenId}/balances', query: ['account.balance', 'account.id', 'account.publickey', 'limit', 'order', 'timestamp'], handle: tokenBalances },
  { path: '/tokens/{tokenId}/nfts', query: ['account.id', 'limit', 'order', 'serialnumber'], handle: tokenNfts },
  { path: '/tokens/{tokenId}/nfts/{serialNumber}', query: [], handle: tokenNft },
  { path: '/topics/{topicId}', query: [], handle: getTopic },
  { path: '/topics/{topicId}/messages', query: ['encoding', 'limit', 'order', 'sequencenumber', 'timestamp'], handle: topicMessages },
  { path: '/topics/{topicId}/messages/{sequenceNumber}', query: [], handle: topicMessageBySequence },
  { path: '/topics/messages/{timestamp}', query: [], handle: topicMessageByTimestamp },
  { path: '/transactions', query: ['account.id', 'limit', 'order', 'timestamp', 'transactiontype', 'result', 'type'], handle: listTransactions },
  { path: '/transactions/{transactionId}', query: ['nonce', 'scheduled'], handle: getTransaction },
].map(compileRoute);
