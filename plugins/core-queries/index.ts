import type { Plugin } from '../../src/authoring/index.js';
import { GetAccountQueryTool } from './get-account-query-tool.js';
import { GetAccountTokenBalancesQueryTool } from './get-account-token-balances-query-tool.js';
import { GetContractInfoQueryTool } from './get-contract-info-query-tool.js';
import { GetExchangeRateTool } from './get-exchange-rate-tool.js';
import { GetHbarBalanceQueryTool } from './get-hbar-balance-query-tool.js';
import { GetPendingAirdropTool } from './get-pending-airdrop-tool.js';
import { GetTokenInfoQueryTool } from './get-token-info-query-tool.js';
import { GetTopicInfoQueryTool } from './get-topic-info-query-tool.js';
import { GetTopicMessagesQueryTool } from './get-topic-messages-query-tool.js';
import { GetTransactionRecordQueryTool } from './get-transaction-record-query-tool.js';

/** Read-only tools served by the mirror node REST API. */
const coreQueriesPlugin: Plugin = {
  name: 'core-queries',
  version: '0.1.0',
  description: 'Mirror-node queries: balances, accounts, topics and their messages, tokens, pending airdrops, transaction records, the exchange rate, contract details.',
  tools: () => [
    new GetHbarBalanceQueryTool(),
    new GetAccountQueryTool(),
    new GetAccountTokenBalancesQueryTool(),
    new GetTopicInfoQueryTool(),
    new GetTopicMessagesQueryTool(),
    new GetTokenInfoQueryTool(),
    new GetPendingAirdropTool(),
    new GetTransactionRecordQueryTool(),
    new GetExchangeRateTool(),
    new GetContractInfoQueryTool(),
  ],
};

export default coreQueriesPlugin;
