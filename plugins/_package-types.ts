/*
 * The types of the package's main entry (`hedera-agent-hooks`): everything src/index.ts exports, plus
 * the core tools' ToolParamRegistry entries. Those entries live next to each tool in plugins/, which the
 * core never imports; composing them here, outside src/, types
 * `StageEvent<'postParamsNormalization', 'transfer_hbar_tool'>` for package users as it is typed in this
 * repository. At run time the entry is src/index.js; this file only supplies its declarations.
 * Each tool file is named on its own: declaration output drops the plugin index files' tool imports.
 * test/unit/plugins/package-types.spec.ts fails when a tool's registry entry is missing from this list.
 */
export * from '../src/index.js';
export type {} from './core-account/approve-hbar-allowance-tool.js';
export type {} from './core-account/approve-token-allowance-tool.js';
export type {} from './core-account/create-account-tool.js';
export type {} from './core-account/delete-account-tool.js';
export type {} from './core-account/delete-hbar-allowance-tool.js';
export type {} from './core-account/delete-token-allowance-tool.js';
export type {} from './core-account/schedule-delete-tool.js';
export type {} from './core-account/sign-schedule-transaction-tool.js';
export type {} from './core-account/transfer-hbar-tool.js';
export type {} from './core-account/transfer-hbar-with-allowance-tool.js';
export type {} from './core-account/update-account-tool.js';
export type {} from './core-consensus/create-topic-tool.js';
export type {} from './core-consensus/delete-topic-tool.js';
export type {} from './core-consensus/submit-topic-message-tool.js';
export type {} from './core-consensus/update-topic-tool.js';
export type {} from './core-evm/tools/create-erc20-tool.js';
export type {} from './core-evm/tools/create-erc721-tool.js';
export type {} from './core-evm/tools/mint-erc721-tool.js';
export type {} from './core-evm/tools/transfer-erc20-tool.js';
export type {} from './core-evm/tools/transfer-erc721-tool.js';
export type {} from './core-queries/get-account-query-tool.js';
export type {} from './core-queries/get-account-token-balances-query-tool.js';
export type {} from './core-queries/get-contract-info-query-tool.js';
export type {} from './core-queries/get-exchange-rate-tool.js';
export type {} from './core-queries/get-hbar-balance-query-tool.js';
export type {} from './core-queries/get-pending-airdrop-tool.js';
export type {} from './core-queries/get-token-info-query-tool.js';
export type {} from './core-queries/get-topic-info-query-tool.js';
export type {} from './core-queries/get-topic-messages-query-tool.js';
export type {} from './core-queries/get-transaction-record-query-tool.js';
export type {} from './core-token/tools/airdrop-fungible-token-tool.js';
export type {} from './core-token/tools/approve-nft-allowance-tool.js';
export type {} from './core-token/tools/associate-token-tool.js';
export type {} from './core-token/tools/create-fungible-token-tool.js';
export type {} from './core-token/tools/create-non-fungible-token-tool.js';
export type {} from './core-token/tools/delete-non-fungible-token-allowance-tool.js';
export type {} from './core-token/tools/dissociate-token-tool.js';
export type {} from './core-token/tools/mint-fungible-token-tool.js';
export type {} from './core-token/tools/mint-non-fungible-token-tool.js';
export type {} from './core-token/tools/transfer-fungible-token-tool.js';
export type {} from './core-token/tools/transfer-fungible-token-with-allowance-tool.js';
export type {} from './core-token/tools/transfer-non-fungible-token-tool.js';
export type {} from './core-token/tools/transfer-non-fungible-token-with-allowance-tool.js';
export type {} from './core-token/tools/update-token-tool.js';
