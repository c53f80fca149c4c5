// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

import {DevnetERC20} from "./DevnetERC20.sol";

/// Deploys ERC-20 tokens with the function the Hedera Agent Kit's `create_erc20_tool` calls.
contract ERC20Factory {
    event TokenDeployed(address indexed creator, address tokenAddress);

    function deployToken(string memory name_, string memory symbol_, uint8 decimals_, uint256 initialSupply_)
        external
        returns (address)
    {
        DevnetERC20 token = new DevnetERC20(name_, symbol_, decimals_, initialSupply_, msg.sender);
        emit TokenDeployed(msg.sender, address(token));
        return address(token);
    }
}
