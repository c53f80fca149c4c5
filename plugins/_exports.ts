/*
 * The package's `hedera-agent-hooks/plugins` entry: the core plugins as objects and their tool names
 * as constants, under the names the Hedera Agent Kit's `/plugins` entry uses, so imports carry over.
 * (The file name starts with "_" so that the plugins folder loader does not take it for a plugin.)
 *
 * The query tools live in one folder plugin here (core-queries); the Hedera Agent Kit's per-area query
 * plugins (misc queries and EVM queries included) are offered as views of it.
 * Constants keep that kit's spelling, so `DELETE_NFT_ALLOWANCE_TOOL` names
 * `delete_non_fungible_token_allowance_tool` here too.
 */
import type { Plugin } from '../src/authoring/index.js';
import coreAccountPlugin from './core-account/index.js';
import coreConsensusPlugin from './core-consensus/index.js';
import coreEvmPlugin from './core-evm/index.js';
import coreQueriesPlugin from './core-queries/index.js';
import coreTokenPlugin from './core-token/index.js';

/** That kit's spelling of the EVM plugin's name. */
const coreEVMPlugin: Plugin = coreEvmPlugin;

export { coreAccountPlugin, coreConsensusPlugin, coreEvmPlugin, coreEVMPlugin, coreQueriesPlugin, coreTokenPlugin };

export const TRANSFER_HBAR_TOOL = 'transfer_hbar_tool';
export const TRANSFER_HBAR_WITH_ALLOWANCE_TOOL = 'transfer_hbar_with_allowance_tool';
export const APPROVE_HBAR_ALLOWANCE_TOOL = 'approve_hbar_allowance_tool';
export const DELETE_HBAR_ALLOWANCE_TOOL = 'delete_hbar_allowance_tool';
export const CREATE_ACCOUNT_TOOL = 'create_account_tool';
export const UPDATE_ACCOUNT_TOOL = 'update_account_tool';
export const DELETE_ACCOUNT_TOOL = 'delete_account_tool';
export const APPROVE_TOKEN_ALLOWANCE_TOOL = 'approve_token_allowance_tool';
export const DELETE_TOKEN_ALLOWANCE_TOOL = 'delete_token_allowance_tool';
export const SIGN_SCHEDULE_TRANSACTION_TOOL = 'sign_schedule_transaction_tool';
export const SCHEDULE_DELETE_TOOL = 'schedule_delete_tool';
export const CREATE_TOPIC_TOOL = 'create_topic_tool';
export const UPDATE_TOPIC_TOOL = 'update_topic_tool';
export const DELETE_TOPIC_TOOL = 'delete_topic_tool';
export const SUBMIT_TOPIC_MESSAGE_TOOL = 'submit_topic_message_tool';
export const CREATE_FUNGIBLE_TOKEN_TOOL = 'create_fungible_token_tool';
export const CREATE_NON_FUNGIBLE_TOKEN_TOOL = 'create_non_fungible_token_tool';
export const MINT_FUNGIBLE_TOKEN_TOOL = 'mint_fungible_token_tool';
export const MINT_NON_FUNGIBLE_TOKEN_TOOL = 'mint_non_fungible_token_tool';
export const AIRDROP_FUNGIBLE_TOKEN_TOOL = 'airdrop_fungible_token_tool';
export const ASSOCIATE_TOKEN_TOOL = 'associate_token_tool';
export const DISSOCIATE_TOKEN_TOOL = 'dissociate_token_tool';
export const TRANSFER_FUNGIBLE_TOKEN_TOOL = 'transfer_fungible_token_tool';
export const TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL = 'transfer_fungible_token_with_allowance_tool';
export const TRANSFER_NON_FUNGIBLE_TOKEN_TOOL = 'transfer_non_fungible_token_tool';
export const TRANSFER_NON_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL = 'transfer_non_fungible_token_with_allowance_tool';
export const APPROVE_NFT_ALLOWANCE_TOOL = 'approve_nft_allowance_tool';
export const DELETE_NFT_ALLOWANCE_TOOL = 'delete_non_fungible_token_allowance_tool';
export const UPDATE_TOKEN_TOOL = 'update_token_tool';
export const GET_HBAR_BALANCE_QUERY_TOOL = 'get_hbar_balance_query_tool';
export const GET_ACCOUNT_QUERY_TOOL = 'get_account_query_tool';
export const GET_ACCOUNT_TOKEN_BALANCES_QUERY_TOOL = 'get_account_token_balances_query_tool';
export const GET_TOPIC_INFO_QUERY_TOOL = 'get_topic_info_query_tool';
export const GET_TOPIC_MESSAGES_QUERY_TOOL = 'get_topic_messages_query_tool';
export const GET_TOKEN_INFO_QUERY_TOOL = 'get_token_info_query_tool';
export const GET_PENDING_AIRDROP_TOOL = 'get_pending_airdrop_tool';
export const GET_TRANSACTION_RECORD_QUERY_TOOL = 'get_transaction_record_query_tool';
export const GET_EXCHANGE_RATE_TOOL = 'get_exchange_rate_tool';
export const CREATE_ERC20_TOOL = 'create_erc20_tool';
export const TRANSFER_ERC20_TOOL = 'transfer_erc20_tool';
export const CREATE_ERC721_TOOL = 'create_erc721_tool';
export const MINT_ERC721_TOOL = 'mint_erc721_tool';
export const TRANSFER_ERC721_TOOL = 'transfer_erc721_tool';
export const GET_CONTRACT_INFO_QUERY_TOOL = 'get_contract_info_query_tool';

