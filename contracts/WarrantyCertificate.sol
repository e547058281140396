// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ERC721A} from "erc721a/contracts/ERC721A.sol";

/**
 * @title WarrantyCertificate
 * @notice One ERC-721 token per issued warranty. Tokens are minted in batches by
 * the service's custodial address (MINTER_ROLE) and can later be transferred to a
 * customer's wallet like any ERC-721 token.
 *
 * Cost design:
 * - ERC721A packed ownership: a batch writes one ownership slot and one balance
 *   slot, whatever its size; each token only costs its `Transfer` event.
 * - A batch's metadata is one IPFS directory (dag-pb, sha2-256). Its 32-byte
 *   digest takes ONE storage slot, keyed by the batch's first token id. No
 *   per-token URI is stored: `tokenURI` finds the batch of a token by scanning
 *   down to the nearest batch start (like ERC721A's ownership lookup) and builds
 *   `ipfs://<CIDv1 base32>/<tokenId>` in the view.
 *
 * Exactly-once minting: `mintBatch` takes the id the caller expects the batch to
 * start at and reverts unless it equals `nextTokenId()`, so a batch that is sent
 * twice (a retry after a crash or a timeout) cannot mint twice.
 */
contract WarrantyCertificate is ERC721A, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @notice Largest batch `mintBatch` accepts. It bounds the scans of the
    /// batch views (at most this many storage reads, ~2.1M gas for 1000), which
    /// keeps every view far below the eth_call gas caps of public RPC nodes.
    uint256 public constant MAX_BATCH_SIZE = 1000;

    /// @notice Block of deployment: where event searches can start.
    uint256 public immutable deployedAtBlock;

    /// @dev First token id of a batch => digest of its metadata directory.
    /// Zero for ids that do not start a batch (a digest is never zero).
    mapping(uint256 startTokenId => bytes32 dirDigest) private _batchDigests;

    /// @notice One event per batch, next to the per-token `Transfer` events.
    event BatchMinted(uint256 indexed startTokenId, uint256 quantity, bytes32 dirDigest);

    /// @notice The batch would not start at `expected`: the next id is `actual`.
    error StartIdMismatch(uint256 expected, uint256 actual);
    /// @notice A batch holds 1 to MAX_BATCH_SIZE tokens.
    error InvalidBatchQuantity(uint256 quantity);
    /// @notice The directory digest must not be zero.
    error ZeroDirDigest();
    /// @notice `batchDigestOf` was asked about a token that was never minted.
    error BatchQueryForNonexistentToken(uint256 tokenId);

    bytes private constant _BASE32_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

    constructor(string memory name_, string memory symbol_, address admin) ERC721A(name_, symbol_) {
        deployedAtBlock = block.number;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
    }

    /**
     * @notice Mints `quantity` certificates to `to`, with ids `expectedStartId` to
     * `expectedStartId + quantity - 1`, whose metadata lives in the IPFS directory
     * with dag-pb/sha2-256 digest `dirDigest` (one file per token id).
     * @dev Reverts with `StartIdMismatch` unless `expectedStartId == nextTokenId()`.
     */
    function mintBatch(address to, uint256 expectedStartId, uint256 quantity, bytes32 dirDigest)
        external
        onlyRole(MINTER_ROLE)
    {
        uint256 start = _nextTokenId();
        if (expectedStartId != start) revert StartIdMismatch(expectedStartId, start);
        if (quantity == 0 || quantity > MAX_BATCH_SIZE) revert InvalidBatchQuantity(quantity);
        if (dirDigest == bytes32(0)) revert ZeroDirDigest();

        _batchDigests[start] = dirDigest;
        _mint(to, quantity);
        emit BatchMinted(start, quantity, dirDigest);
    }

    /// @notice The id the next minted token gets (1 before the first mint).
    function nextTokenId() external view returns (uint256) {
        return _nextTokenId();
    }

    /**
     * @notice The metadata directory digest of the batch `tokenId` belongs to, and
     * the first token id of that batch.
     * @dev Reverts with `BatchQueryForNonexistentToken` for an id never minted.
     */
    function batchDigestOf(uint256 tokenId) public view returns (bytes32 digest, uint256 startTokenId) {
        if (tokenId < _startTokenId() || tokenId >= _nextTokenId()) {
            revert BatchQueryForNonexistentToken(tokenId);
        }
        startTokenId = tokenId;
        digest = _batchDigests[startTokenId];
        // Terminates: the first minted id always starts a batch, and digests are non-zero.
        while (digest == bytes32(0)) {
            unchecked {
                --startTokenId;
            }
            digest = _batchDigests[startTokenId];
        }
    }

    /**
     * @notice The batch that starts exactly at `startTokenId`.
     * @dev Returns (0, 0) when no batch starts there (never minted, or an id in
     * the middle of a batch). Used by the service to reconcile after a crash.
     */
    function batchAt(uint256 startTokenId) external view returns (bytes32 digest, uint256 quantity) {
        digest = _batchDigests[startTokenId];
        if (digest == bytes32(0)) return (bytes32(0), 0);
        uint256 next = _nextTokenId();
        uint256 end = startTokenId + 1;
        while (end < next && _batchDigests[end] == bytes32(0)) {
            unchecked {
                ++end;
            }
        }
        quantity = end - startTokenId;
    }

    /// @notice `ipfs://<directory CID>/<tokenId>`; reverts for a nonexistent token.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        // Same as ERC721A's `_exists` here (nothing can be burned), without its ownership scan.
        if (tokenId < _startTokenId() || tokenId >= _nextTokenId()) _revert(URIQueryForNonexistentToken.selector);
        (bytes32 digest,) = batchDigestOf(tokenId);
        return string.concat("ipfs://", _directoryCid(digest), "/", _toString(tokenId));
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721A, AccessControl) returns (bool) {
        return ERC721A.supportsInterface(interfaceId) || AccessControl.supportsInterface(interfaceId);
    }

    function _startTokenId() internal pure override returns (uint256) {
        return 1;
    }

    /**
     * @dev The CIDv1 of a dag-pb directory with sha2-256 `digest`, as the standard
     * multibase base32 string ("b" + RFC 4648 lower case, no padding): the binary
     * CID is 0x01 (v1) 0x70 (dag-pb) 0x12 (sha2-256) 0x20 (32 bytes) ++ digest,
     * 36 bytes = 288 bits = 57 groups of 5 bits + 3 bits, so 58 characters.
     */
    function _directoryCid(bytes32 digest) internal pure returns (string memory) {
        bytes memory alphabet = _BASE32_ALPHABET;
        bytes memory out = new bytes(59);
        out[0] = "b";
        uint256 j = 1;
        uint256 buffer = 0x01701220;
        uint256 bits = 32;
        for (uint256 i = 0; i < 32; ++i) {
            buffer = (buffer << 8) | uint8(digest[i]);
            bits += 8;
            while (bits >= 5) {
                bits -= 5;
                out[j++] = alphabet[(buffer >> bits) & 31];
            }
            buffer &= (1 << bits) - 1;
        }
        // 288 bits leave 3 bits, padded with zero bits to a last character.
        out[j] = alphabet[(buffer << (5 - bits)) & 31];
        return string(out);
    }
}
