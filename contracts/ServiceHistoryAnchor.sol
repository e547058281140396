// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title ServiceHistoryAnchor
 * @notice Anchors the service history of warranty certificates (claim opened, repaired,
 * replaced, extended, voided): each batch of events is one Merkle root. The events
 * themselves are JSON files pinned on IPFS; the batch's manifest (the list of their CIDs,
 * in leaf order) is pinned too and its sha2-256 digest is in the `Anchored` event. Anyone
 * can fetch the manifest and the events, hash them (leaf = keccak256 of the file's bytes,
 * pairs hashed in sorted order) and compare the root with `rootOf(seq)`.
 *
 * A companion of the WarrantyCertificate contract, not a part of it: the certificate
 * contract already deployed keeps working unchanged, and the history of a token is
 * anchored whoever holds the token (custodial or in a customer's own wallet).
 *
 * Exactly-once anchoring: `anchor` takes the sequence number the caller expects and
 * reverts unless it equals `nextSeq`, so a batch sent twice cannot be anchored twice.
 * Cost: one storage slot and one event per batch, whatever its size.
 */
contract ServiceHistoryAnchor {
    /// @notice The only address that may anchor (the service's signer).
    address public immutable anchorer;
    /// @notice The certificate contract whose tokens the anchored events are about.
    address public immutable certificate;
    /// @notice Block of deployment: where event searches can start.
    uint256 public immutable deployedAtBlock;

    /// @notice The sequence number the next batch gets (0 before the first).
    uint256 public nextSeq;

    /// @dev Batch sequence number => Merkle root of its events (never zero).
    mapping(uint256 seq => bytes32 root) private _roots;

    /// @notice One event per batch: its root, how many events it holds, and the sha2-256
    /// digest of its manifest (a raw IPFS block: CIDv1, codec raw, sha2-256).
    event Anchored(uint256 indexed seq, bytes32 root, uint256 count, bytes32 manifestDigest);

    error NotAnchorer(address caller);
    error SeqMismatch(uint256 expected, uint256 actual);
    error EmptyBatch();
    error ZeroRoot();

    constructor(address anchorer_, address certificate_) {
        anchorer = anchorer_;
        certificate = certificate_;
        deployedAtBlock = block.number;
    }

    /**
     * @notice Anchors a batch of `count` events whose Merkle root is `root`.
     * @dev Reverts with `SeqMismatch` unless `expectedSeq == nextSeq`.
     */
    function anchor(uint256 expectedSeq, bytes32 root, uint256 count, bytes32 manifestDigest) external {
        if (msg.sender != anchorer) revert NotAnchorer(msg.sender);
        uint256 seq = nextSeq;
        if (expectedSeq != seq) revert SeqMismatch(expectedSeq, seq);
        if (count == 0) revert EmptyBatch();
        if (root == bytes32(0)) revert ZeroRoot();
        _roots[seq] = root;
        unchecked {
            nextSeq = seq + 1;
        }
        emit Anchored(seq, root, count, manifestDigest);
    }

    /// @notice The root of batch `seq`, zero when there is none.
    function rootOf(uint256 seq) external view returns (bytes32) {
        return _roots[seq];
    }

    /// @notice Whether `leaf` belongs to batch `seq` (sorted-pair keccak256 Merkle proof).
    function verify(uint256 seq, bytes32 leaf, bytes32[] calldata proof) external view returns (bool) {
        bytes32 hash = leaf;
        for (uint256 i = 0; i < proof.length; ++i) {
            bytes32 p = proof[i];
            hash = hash < p ? keccak256(abi.encodePacked(hash, p)) : keccak256(abi.encodePacked(p, hash));
        }
        return hash != bytes32(0) && hash == _roots[seq];
    }
}