export const coreAccountPluginToolNames = Object.freeze({
  TRANSFER_HBAR_TOOL,
  TRANSFER_HBAR_WITH_ALLOWANCE_TOOL,
  APPROVE_HBAR_ALLOWANCE_TOOL,
  DELETE_HBAR_ALLOWANCE_TOOL,
  CREATE_ACCOUNT_TOOL,
  UPDATE_ACCOUNT_TOOL,
  DELETE_ACCOUNT_TOOL,
  APPROVE_TOKEN_ALLOWANCE_TOOL,
  DELETE_TOKEN_ALLOWANCE_TOOL,
  SIGN_SCHEDULE_TRANSACTION_TOOL,
  SCHEDULE_DELETE_TOOL,
} as const);

export const coreConsensusPluginToolNames = Object.freeze({
  CREATE_TOPIC_TOOL,
  UPDATE_TOPIC_TOOL,
  DELETE_TOPIC_TOOL,
  SUBMIT_TOPIC_MESSAGE_TOOL,
} as const);

export const coreTokenPluginToolNames = Object.freeze({
  CREATE_FUNGIBLE_TOKEN_TOOL,
  CREATE_NON_FUNGIBLE_TOKEN_TOOL,
  MINT_FUNGIBLE_TOKEN_TOOL,
  MINT_NON_FUNGIBLE_TOKEN_TOOL,
  AIRDROP_FUNGIBLE_TOKEN_TOOL,
  ASSOCIATE_TOKEN_TOOL,
  DISSOCIATE_TOKEN_TOOL,
  TRANSFER_FUNGIBLE_TOKEN_TOOL,
  TRANSFER_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL,
  TRANSFER_NON_FUNGIBLE_TOKEN_TOOL,
  TRANSFER_NON_FUNGIBLE_TOKEN_WITH_ALLOWANCE_TOOL,
  APPROVE_NFT_ALLOWANCE_TOOL,
  DELETE_NFT_ALLOWANCE_TOOL,
  UPDATE_TOKEN_TOOL,
} as const);

export const coreEVMPluginToolNames = Object.freeze({
  CREATE_ERC20_TOOL,
  TRANSFER_ERC20_TOOL,
  TRANSFER_ERC721_TOOL,
  MINT_ERC721_TOOL,
  CREATE_ERC721_TOOL,
} as const);

export const coreAccountQueryPluginToolNames = Object.freeze({
  GET_HBAR_BALANCE_QUERY_TOOL,
  GET_ACCOUNT_QUERY_TOOL,
  GET_ACCOUNT_TOKEN_BALANCES_QUERY_TOOL,
} as const);

export const coreConsensusQueryPluginToolNames = Object.freeze({
  GET_TOPIC_INFO_QUERY_TOOL,
  GET_TOPIC_MESSAGES_QUERY_TOOL,
} as const);

export const coreTokenQueryPluginToolNames = Object.freeze({
  GET_TOKEN_INFO_QUERY_TOOL,
  GET_PENDING_AIRDROP_TOOL,
} as const);

export const coreTransactionQueryPluginToolNames = Object.freeze({
  GET_TRANSACTION_RECORD_QUERY_TOOL,
} as const);

/** That kit's spelling ("Plugins"), kept so imports carry over. */
export const coreMiscQueriesPluginsToolNames = Object.freeze({
  GET_EXCHANGE_RATE_TOOL,
} as const);

export const coreEVMQueryPluginToolNames = Object.freeze({
  GET_CONTRACT_INFO_QUERY_TOOL,
} as const);

export const coreQueriesPluginToolNames = Object.freeze({
  ...coreAccountQueryPluginToolNames,
  ...coreConsensusQueryPluginToolNames,
  ...coreTokenQueryPluginToolNames,
  ...coreTransactionQueryPluginToolNames,
  ...coreMiscQueriesPluginsToolNames,
  ...coreEVMQueryPluginToolNames,
} as const);

/** One area's query tools, as a plugin of its own (the Hedera Agent Kit splits its queries this way). */
function queryView(name: string, description: string, methods: Readonly<Record<string, string>>): Plugin {
  const wanted = new Set(Object.values(methods));
  return {
    name,
    version: coreQueriesPlugin.version,
    description,
    tools: (context) => coreQueriesPlugin.tools(context).filter((tool) => wanted.has(tool.method)),
  };
}

export const coreAccountQueryPlugin: Plugin = queryView('core-account-query', 'Account queries: HBAR balance, account details, token balances.', coreAccountQueryPluginToolNames);
export const coreConsensusQueryPlugin: Plugin = queryView('core-consensus-query', 'Topic queries: topic info and messages.', coreConsensusQueryPluginToolNames);
export const coreTokenQueryPlugin: Plugin = queryView('core-token-query', 'Token queries: token info, pending airdrops.', coreTokenQueryPluginToolNames);
export const coreTransactionQueryPlugin: Plugin = queryView('core-transaction-query', 'Transaction queries: a transaction record.', coreTransactionQueryPluginToolNames);
export const coreMiscQueriesPlugin: Plugin = queryView('core-misc-queries', 'Network queries: the HBAR exchange rate.', coreMiscQueriesPluginsToolNames);
export const coreEVMQueryPlugin: Plugin = queryView('core-evm-query', 'EVM queries: smart contract details.', coreEVMQueryPluginToolNames);

/** Every core plugin once (the query views rather than coreQueriesPlugin, so no tool is listed twice). */
export const allCorePlugins: readonly Plugin[] = Object.freeze([
  coreAccountPlugin,
  coreConsensusPlugin,
  coreTokenPlugin,
  coreEvmPlugin,
  coreAccountQueryPlugin,
  coreConsensusQueryPlugin,
  coreTokenQueryPlugin,
  coreTransactionQueryPlugin,
  coreMiscQueriesPlugin,
  coreEVMQueryPlugin,
]);
