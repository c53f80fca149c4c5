import type { Plugin } from '../../src/authoring/index.js';
import { AirdropFungibleTokenTool } from './tools/airdrop-fungible-token-tool.js';
import { ApproveNftAllowanceTool } from './tools/approve-nft-allowance-tool.js';
import { AssociateTokenTool } from './tools/associate-token-tool.js';
import { CreateFungibleTokenTool } from './tools/create-fungible-token-tool.js';
import { CreateNonFungibleTokenTool } from './tools/create-non-fungible-token-tool.js';
import { DeleteNonFungibleTokenAllowanceTool } from './tools/delete-non-fungible-token-allowance-tool.js';
import { DissociateTokenTool } from './tools/dissociate-token-tool.js';
import { MintFungibleTokenTool } from './tools/mint-fungible-token-tool.js';
import { MintNonFungibleTokenTool } from './tools/mint-non-fungible-token-tool.js';
import { TransferFungibleTokenTool } from './tools/transfer-fungible-token-tool.js';
import { TransferFungibleTokenWithAllowanceTool } from './tools/transfer-fungible-token-with-allowance-tool.js';
import { TransferNonFungibleTokenTool } from './tools/transfer-non-fungible-token-tool.js';
import { TransferNonFungibleTokenWithAllowanceTool } from './tools/transfer-non-fungible-token-with-allowance-tool.js';
import { UpdateTokenTool } from './tools/update-token-tool.js';

/**
 * Token tools (HTS): create, mint, associate, transfer, airdrop and update fungible tokens and NFTs.
 * Amounts are display units scaled by the token's decimals, which the tools read from the mirror node.
 */
const coreTokenPlugin: Plugin = {
  name: 'core-token',
  version: '0.1.0',
  description: 'Hedera Token Service tools: fungible tokens and NFTs — create, mint, associate, transfer, airdrop, allowances, update.',
  tools: () => [
    new CreateFungibleTokenTool(),
    new CreateNonFungibleTokenTool(),
    new MintFungibleTokenTool(),
    new MintNonFungibleTokenTool(),
    new AirdropFungibleTokenTool(),
    new AssociateTokenTool(),
    new DissociateTokenTool(),
    new TransferFungibleTokenTool(),
    new TransferFungibleTokenWithAllowanceTool(),
    new TransferNonFungibleTokenTool(),
    new TransferNonFungibleTokenWithAllowanceTool(),
    new ApproveNftAllowanceTool(),
    new DeleteNonFungibleTokenAllowanceTool(),
    new UpdateTokenTool(),
  ],
};

export default coreTokenPlugin;
