#pragma once

// Self-play for training data: the engine plays itself at a fixed node count from openings
// made diverse by a few random moves (after a book line, when given), and records every game
// with the search's scores.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tools/game_record.h"

namespace tsubame::nnue {
struct Network;
}

namespace tsubame {

/// How self-play games are played.
struct SelfPlayOptions {
    int      games          = 100;
    uint64_t nodes          = 5000; ///< Search nodes per move.
    int      random_moves   = 8; ///< Random moves per game...
    int      random_max_ply = 8; ///< ...at distinct plies among the first this many after the book.
    /// How a random move is chosen: 0, uniformly among the legal moves; N, uniformly among
    /// the lines of an N-line MultiPV search that score within random_margin of the best.
    int random_multipv = 0;
    int random_margin  = 100;
    /// A game ends, decided, once a score reaches this; 0: every game is played to its end
    /// (mate, declaration, repetition or max_plies), so that its result is the real outcome.
    int      eval_limit = 3000;
    int      max_plies  = 320; ///< Draw when reached.
    uint64_t seed       = 1;
    /// The evaluation of both sides (read-only, alive while playing); null: the built-in net.
    const nnue::Network* network = nullptr;
    /// Book lines (what follows `position` in USI, each valid); when not empty, each game
    /// starts with one drawn by the seed's generator, its moves recorded without a score.
    std::vector<std::string> openings;
};

/// Plays the games in order; `on_game` receives each finished game. The same options give the
/// same games.
void self_play(const SelfPlayOptions&                        options,
               const std::function<void(const GameRecord&)>& on_game);

} // namespace tsubame
