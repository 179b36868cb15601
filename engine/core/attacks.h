#pragma once

// Attack sets of every piece kind.
//
// Step pieces use per-square tables. Lances (and the file part of rooks) use bit tricks
// inside the single word that holds their file: towards higher indices the classic
// `o ^ (o - 1)` isolates the first blocker, towards lower indices a leading-zero count does.
// Bishops and the rank part of rooks index a table with PEXT (BMI2) or, on CPUs without it,
// a magic multiplication over the merged occupancy word. Splitting the rook this way keeps
// its tables at 128 entries per square instead of 2^14, which fits in L1/L2 cache.

#include <bit>
#include <cstdint>

#include "core/bitboard.h"

#if defined(__BMI2__) && !defined(TSUBAME_NO_PEXT)
    #include <immintrin.h>
    #define TSUBAME_USE_PEXT 1
#else
    #define TSUBAME_USE_PEXT 0
#endif

namespace tsubame {

namespace attack_tables {
/// One square's entry of a PEXT/magic table.
struct SliderEntry {
    Bitboard        mask; ///< Relevant occupancy.
    uint64_t        merged; ///< mask.merged(): the mask's bits never collide across words.
    uint64_t        magic; ///< Multiplier (magic build only).
    unsigned        shift; ///< 64 - number of mask bits (magic build only).
    const Bitboard* attacks; ///< 2^popcount(mask) attack sets.
};

extern Bitboard PAWN_TABLE[COLOR_NB][SQ_NB + 1];
extern Bitboard KNIGHT_TABLE[COLOR_NB][SQ_NB + 1];
extern Bitboard SILVER_TABLE[COLOR_NB][SQ_NB + 1];
extern Bitboard GOLD_TABLE[COLOR_NB][SQ_NB + 1];
extern Bitboard KING_TABLE[SQ_NB + 1];
/// Attacks on an empty board (used to find pinners and x-ray candidates).
extern Bitboard LANCE_EMPTY[COLOR_NB][SQ_NB + 1];
extern Bitboard BISHOP_EMPTY[SQ_NB + 1];
extern Bitboard ROOK_EMPTY[SQ_NB + 1];
/// The lance ray of colour c from s, as a mask within the word holding s.
extern uint64_t LANCE_WORD_RAY[COLOR_NB][SQ_NB];
/// The bit of rank a of the file of s, within the word holding s (stops the leading-zero scan).
extern uint64_t    FILE_TOP_BIT[SQ_NB];
extern SliderEntry BISHOP_TABLE[SQ_NB];
extern SliderEntry ROOK_RANK_TABLE[SQ_NB];

/// The attack set of entry `e` for the occupancy `occ` (PEXT, or magic multiplication).
inline const Bitboard& lookup(const SliderEntry& e, const Bitboard& occ) {
    // Mask before merging: occupancy outside the mask in one word would alias mask bits of
    // the other (e.g. 1d in word 0 and 8d in word 1 share bit 3).
    const uint64_t relevant = (occ & e.mask).merged();
#if TSUBAME_USE_PEXT
    return e.attacks[_pext_u64(relevant, e.merged)];
#else
    return e.attacks[(relevant * e.magic) >> e.shift];
#endif
}

/// Puts word w into the word that holds square s.
inline Bitboard in_word_of(Square s, uint64_t w) {
    return word_index(s) == 0 ? Bitboard(w, 0) : Bitboard(0, w);
}

/// Lance attacks towards rank a within the word of s.
inline uint64_t up_word(Square s, const Bitboard& occ) {
    const uint64_t mask = LANCE_WORD_RAY[BLACK][s];
    const uint64_t o    = (occ.word(word_index(s)) & mask) | FILE_TOP_BIT[s];
    return mask & (~uint64_t(0) << (63 - std::countl_zero(o)));
}

/// Lance attacks towards rank i within the word of s.
inline uint64_t down_word(Square s, const Bitboard& occ) {
    const uint64_t mask = LANCE_WORD_RAY[WHITE][s];
    const uint64_t o    = occ.word(word_index(s)) & mask;
    return mask & (o ^ (o - 1));
}
} // namespace attack_tables

/// Squares a pawn of colour c on s attacks (empty for SQ_NONE, as for every step table).
inline Bitboard pawn_attacks(Color c, Square s) {
    return attack_tables::PAWN_TABLE[c][s];
}
/// Squares a knight of colour c on s attacks.
inline Bitboard knight_attacks(Color c, Square s) {
    return attack_tables::KNIGHT_TABLE[c][s];
}
/// Squares a silver of colour c on s attacks.
inline Bitboard silver_attacks(Color c, Square s) {
    return attack_tables::SILVER_TABLE[c][s];
}
/// Squares a gold (or promoted minor piece) of colour c on s attacks.
inline Bitboard gold_attacks(Color c, Square s) {
    return attack_tables::GOLD_TABLE[c][s];
}
/// The eight neighbours of s.
inline Bitboard king_attacks(Square s) {
    return attack_tables::KING_TABLE[s];
}

/// Squares a lance of colour c on s attacks, up to and including the first piece.
inline Bitboard lance_attacks(Color c, Square s, const Bitboard& occ) {
    using namespace attack_tables;
    return in_word_of(s, c == BLACK ? up_word(s, occ) : down_word(s, occ));
}
/// Squares a bishop on s attacks with the given occupancy.
inline Bitboard bishop_attacks(Square s, const Bitboard& occ) {
    return attack_tables::lookup(attack_tables::BISHOP_TABLE[s], occ);
}
/// The file part of a rook's attacks.
inline Bitboard rook_file_attacks(Square s, const Bitboard& occ) {
    using namespace attack_tables;
    return in_word_of(s, up_word(s, occ) | down_word(s, occ));
}
/// The rank part of a rook's attacks.
inline Bitboard rook_rank_attacks(Square s, const Bitboard& occ) {
    return attack_tables::lookup(attack_tables::ROOK_RANK_TABLE[s], occ);
}
/// Squares a rook on s attacks with the given occupancy.
inline Bitboard rook_attacks(Square s, const Bitboard& occ) {
    return rook_file_attacks(s, occ) | rook_rank_attacks(s, occ);
}
/// Squares a horse (promoted bishop) on s attacks.
inline Bitboard horse_attacks(Square s, const Bitboard& occ) {
    return bishop_attacks(s, occ) | king_attacks(s);
}
/// Squares a dragon (promoted rook) on s attacks.
inline Bitboard dragon_attacks(Square s, const Bitboard& occ) {
    return rook_attacks(s, occ) | king_attacks(s);
}

/// Lance, bishop and rook attacks on an empty board.
inline Bitboard lance_empty_attacks(Color c, Square s) {
    return attack_tables::LANCE_EMPTY[c][s];
}
inline Bitboard bishop_empty_attacks(Square s) {
    return attack_tables::BISHOP_EMPTY[s];
}
inline Bitboard rook_empty_attacks(Square s) {
    return attack_tables::ROOK_EMPTY[s];
}

/// Attacks of a piece of colour c and type pt standing on s, given the occupancy.
inline Bitboard attacks_from(Color c, PieceType pt, Square s, const Bitboard& occ) {
    switch (pt) {
        case PAWN:
            return pawn_attacks(c, s);
        case LANCE:
            return lance_attacks(c, s, occ);
        case KNIGHT:
            return knight_attacks(c, s);
        case SILVER:
            return silver_attacks(c, s);
        case BISHOP:
            return bishop_attacks(s, occ);
        case ROOK:
            return rook_attacks(s, occ);
        case GOLD:
        case PRO_PAWN:
        case PRO_LANCE:
        case PRO_KNIGHT:
        case PRO_SILVER:
            return gold_attacks(c, s);
        case KING:
            return king_attacks(s);
        case HORSE:
            return horse_attacks(s, occ);
        case DRAGON:
            return dragon_attacks(s, occ);
        default:
            return Bitboard();
    }
}

/// Slow ray-walking attacks, used to build the tables and to cross-check them in tests.
Bitboard sliding_attacks_reference(PieceType pt, Color c, Square s, const Bitboard& occ);

} // namespace tsubame
