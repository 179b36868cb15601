#pragma once

// Self-play for tuning data: the engine plays itself at a fixed node count from lightly
// randomised openings, and every quiet position is labelled with the game's result and the
// search's score.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tsubame {

/// How self-play games are played.
struct SelfPlayOptions {
    int      games        = 100;
    uint64_t nodes        = 5000; ///< Search nodes per move.
    int      random_plies = 8; ///< Uniformly random legal moves at the start of each game.
    int      max_plies    = 320; ///< Draw when reached.
    uint64_t seed         = 1;
};

/// A position, the result of its game for the side to move (1 win, 0 draw, -1 loss) and the
/// search's score of it for the side to move.
struct TrainingPosition {
    std::string sfen;
    int         result;
    int         score;
};

/// Plays the games; `on_game` receives each finished game's labelled positions.
void self_play(const SelfPlayOptions&                                           options,
               const std::function<void(const std::vector<TrainingPosition>&)>& on_game);

} // namespace tsubame
