#pragma once

// Correction history (Stockfish's): how far the search's results have fallen from the static
// evaluation, learned during the search by the pawn structure and by the last move, and added
// to the evaluation that the pruning rules read. A net misjudges some structures and some
// kinds of move consistently; the search sees it, and the next node of that kind gains.

#include <cstdint>

#include "core/bitboard.h"
#include "core/move.h"
#include "core/position.h"
#include "search/history.h"

namespace tsubame {

/// Entries are in 1/CORRECTION_GRAIN evaluation units.
constexpr int CORRECTION_GRAIN = 4;
/// Bound of an entry: 256 evaluation units.
constexpr int CORRECTION_LIMIT = 256 * CORRECTION_GRAIN;
/// Rows of the pawn-structure table per side.
constexpr int PAWN_CORRECTION_SIZE = 1 << 14;

/// The correction tables: by the side to move and its pawn structure (both sides' pawns), and
/// by the side to move and the piece and destination of the move that led to the node.
struct CorrectionHistory {
    int16_t pawn[COLOR_NB][PAWN_CORRECTION_SIZE];
    int16_t last_move[COLOR_NB][PIECE_NB][SQ_NB];
};

/// Row of the pawn table for pos: a hash of both sides' pawn bitboards.
inline int pawn_structure_index(const Position& pos) {
    const Bitboard black = pos.pieces(BLACK, PAWN), white = pos.pieces(WHITE, PAWN);
    uint64_t       h = black.word(0) * 0x9E3779B97F4A7C15ULL ^ black.word(1) * 0xC2B2AE3D27D4EB4FULL
               ^ white.word(0) * 0x165667B19E3779F9ULL ^ white.word(1) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    return int((h * 0x94D049BB133111EBULL) >> 50); // 14 bits
}

/// The bonus that moves an entry towards `error` (search result minus corrected evaluation),
/// more for a deeper search, at most a quarter of the bound at once.
inline int correction_bonus(int error, int depth) {
    const int b = error * CORRECTION_GRAIN * depth / 8;
    return b < -CORRECTION_LIMIT / 4 ? -CORRECTION_LIMIT / 4
         : b > CORRECTION_LIMIT / 4  ? CORRECTION_LIMIT / 4
                                     : b;
}

} // namespace tsubame
