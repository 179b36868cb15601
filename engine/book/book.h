#pragma once

// The opening book, in YaneuraOu's standard text format (the `.db` books of YaneuraOu,
// Shogidokoro and ShogiGUI users):
//
//   #YANEURAOU-DB2016 1.00
//   sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//   7g7f 3c3d 50 16 3
//   2g2f none 40 16 1
//
// A `sfen` line names a position (the move number may be left out), and each line after it
// a move there: the move, the expected reply (`none` when unknown), the value for the side to
// move after playing it, the depth it was searched to and how often it was played; the last
// three may be left out (0, 0, 1). Lines starting with `#` or `//` are comments. Positions are
// keyed by board, hands and side to move, so a position matches whatever its move number (as
// YaneuraOu's IgnoreBookPly). The library does no I/O: the protocol layer opens the file.

#include <cstdint>
#include <istream>
#include <optional>
#include <random>
#include <unordered_map>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/status.h"
#include "core/value.h"

namespace tsubame {

/// The first line of a book: the format and its version.
inline constexpr std::string_view BOOK_HEADER = "#YANEURAOU-DB2016 1.00";

/// One move of a book position.
struct BookMove {
    Move     move   = Move::none(); ///< Legal in its position.
    Move     ponder = Move::none(); ///< A legal reply to `move`, or none().
    int32_t  value  = 0; ///< For the side to move, after `move`.
    int32_t  depth  = 0; ///< The depth the value comes from.
    uint64_t count  = 1; ///< How often the move was played (the weight of a choice by count).
};

/// An opening book: the moves of each position it holds.
class Book {
public:
    /// Reads a book in YaneuraOu's text format. The first error (a missing header, a bad SFEN,
    /// a move line before any position, a word that is no move, a number that is none) fails
    /// the whole book with "line N: what"; `book` is then left empty. A move that is not legal
    /// in its position is left out and counted (illegal_moves()); an illegal expected reply
    /// becomes none. A position given twice gets the moves of both; a move given twice keeps
    /// the last line's reply, value and depth and the sum of the counts (as YaneuraOu).
    static Status read(std::istream& in, Book& book);

    /// The moves of `pos`, or null when the book does not hold it.
    const std::vector<BookMove>* find(const Position& pos) const;

    size_t positions() const { return entries_.size(); }
    size_t moves() const { return moves_; }
    /// Moves of the file left out because they are not legal in their position.
    size_t illegal_moves() const { return illegal_moves_; }

private:
    std::unordered_map<uint64_t, std::vector<BookMove>> entries_;
    size_t                                              moves_         = 0;
    size_t                                              illegal_moves_ = 0;
};

/// How the book is used (the USI options of YaneuraOu's names, see the README).
struct BookOptions {
    bool own_book = true; ///< USI_OwnBook: use the book at all.
    /// BookMoves: the book answers positions up to this move number (Position::game_ply, 1 at
    /// the start), as YaneuraOu counts it.
    int max_ply = 16;
    /// BookEvalDiff: moves valued more than this below the best candidate are not chosen.
    int eval_diff = 30;
    /// BookEvalBlackLimit / BookEvalWhiteLimit: moves valued below this (for the side to move)
    /// are not chosen. The defaults turn them off.
    int eval_limit[COLOR_NB] = {-99999, -99999};
    int depth_limit          = 0; ///< BookDepthLimit: moves searched shallower are not chosen.
    int ignore_rate          = 0; ///< BookIgnoreRate: per cent of gos that ignore the book.
    int pv_moves             = 8; ///< BookPvMoves: moves of the book line reported as the PV.
    /// ConsiderBookMoveCount: choose among the candidates in proportion to their counts
    /// instead of evenly.
    bool by_count = false;
};

/// The book's answer for a position.
struct BookChoice {
    Move              move   = Move::none();
    Move              ponder = Move::none(); ///< A legal reply, or none().
    Value             value  = 0;
    int               depth  = 0;
    std::vector<Move> pv; ///< The book line from `move` on, at most BookOptions::pv_moves long.
    int               candidates = 0; ///< Moves the choice was made among.
};

/// Chooses the book move for `pos`, or nullopt when the book has none to play: the options
/// turn it off, the move number is past max_ply, the ignore rate says so, the position is not
/// in the book, or no move of it is legal, in `searchmoves` (when not empty) and passes the
/// depth and value limits. Among the moves left the choice is even (or by count); the PV
/// follows the book's best move (by value, then count) from position to position and ends in
/// the last book move's expected reply.
std::optional<BookChoice> choose_book_move(const Book& book, const Position& pos,
                                           const BookOptions&       options,
                                           const std::vector<Move>& searchmoves,
                                           std::mt19937_64&         rng);

} // namespace tsubame
