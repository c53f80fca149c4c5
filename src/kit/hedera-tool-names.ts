/**
 * The tools of the Hedera Agent Kit's core plugins (4.1.0), which this project's core plugins
 * provide under the same names. A policy may name one of them in a kit that does not load it (a
 * shared policy list, `tools` narrowing the kit, MaxRecipientsPolicy's defaults): nothing is then
 * left open, since the kit has no such tool. Any other name a kit does not have is a mistake or a
 * disguise, and the kit refuses to start on it (see policy-tool-names.ts). Kept equal to the core
 * manifest and to the Hedera Agent Kit by test/unit/kit/hedera-tool-names.spec.ts.
 */
export const HEDERA_TOOL_NAMES: readonly string[] = Object.freeze([
  'airdrop_fungible_token_tool',
  'approve_hbar_allowance_tool',
  'approve_nft_allowance_tool',
  'approve_token_allowance_tool',
  'associate_token_tool',
  'create_account_tool',
  'create_erc20_tool',
  'create_erc721_tool',
  'create_fungible_token_tool',
  'create_non_fungible_token_tool',
  'create_topic_tool',
  'delete_account_tool',
  'delete_hbar_allowance_tool',
  'delete_non_fungible_token_allowance_tool',
  'delete_token_allowance_tool',
  'delete_topic_tool',
  'dissociate_token_tool',
  'get_account_query_tool',
  'get_account_token_balances_query_tool',
  'get_contract_info_query_tool',
  'get_exchange_rate_tool',
  'get_hbar_balance_query_tool',
  'get_pending_airdrop_tool',
  'get_token_info_query_tool',
  'get_topic_info_query_tool',
  'get_topic_messages_query_tool',
  'get_transaction_record_query_tool',
  'mint_erc721_tool',
  'mint_fungible_token_tool',
  'mint_non_fungible_token_tool',
  'schedule_delete_tool',
  'sign_schedule_transaction_tool',
  'submit_topic_message_tool',
  'transfer_erc20_tool',
  'transfer_erc721_tool',
  'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool',
  'transfer_hbar_tool',
  'transfer_hbar_with_allowance_tool',
  'transfer_non_fungible_token_tool',
  'transfer_non_fungible_token_with_allowance_tool',
  'update_account_tool',
  'update_token_tool',
  'update_topic_tool',
]);

const NAMES = new Set(HEDERA_TOOL_NAMES);

/** Whether `name` is exactly one of the Hedera Agent Kit's tool names. */
export function isHederaToolName(name: string): boolean {
  return NAMES.has(name);
}
