#pragma once

// Legal move generation.
//
// Every generator returns legal moves only: pinned pieces stay on their line, the king never
// steps into check, evasions answer the check, nifu, dead-piece and pawn-drop-mate rules are
// applied. Perft therefore needs no legality filter and can count the last ply in bulk.
//
// `All = false` leaves out non-promotions that are never better than promoting (pawn, bishop
// and rook where they could promote, lance to the second-last rank), as YaneuraOu's LEGAL does
// for its search. Perft, USI move parsing and legality questions use `All = true`.

#include <cstddef>
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/position.h"

namespace tsubame {

/// Which moves a generator produces.
enum class GenType {
    CAPTURES, ///< Captures, plus pawn promotions that capture nothing. Not in check only.
    QUIETS, ///< Everything CAPTURES leaves out: non-captures and drops. Not in check only.
    NON_EVASIONS, ///< All legal moves when not in check (CAPTURES + QUIETS).
    EVASIONS, ///< All legal moves when in check.
    LEGAL, ///< EVASIONS or NON_EVASIONS, whichever applies.
    CHECKS, ///< Legal moves that give check.
};

/// Writes the moves of kind T to `list` and returns one past the last one written.
template <GenType T, bool All = false>
Move* generate(const Position& pos, Move* list);

/// The CAPTURES moves that take the piece on s, in the order generate<CAPTURES> would list
/// them (quiescence recaptures). Not in check.
Move* generate_captures_on(const Position& pos, Square s, Move* list);

/// The moves of kind T in a position, in generation order.
template <GenType T, bool All = false>
class MoveList {
public:
    explicit MoveList(const Position& pos) :
        last_(generate<T, All>(pos, moves_)) { }

    const Move* begin() const { return moves_; }
    const Move* end() const { return last_; }
    size_t      size() const { return size_t(last_ - moves_); }
    bool        empty() const { return last_ == moves_; }
    bool        contains(Move m) const {
               for (const Move* it = moves_; it != last_; ++it)
            if (*it == m) return true;
        return false;
    }

private:
    Move  moves_[MAX_MOVES];
    Move* last_;
};

/// Every legal move of the position, including the never-better non-promotions.
using LegalMoves = MoveList<GenType::LEGAL, true>;

/// True when m is a legal move in pos (including never-better non-promotions).
bool is_legal(const Position& pos, Move m);

/// The move of generate<LEGAL> (so no never-better non-promotion) whose to16() is `m16`, or
/// Move::none() when it has none. Found without generating the list, so that a search can
/// play its transposition table's move first and generate the others only if it must.
Move generated_move_from16(const Position& pos, uint16_t m16);

/// Finds the legal move written as `text` in USI notation. On failure returns Move::none()
/// and sets `error` to the reason (not a move at all, or not legal here and why).
Move parse_legal_move(const Position& pos, std::string_view text, std::string& error);

} // namespace tsubame
