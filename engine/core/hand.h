#pragma once

// Pieces in hand, packed into one 32-bit word.
//
// Each droppable type has a bit field wide enough for its maximum count (18 pawns, 4 of the
// minor pieces, 2 bishops and rooks) followed by one zero guard bit. Subtracting two hands then
// sets a guard bit exactly when some count underflows, which makes "hand a holds at least what
// hand b holds" one subtraction and one mask (used by repetition and proof-piece logic).

#include <cstdint>

#include "core/types.h"

namespace tsubame {

/// Counts of each droppable piece type held by one side.
class Hand {
public:
    constexpr Hand() = default;

    /// Number of pieces of type pt (PAWN..GOLD) held.
    constexpr int count(PieceType pt) const { return int((bits_ >> SHIFT[pt]) & MASK[pt]); }
    /// True when at least one piece of type pt is held.
    constexpr bool has(PieceType pt) const { return (bits_ & (MASK[pt] << SHIFT[pt])) != 0; }
    /// True when no piece at all is held.
    constexpr bool empty() const { return bits_ == 0; }

    constexpr void add(PieceType pt) { bits_ += ONE[pt]; }
    constexpr void remove(PieceType pt) { bits_ -= ONE[pt]; }
    constexpr void set(PieceType pt, int n) {
        bits_ = (bits_ & ~(MASK[pt] << SHIFT[pt])) | (uint32_t(n) << SHIFT[pt]);
    }

    /// True when this hand holds at least as many pieces of every type as `other`.
    constexpr bool dominates(Hand other) const { return ((bits_ - other.bits_) & BORROW) == 0; }

    /// Raw packed value (for hashing and debugging).
    constexpr uint32_t raw() const { return bits_; }

    constexpr bool operator==(const Hand&) const = default;

    /// Number of pieces of type pt in a standard game (the most an SFEN hand may list).
    static constexpr int max_count(PieceType pt) { return MAX_COUNT[pt]; }
    /// Largest count the packed field of type pt can hold. Positions with non-standard
    /// material (some published perft positions have three rooks) stay within it.
    static constexpr int capacity(PieceType pt) { return int(MASK[pt]); }

private:
    //                                     -  P   L   N   S   B   R   G
    static constexpr int      SHIFT[8]     = {0, 0, 6, 10, 14, 22, 25, 18};
    static constexpr uint32_t MASK[8]      = {0, 31, 7, 7, 7, 3, 3, 7};
    static constexpr int      MAX_COUNT[8] = {0, 18, 4, 4, 4, 2, 2, 4};
    static constexpr uint32_t ONE[8]       = {0,        1u << 0,  1u << 6,  1u << 10,
                                              1u << 14, 1u << 22, 1u << 25, 1u << 18};
    // Guard bits just above each field: P:5 L:9 N:13 S:17 G:21 B:24 R:27.
    static constexpr uint32_t BORROW =
        (1u << 5) | (1u << 9) | (1u << 13) | (1u << 17) | (1u << 21) | (1u << 24) | (1u << 27);

    uint32_t bits_ = 0;
};

} // namespace tsubame
