#pragma once

// Fast one-move mate tests for the mate solver and the search, which ask at nearly every new
// node: the evasion test stops at the first evasion it finds instead of generating them all.

#include "core/move.h"
#include "core/position.h"

namespace tsubame::mate {

/// True when the side to move, which must be in check, has a legal move (the same answer as
/// generating the evasions, without generating them).
bool has_evasion(const Position& pos);

/// How many squares the side to move's king can step to: empty or holding an opponent's
/// piece, and not attacked by the opponent (sliders see through the king).
int king_flight_squares(const Position& pos);

/// king_flight_squares_after for many moves from one position (the solver asks it for every
/// check it generates, the mate-in-one test for every candidate): our attackers of the king's
/// neighbours are found once, and a move only adjusts them.
class FlightCounter {
public:
    /// Takes the position (side to move: the attacker) the moves will be played from.
    void reset(const Position& pos);
    /// king_flight_squares_after(pos, m); pos must be the position given to reset.
    int after(const Position& pos, Move m) const { return count<false>(pos, m); }
    /// after(pos, m) > 0.
    bool any_after(const Position& pos, Move m) const { return count<true>(pos, m) > 0; }

    /// The king's neighbours (n() of them) and our attackers of each, seen through the king.
    int      n() const { return n_; }
    Square   square(int i) const { return sq_[i]; }
    Bitboard attackers(int i) const { return att_[i]; }
    /// Our lances, bishops, rooks, horses and dragons.
    Bitboard sliders() const { return sliders_; }

private:
    template <bool AnyOne>
    int count(const Position& pos, Move m) const;

    Square   ksq_ = SQ_NONE;
    Bitboard occ_; ///< Occupancy without the defender's king.
    Bitboard open_; ///< The king's neighbours the defender does not hold.
    Bitboard sliders_; ///< Our lances, bishops, rooks, horses and dragons.
    Square   sq_[8] = {};
    Bitboard att_[8]; ///< Our attackers of sq_[i] (occupancy occ_).
    int      n_        = 0;
    int8_t   slot_[21] = {}; ///< The index i of the neighbour s at slot_[s - ksq_ + 10].
};

/// king_flight_squares of the position after the side to move plays the legal move m, found
/// without playing it (FlightCounter does the same faster for many moves).
int king_flight_squares_after(const Position& pos, Move m);

/// A move of the side to move that checkmates at once, or Move::none() (also when in check).
/// Tries drops next to the king that another piece protects, knight drops, and board moves
/// onto protected squares next to the king; it can miss rarer mates (a long-range check, a
/// discovered check), never reports a move that does not mate. pos is restored.
Move find_mate_in_one(Position& pos);
/// find_mate_in_one with `flights` already reset to pos, which must have an enemy king and
/// not be in check (e.g. one FlightCounter for the positions after drops on one square).
Move find_mate_in_one(Position& pos, const FlightCounter& flights);

} // namespace tsubame::mate
