/*
 * The core plugins as the kit reads them at start: each tool's name, where its class lives, and the
 * facts the policies' start checks need. With it, `createAgentKit` registers the core tools without
 * importing them, and imports a tool's module on its first call (or when the tools are listed): a
 * fresh process does not pay for thirty modules and their schemas to call one tool.
 *
 * It repeats what the plugin folders say, so test/unit/plugins/core-manifest.spec.ts fails when the
 * two differ (a tool added, moved or renamed in a folder and not here), and the kit checks each tool
 * against its entry when it loads it. Plugin and tool order are the folder loader's (folders by name,
 * tools as each plugin's `tools()` returns them), so `listTools()` reads as before.
 * (The file name starts with "_" so that the plugins folder loader does not take it for a plugin.)
 */
import type { CoreManifest } from '../src/authoring/index.js';

export const CORE_MANIFEST: CoreManifest = [
  {
    name: 'core-account',
    tools: [
      { method: 'transfer_hbar_tool', module: 'core-account/transfer-hbar-tool.js', exportName: 'TransferHbarTool', toolType: 'transaction' },
      { method: 'transfer_hbar_with_allowance_tool', module: 'core-account/transfer-hbar-with-allowance-tool.js', exportName: 'TransferHbarWithAllowanceTool', toolType: 'transaction' },
      { method: 'approve_hbar_allowance_tool', module: 'core-account/approve-hbar-allowance-tool.js', exportName: 'ApproveHbarAllowanceTool', toolType: 'transaction' },
      { method: 'delete_hbar_allowance_tool', module: 'core-account/delete-hbar-allowance-tool.js', exportName: 'DeleteHbarAllowanceTool', toolType: 'transaction', movesNoValue: true },
      { method: 'create_account_tool', module: 'core-account/create-account-tool.js', exportName: 'CreateAccountTool', toolType: 'transaction' },
      { method: 'update_account_tool', module: 'core-account/update-account-tool.js', exportName: 'UpdateAccountTool', toolType: 'transaction', movesNoValue: true },
      { method: 'delete_account_tool', module: 'core-account/delete-account-tool.js', exportName: 'DeleteAccountTool', toolType: 'transaction' },
      { method: 'approve_token_allowance_tool', module: 'core-account/approve-token-allowance-tool.js', exportName: 'ApproveTokenAllowanceTool', toolType: 'transaction' },
      { method: 'delete_token_allowance_tool', module: 'core-account/delete-token-allowance-tool.js', exportName: 'DeleteTokenAllowanceTool', toolType: 'transaction', movesNoValue: true },
      { method: 'sign_schedule_transaction_tool', module: 'core-account/sign-schedule-transaction-tool.js', exportName: 'SignScheduleTransactionTool', toolType: 'transaction', ownMovementsView: true },
      { method: 'schedule_delete_tool', module: 'core-account/schedule-delete-tool.js', exportName: 'ScheduleDeleteTool', toolType: 'transaction', movesNoValue: true },
    ],
  },
  {
    name: 'core-consensus',
    tools: [
      { method: 'create_topic_tool', module: 'core-consensus/create-topic-tool.js', exportName: 'CreateTopicTool', toolType: 'transaction', movesNoValue: true },
      { method: 'update_topic_tool', module: 'core-consensus/update-topic-tool.js', exportName: 'UpdateTopicTool', toolType: 'transaction', movesNoValue: true },
      { method: 'delete_topic_tool', module: 'core-consensus/delete-topic-tool.js', exportName: 'DeleteTopicTool', toolType: 'transaction', movesNoValue: true },
      { method: 'submit_topic_message_tool', module: 'core-consensus/submit-topic-message-tool.js', exportName: 'SubmitTopicMessageTool', toolType: 'transaction', movesNoValue: true },
    ],
  },
  {
    name: 'core-evm',
    tools: [
      { method: 'create_erc20_tool', module: 'core-evm/tools/create-erc20-tool.js', exportName: 'CreateErc20Tool', toolType: 'transaction', movesNoValue: true },
      { method: 'transfer_erc20_tool', module: 'core-evm/tools/transfer-erc20-tool.js', exportName: 'TransferErc20Tool', toolType: 'transaction' },
      { method: 'transfer_erc721_tool', module: 'core-evm/tools/transfer-erc721-tool.js', exportName: 'TransferErc721Tool', toolType: 'transaction' },
      { method: 'mint_erc721_tool', module: 'core-evm/tools/mint-erc721-tool.js', exportName: 'MintErc721Tool', toolType: 'transaction' },
      { method: 'create_erc721_tool', module: 'core-evm/tools/create-erc721-tool.js', exportName: 'CreateErc721Tool', toolType: 'transaction', movesNoValue: true },
    ],
  },
  {
    name: 'core-queries',
    tools: [
      { method: 'get_hbar_balance_query_tool', module: 'core-queries/get-hbar-balance-query-tool.js', exportName: 'GetHbarBalanceQueryTool', toolType: 'query' },
      { method: 'get_account_query_tool', module: 'core-queries/get-account-query-tool.js', exportName: 'GetAccountQueryTool', toolType: 'query' },
      { method: 'get_account_token_balances_query_tool', module: 'core-queries/get-account-token-balances-query-tool.js', exportName: 'GetAccountTokenBalancesQueryTool', toolType: 'query' },
      { method: 'get_topic_info_query_tool', module: 'core-queries/get-topic-info-query-tool.js', exportName: 'GetTopicInfoQueryTool', toolType: 'query' },
      { method: 'get_topic_messages_query_tool', module: 'core-queries/get-topic-messages-query-tool.js', exportName: 'GetTopicMessagesQueryTool', toolType: 'query' },
      { method: 'get_token_info_query_tool', module: 'core-queries/get-token-info-query-tool.js', exportName: 'GetTokenInfoQueryTool', toolType: 'query' },
      { method: 'get_pending_airdrop_tool', module: 'core-queries/get-pending-airdrop-tool.js', exportName: 'GetPendingAirdropTool', toolType: 'query' },
      { method: 'get_transaction_record_query_tool', module: 'core-queries/get-transaction-record-query-tool.js', exportName: 'GetTransactionRecordQueryTool', toolType: 'query' },
      { method: 'get_exchange_rate_tool', module: 'core-queries/get-exchange-rate-tool.js', exportName: 'GetExchangeRateTool', toolType: 'query' },
      { method: 'get_contract_info_query_tool', module: 'core-queries/get-contract-info-query-tool.js', exportName: 'GetContractInfoQueryTool', toolType: 'query' },
    ],
  },
  {
    name: 'core-token',
    tools: [
      { method: 'create_fungible_token_tool', module: 'core-token/tools/create-fungible-token-tool.js', exportName: 'CreateFungibleTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'create_non_fungible_token_tool', module: 'core-token/tools/create-non-fungible-token-tool.js', exportName: 'CreateNonFungibleTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'mint_fungible_token_tool', module: 'core-token/tools/mint-fungible-token-tool.js', exportName: 'MintFungibleTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'mint_non_fungible_token_tool', module: 'core-token/tools/mint-non-fungible-token-tool.js', exportName: 'MintNonFungibleTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'airdrop_fungible_token_tool', module: 'core-token/tools/airdrop-fungible-token-tool.js', exportName: 'AirdropFungibleTokenTool', toolType: 'transaction' },
      { method: 'associate_token_tool', module: 'core-token/tools/associate-token-tool.js', exportName: 'AssociateTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'dissociate_token_tool', module: 'core-token/tools/dissociate-token-tool.js', exportName: 'DissociateTokenTool', toolType: 'transaction', movesNoValue: true },
      { method: 'transfer_fungible_token_tool', module: 'core-token/tools/transfer-fungible-token-tool.js', exportName: 'TransferFungibleTokenTool', toolType: 'transaction' },
      { method: 'transfer_fungible_token_with_allowance_tool', module: 'core-token/tools/transfer-fungible-token-with-allowance-tool.js', exportName: 'TransferFungibleTokenWithAllowanceTool', toolType: 'transaction' },
      { method: 'transfer_non_fungible_token_tool', module: 'core-token/tools/transfer-non-fungible-token-tool.js', exportName: 'TransferNonFungibleTokenTool', toolType: 'transaction' },
      { method: 'transfer_non_fungible_token_with_allowance_tool', module: 'core-token/tools/transfer-non-fungible-token-with-allowance-tool.js', exportName: 'TransferNonFungibleTokenWithAllowanceTool', toolType: 'transaction' },
      { method: 'approve_nft_allowance_tool', module: 'core-token/tools/approve-nft-allowance-tool.js', exportName: 'ApproveNftAllowanceTool', toolType: 'transaction' },
      { method: 'delete_non_fungible_token_allowance_tool', module: 'core-token/tools/delete-non-fungible-token-allowance-tool.js', exportName: 'DeleteNonFungibleTokenAllowanceTool', toolType: 'transaction', movesNoValue: true },
      { method: 'update_token_tool', module: 'core-token/tools/update-token-tool.js', exportName: 'UpdateTokenTool', toolType: 'transaction' },
    ],
  },
];
