import type { Plugin } from '../../src/authoring/index.js';
import { CreateErc20Tool } from './tools/create-erc20-tool.js';
import { CreateErc721Tool } from './tools/create-erc721-tool.js';
import { MintErc721Tool } from './tools/mint-erc721-tool.js';
import { TransferErc20Tool } from './tools/transfer-erc20-tool.js';
import { TransferErc721Tool } from './tools/transfer-erc721-tool.js';

/**
 * EVM tools: ERC-20 tokens and ERC-721 collections, deployed through the network's factory contracts
 * and moved with contract calls. They act for an account with an ECDSA key, as the Hedera Agent Kit's do.
 */
const coreEvmPlugin: Plugin = {
  name: 'core-evm',
  version: '0.1.0',
  description: 'EVM tools: create and transfer ERC-20 tokens, create, mint and transfer ERC-721 tokens, through factory contracts.',
  tools: () => [new CreateErc20Tool(), new TransferErc20Tool(), new TransferErc721Tool(), new MintErc721Tool(), new CreateErc721Tool()],
};

export default coreEvmPlugin;
