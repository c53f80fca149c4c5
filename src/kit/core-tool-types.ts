/*
 * Type-only, erased from the JavaScript: the core tools' ToolParamRegistry entries live next to each
 * tool in plugins/, which a program importing 'hedera-agent-hooks' never loads on its own. Re-exporting
 * nothing from each such file pulls its declarations (and so its registry entry) into that program, so
 * `StageEvent<'postParamsNormalization', 'transfer_hbar_tool'>` is typed for package users as it is
 * here. Each file is named on its own: declaration output drops the plugin index files' tool imports.
 * test/unit/kit/core-tool-types.spec.ts fails when a tool's registry entry is missing from this list.
 */
export type {} from '../../plugins/core-account/approve-hbar-allowance-tool.js';
export type {} from '../../plugins/core-account/approve-token-allowance-tool.js';
export type {} from '../../plugins/core-account/create-account-tool.js';
export type {} from '../../plugins/core-account/delete-account-tool.js';
export type {} from '../../plugins/core-account/delete-hbar-allowance-tool.js';
export type {} from '../../plugins/core-account/delete-token-allowance-tool.js';
export type {} from '../../plugins/core-account/transfer-hbar-tool.js';
export type {} from '../../plugins/core-account/transfer-hbar-with-allowance-tool.js';
export type {} from '../../plugins/core-account/update-account-tool.js';
export type {} from '../../plugins/core-consensus/create-topic-tool.js';
export type {} from '../../plugins/core-consensus/delete-topic-tool.js';
export type {} from '../../plugins/core-consensus/submit-topic-message-tool.js';
export type {} from '../../plugins/core-consensus/update-topic-tool.js';
export type {} from '../../plugins/core-queries/get-account-query-tool.js';
export type {} from '../../plugins/core-queries/get-account-token-balances-query-tool.js';
export type {} from '../../plugins/core-queries/get-hbar-balance-query-tool.js';
export type {} from '../../plugins/core-queries/get-token-info-query-tool.js';
export type {} from '../../plugins/core-queries/get-topic-info-query-tool.js';
export type {} from '../../plugins/core-queries/get-topic-messages-query-tool.js';
export type {} from '../../plugins/core-queries/get-transaction-record-query-tool.js';
export type {} from '../../plugins/core-token/tools/airdrop-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/approve-nft-allowance-tool.js';
export type {} from '../../plugins/core-token/tools/associate-token-tool.js';
export type {} from '../../plugins/core-token/tools/create-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/create-non-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/dissociate-token-tool.js';
export type {} from '../../plugins/core-token/tools/mint-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/mint-non-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/transfer-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/transfer-fungible-token-with-allowance-tool.js';
export type {} from '../../plugins/core-token/tools/transfer-non-fungible-token-tool.js';
export type {} from '../../plugins/core-token/tools/transfer-non-fungible-token-with-allowance-tool.js';
export type {} from '../../plugins/core-token/tools/update-token-tool.js';
