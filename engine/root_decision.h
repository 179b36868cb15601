#pragma once

// What the root decides besides the search: a winning entering-king declaration, the try
// rule's move, a book move, a mate the df-pn solver proves before the search (the root mate
// probe), and resigning after it (ResignValue).

#include <atomic>
#include <cstdint>
#include <optional>
#include <random>

#include "book/book.h"
#include "core/position.h"
#include "mate/mate_solver.h"
#include "rules/declaration.h"
#include "search/limits.h"
#include "search/search.h"

namespace tsubame {

/// A decision made at the root without the search.
struct RootDecision {
    /// What to do with the move.
    enum class Kind {
        SEARCH, ///< Nothing settles the move: search.
        DECLARE_WIN, ///< The entering-king declaration wins now.
        /// Play `move`: the try rule's move, a book move, or the first move of a proven mate.
        PLAY,
    };
    Kind       kind = Kind::SEARCH;
    Move       move = Move::none();
    MateResult mate; ///< The root probe's proof, when it found one (else status is not MATE).
    std::optional<BookChoice> book; ///< The book's choice, when `move` comes from the book.
};

/// The opening book as the root consults it.
struct BookProbe {
    const Book*      book = nullptr; ///< Null: no book.
    BookOptions      options;
    std::mt19937_64* rng = nullptr; ///< For the choice among candidates and BookIgnoreRate.
};

/// What the root decides before a search on `pos`: a winning declaration, the try rule's
/// move, a book move (choose_book_move), or a mate that `solver` proves within
/// `probe_permille` of the move's optimum time (a verified line). Analysis only ever searches;
/// pondering searches unless it can declare or play the try (the engine holds that answer
/// until ponderhit or stop). Neither uses the book (YaneuraOu plays from it there too, but
/// answers only after stop or ponderhit: a search gives the analysis a line and the ponder
/// search the table); the book answers any other go (depth, nodes and movetime too); the
/// probe runs only for a move to be played on the clock (not under fixed depth or nodes, nor
/// with searchmoves).
RootDecision decide_before_search(const Position& pos, const SearchLimits& limits,
                                  EnteringKingRule rule, const BookProbe& book, int probe_permille,
                                  const TimeOptions& time, MateSolver& solver,
                                  const std::atomic<bool>* stop);

/// ResignValue: true when the search's final score is at or below -`resign_value` in a search
/// whose move is played (not analysis, nor a ponder search that got no ponderhit).
bool should_resign(const SearchResult& result, const SearchLimits& limits, bool ponderhit,
                   Value resign_value);

/// ResignValue that never resigns.
constexpr Value NEVER_RESIGN = 99999;

} // namespace tsubame
