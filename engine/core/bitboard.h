#pragma once

// 128-bit bitboard over the 81 squares, plus the board geometry tables built on it.
//
// Layout (as in YaneuraOu): word 0 holds files 1..7 (squares 0..62, bit 63 unused), word 1
// holds files 8..9 (squares 63..80 as bits 0..17). A file never straddles the two words, so
// lance and rook file attacks are single-word bit tricks. The bits of a slider's relevant-
// occupancy mask never collide when the two words are OR-ed (file 1, the only part of word 0
// that shares bit positions with word 1, is on the edge and never in a mask), so a masked
// occupancy merges into one 64-bit word for a single PEXT or magic index.

#include <bit>
#include <cstdint>

#include "core/types.h"

namespace tsubame {

/// A set of squares.
class Bitboard {
public:
    constexpr Bitboard() = default;
    /// From its two words: squares 0-62 in `lo`, 63-80 in `hi`.
    constexpr Bitboard(uint64_t lo, uint64_t hi) :
        p_{lo, hi} { }

    /// The set holding just square s (empty for SQ_NONE).
    static constexpr Bitboard square(Square s) {
        return !is_ok(s) ? Bitboard()
             : s < 63    ? Bitboard(uint64_t(1) << s, 0)
                         : Bitboard(0, uint64_t(1) << (s - 63));
    }
    /// All 81 squares.
    static constexpr Bitboard all() { return Bitboard(WORD0_MASK, WORD1_MASK); }

    /// Word i (0: squares 0-62, 1: squares 63-80).
    constexpr uint64_t word(int i) const { return p_[i]; }
    /// Both words OR-ed together: lossless for sets inside one slider's relevant mask.
    constexpr uint64_t merged() const { return p_[0] | p_[1]; }

    constexpr bool test(Square s) const {
        return s < 63 ? (p_[0] >> s) & 1 : (p_[1] >> (s - 63)) & 1;
    }
    constexpr explicit operator bool() const { return (p_[0] | p_[1]) != 0; }
    constexpr int      popcount() const { return std::popcount(p_[0]) + std::popcount(p_[1]); }
    constexpr bool     more_than_one() const {
            return (p_[0] & (p_[0] - 1)) != 0 || (p_[1] & (p_[1] - 1)) != 0 || (p_[0] && p_[1]);
    }

    /// Lowest square of a non-empty set.
    constexpr Square lsb() const {
        return p_[0] ? Square(std::countr_zero(p_[0])) : Square(std::countr_zero(p_[1]) + 63);
    }
    /// Removes and returns the lowest square of a non-empty set.
    constexpr Square pop() {
        if (p_[0]) {
            Square s = Square(std::countr_zero(p_[0]));
            p_[0] &= p_[0] - 1;
            return s;
        }
        Square s = Square(std::countr_zero(p_[1]) + 63);
        p_[1] &= p_[1] - 1;
        return s;
    }

    constexpr Bitboard operator&(const Bitboard& b) const {
        return Bitboard(p_[0] & b.p_[0], p_[1] & b.p_[1]);
    }
    constexpr Bitboard operator|(const Bitboard& b) const {
        return Bitboard(p_[0] | b.p_[0], p_[1] | b.p_[1]);
    }
    constexpr Bitboard operator^(const Bitboard& b) const {
        return Bitboard(p_[0] ^ b.p_[0], p_[1] ^ b.p_[1]);
    }
    constexpr Bitboard operator~() const {
        return Bitboard(~p_[0] & WORD0_MASK, ~p_[1] & WORD1_MASK);
    }
    /// This set minus b.
    constexpr Bitboard andnot(const Bitboard& b) const {
        return Bitboard(p_[0] & ~b.p_[0], p_[1] & ~b.p_[1]);
    }
    constexpr Bitboard& operator&=(const Bitboard& b) { return *this = *this & b; }
    constexpr Bitboard& operator|=(const Bitboard& b) { return *this = *this | b; }
    constexpr Bitboard& operator^=(const Bitboard& b) { return *this = *this ^ b; }
    constexpr bool      operator==(const Bitboard& b) const = default;

    /// Every square moved one rank towards rank a (Black's forward direction). Squares on
    /// rank a would wrap into the previous file, so callers pass sets without rank a.
    constexpr Bitboard shift_up() const { return Bitboard(p_[0] >> 1, p_[1] >> 1); }
    /// Every square moved one rank towards rank i; callers pass sets without rank i.
    constexpr Bitboard shift_down() const { return Bitboard(p_[0] << 1, p_[1] << 1); }

    /// Calls f(square) for every member, lowest first.
    template <typename F>
    constexpr void for_each(F&& f) const {
        for (uint64_t w = p_[0]; w; w &= w - 1)
            f(Square(std::countr_zero(w)));
        for (uint64_t w = p_[1]; w; w &= w - 1)
            f(Square(std::countr_zero(w) + 63));
    }

    static constexpr uint64_t WORD0_MASK = (uint64_t(1) << 63) - 1;
    static constexpr uint64_t WORD1_MASK = (uint64_t(1) << 18) - 1;

private:
    uint64_t p_[2] = {0, 0};
};

/// Index of the word that holds square s.
constexpr int word_index(Square s) {
    return s >= 63 ? 1 : 0;
}

/// Board geometry, filled once at start-up (see bitboard.cpp).
namespace geometry {
extern Bitboard SQUARE[SQ_NB + 1];
extern Bitboard FILE_BB[FILE_NB];
extern Bitboard RANK_BB[RANK_NB];
/// Promotion zone of each colour (the opponent's three ranks).
extern Bitboard ZONE[COLOR_NB];
/// Ranks where a piece of colour c may stand: [c][0] excludes the last rank (pawn, lance),
/// [c][1] excludes the last two ranks (knight).
extern Bitboard LIVE_RANKS[COLOR_NB][2];
/// Squares strictly between two aligned squares (empty if not aligned).
extern Bitboard BETWEEN[SQ_NB][SQ_NB];
/// The whole line through two aligned squares (empty if not aligned).
extern Bitboard LINE[SQ_NB][SQ_NB];
} // namespace geometry

inline Bitboard square_bb(Square s) {
    return geometry::SQUARE[s];
}
inline Bitboard file_bb(File f) {
    return geometry::FILE_BB[f];
}
inline Bitboard rank_bb(Rank r) {
    return geometry::RANK_BB[r];
}
/// Squares strictly between two aligned squares (empty if not aligned).
inline Bitboard between_bb(Square a, Square b) {
    return geometry::BETWEEN[a][b];
}
/// The whole line through two aligned squares (empty if not aligned).
inline Bitboard line_bb(Square a, Square b) {
    return geometry::LINE[a][b];
}
/// True when the three squares lie on one rank, file or diagonal.
inline bool aligned(Square a, Square b, Square c) {
    return geometry::LINE[a][b].test(c);
}

} // namespace tsubame
