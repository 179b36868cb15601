#pragma once

// A game: a start position, the moves played from it, and the chain of states that
// repetition detection and undo need. This is what `position ... moves ...` builds.

#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/status.h"

namespace tsubame {

/// What follows `position` in USI, split: the start SFEN and the moves from it (USI notation).
struct PositionArgs {
    std::string              sfen;
    std::vector<std::string> moves;
};

/// Reads the tokens that follow `position`: `startpos [moves ...]`, `sfen <sfen> [moves ...]`,
/// or an SFEN without the keyword. Fails only when there are no tokens or text stands between
/// `startpos` and `moves`; the SFEN and the moves are checked when a game is set to them.
Status parse_position_args(std::span<const std::string_view> tokens, PositionArgs& args);

/// A position together with its history. Starts at the initial position.
class Game {
public:
    Game();
    Game(const Game&)            = delete;
    Game& operator=(const Game&) = delete;

    /// Starts over from an SFEN. On error the game is unchanged.
    Status set_sfen(std::string_view sfen);
    /// Starts over from `sfen` and plays `moves` (USI notation). A bad SFEN leaves the game
    /// unchanged; a bad move keeps the moves before it. The error says what and where.
    Status set_position(std::string_view sfen, const std::vector<std::string>& moves);
    /// The one-string form of set_position: what follows `position` in USI (see
    /// parse_position_args), for tools and tests.
    Status set_position(std::string_view spec);
    /// Plays a move given in USI notation. On error (not a move, or not legal) the game is
    /// unchanged and the message says which move and why.
    Status play(std::string_view usi_move);
    /// Plays a move known to be legal.
    void play(Move m);
    /// Becomes a copy of `other` (same start and moves, with its own states), e.g. for a
    /// search thread. Copies other's start position; parses no SFEN.
    void replay(const Game& other);
    /// Takes back the last move; does nothing at the start position.
    void undo();

    const Position& position() const { return pos_; }
    Position&       position() { return pos_; }
    /// The moves played from the start position.
    const std::vector<Move>& moves() const { return moves_; }
    /// The SFEN the game started from.
    std::string start_sfen() const { return start_.sfen(); }

private:
    std::deque<StateInfo> states_; // states_[0] is the root; a deque keeps addresses stable
    Position              pos_;
    std::vector<Move>     moves_;
    Position              start_; // the start position, never moved
    StateInfo             start_state_; // start_'s only state
};

} // namespace tsubame
