#pragma once

// `tsubame makebook`: an opening book in YaneuraOu's text format (engine/book/book.h), made
// by searching the positions along lines of moves (an openings file, game records) with the
// engine at a fixed depth or node count.

#include <cstdint>
#include <istream>
#include <ostream>

#include "core/status.h"

namespace tsubame::usi {

/// How the book is made.
struct MakeBookOptions {
    int      plies   = 16; ///< Positions up to this move number (as BookMoves counts it).
    int      depth   = 10; ///< Search depth per position (when nodes is 0).
    uint64_t nodes   = 0; ///< Nodes per position instead of a depth (0: use the depth).
    size_t   hash_mb = 64; ///< The engine's hash table, cleared before each position.
};

/// Reads lines `startpos [moves ...]` or `[sfen] <sfen> [moves ...]` (blank lines and `#`
/// comments skipped), searches each distinct position along them whose move number is at
/// most options.plies, and writes the book: per position, sorted by SFEN, its best move, the
/// expected reply (or none), the score for the side to move, the depth and count 1. One
/// thread, and a cleared table for each position: the same input gives the same book.
/// Progress goes to `log`. Fails on a line that is no position or has an illegal move.
Status make_book(std::istream& lines, const MakeBookOptions& options, std::ostream& book,
                 std::ostream& log);

/// `tsubame makebook <lines-file> <book.db> [--plies N] [--depth D | --nodes N] [--hash MB]`.
int run_makebook(int argc, char* argv[]);

} // namespace tsubame::usi
