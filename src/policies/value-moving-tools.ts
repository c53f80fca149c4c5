/**
 * The core tools that move value (or, for approvals, allow it to be moved): what the value policies
 * guard by default. A tool here without a movements view is refused by them, never let through.
 */
export const VALUE_MOVING_TOOLS: readonly string[] = Object.freeze([
  'transfer_hbar_tool',
  'transfer_hbar_with_allowance_tool',
  'approve_hbar_allowance_tool',
  'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool',
  'airdrop_fungible_token_tool',
  'approve_token_allowance_tool',
  'transfer_non_fungible_token_tool',
  'transfer_non_fungible_token_with_allowance_tool',
  'approve_nft_allowance_tool',
  'transfer_erc20_tool',
  'transfer_erc721_tool',
  'mint_erc721_tool',
]);
