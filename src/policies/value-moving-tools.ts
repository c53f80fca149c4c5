/**
 * The core tools that move value (or, for approvals, allow it to be moved): every core tool that is
 * not a query and is not marked `movesNoValue`. What the value policies guard by default outside a
 * kit (in the Hedera Agent Kit); inside a kit they guard the kit's whole value-moving set (see
 * {@link movesValue}). A tool here without a movements view is refused by them, never let through.
 */
export const VALUE_MOVING_TOOLS: readonly string[] = Object.freeze([
  'transfer_hbar_tool',
  'transfer_hbar_with_allowance_tool',
  'approve_hbar_allowance_tool',
  // The initial balance leaves the payer.
  'create_account_tool',
  // The account's whole balance goes to the transfer account.
  'delete_account_tool',
  // The signature may be the last one the schedule needs: its inner transaction then executes.
  'sign_schedule_transaction_tool',
  'transfer_fungible_token_tool',
  'transfer_fungible_token_with_allowance_tool',
  'airdrop_fungible_token_tool',
  'approve_token_allowance_tool',
  'transfer_non_fungible_token_tool',
  'transfer_non_fungible_token_with_allowance_tool',
  'approve_nft_allowance_tool',
  // A new treasury receives the old one's whole balance of the token.
  'update_token_tool',
  'transfer_erc20_tool',
  'transfer_erc721_tool',
  'mint_erc721_tool',
]);

/**
 * The one rule for what moves value: every tool that is not a query (`toolType: 'query'`) and does
 * not declare `movesNoValue: true`. A tool without a `toolType` (the Hedera Agent Kit's default,
 * `'other'`) declares nothing, so it counts. The kill switch's value-moving pause and the value
 * policies' default coverage both read it, so they always agree.
 */
export function movesValue(tool: { readonly toolType?: string; readonly movesNoValue?: boolean }): boolean {
  return tool.toolType !== 'query' && tool.movesNoValue !== true;
}

/**
 * How a value policy chooses the tools it covers, as the kit reads it at start:
 * - `'kit'`: its `tools` option was left out, so the kit has it cover every value-moving tool the
 *   kit has (the set its kill switch stops), plugin tools included;
 * - `'listed'`: it was given `tools`, and the kit warns at start about each value-moving tool the
 *   list leaves out.
 */
export type ValueMovingCoverage = 'kit' | 'listed';

/** A policy's {@link ValueMovingCoverage}, read off its `valueMovingCoverage` field (undefined for any other listener). */
export function valueMovingCoverageOf(instance: unknown): ValueMovingCoverage | undefined {
  if (instance === null || typeof instance !== 'object') return undefined;
  const coverage = (instance as { valueMovingCoverage?: unknown }).valueMovingCoverage;
  return coverage === 'kit' || coverage === 'listed' ? coverage : undefined;
}
