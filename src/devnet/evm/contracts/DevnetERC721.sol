// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.37;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

/// A plain ERC-721 collection, as the ERC721 factory deploys it: its deployer mints with `safeMint`.
contract DevnetERC721 {
    string public name;
    string public symbol;
    string private baseURI;
    address public immutable owner;
    uint256 private nextTokenId;
    mapping(uint256 tokenId => address) private owners;
    mapping(address holder => uint256) private balances;
    mapping(uint256 tokenId => address) private tokenApprovals;
    mapping(address holder => mapping(address operator => bool)) private operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_, string memory baseURI_, address owner_) {
        name = name_;
        symbol = symbol_;
        baseURI = baseURI_;
        owner = owner_;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function balanceOf(address holder) external view returns (uint256) {
        require(holder != address(0), "ERC721: zero address");
        return balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = owners[tokenId];
        require(holder != address(0), "ERC721: nonexistent token");
        return holder;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return bytes(baseURI).length == 0 ? "" : string.concat(baseURI, _decimal(tokenId));
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(msg.sender == holder || operatorApprovals[holder][msg.sender], "ERC721: not owner nor approved for all");
        tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        require(holder == from, "ERC721: transfer from incorrect owner");
        require(to != address(0), "ERC721: transfer to the zero address");
        require(
            msg.sender == holder || tokenApprovals[tokenId] == msg.sender || operatorApprovals[holder][msg.sender],
            "ERC721: caller is not token owner or approved"
        );
        delete tokenApprovals[tokenId];
        balances[from] -= 1;
        balances[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        _checkReceiver(from, to, tokenId, data);
    }

    /// Mints the next token (ids start at 1) to `to`; only the collection's owner may mint.
    function safeMint(address to) external returns (uint256 tokenId) {
        require(msg.sender == owner, "ERC721: caller is not the owner");
        require(to != address(0), "ERC721: mint to the zero address");
        tokenId = ++nextTokenId;
        balances[to] += 1;
        owners[tokenId] = to;
        emit Transfer(address(0), to, tokenId);
        _checkReceiver(address(0), to, tokenId, "");
    }

    function _checkReceiver(address from, address to, uint256 tokenId, bytes memory data) private {
        if (to.code.length == 0) return;
        bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
        require(answer == IERC721Receiver.onERC721Received.selector, "ERC721: transfer to non ERC721Receiver implementer");
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory text = new bytes(digits);
        for (; value != 0; value /= 10) text[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(text);
    }
}
