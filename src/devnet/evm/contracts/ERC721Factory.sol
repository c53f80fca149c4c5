// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {DevnetERC721} from "./DevnetERC721.sol";

/// Deploys ERC-721 collections with the function the Hedera Agent Kit's `create_erc721_tool` calls.
contract ERC721Factory {
    event TokenDeployed(address indexed creator, address tokenAddress);

    function deployToken(string memory name_, string memory symbol_, string memory baseURI_) external returns (address) {
        DevnetERC721 token = new DevnetERC721(name_, symbol_, baseURI_, msg.sender);
        emit TokenDeployed(msg.sender, address(token));
        return address(token);
    }
}
