#include "rules/repetition.h"

#include <algorithm>

namespace tsubame {

namespace {

// Verdict for a full repetition at distance `plies`: the side whose every move since then
// gave check loses.
Repetition judge_cycle(const StateInfo& now, Color us, int plies) {
    const bool them_checked_all = now.continuous_check[~us] >= plies;
    const bool us_checked_all   = now.continuous_check[us] >= plies;
    if (them_checked_all && us_checked_all)
        return Repetition::LOSS; // theory only; rshogi rules against the side to move
    if (them_checked_all) return Repetition::WIN;
    if (us_checked_all) return Repetition::LOSS;
    return Repetition::DRAW;
}

} // namespace

Repetition find_repetition(const Position& pos, int max_plies) {
    const StateInfo* now   = pos.state();
    const int        limit = std::min(max_plies, now->plies_from_null);
    if (limit < 4) return Repetition::NONE;
    const StateInfo* st = now->previous->previous;
    for (int i = 4; i <= limit; i += 2) {
        st = st->previous->previous;
        if (st->board_key != now->board_key) continue;
        if (st->hand_key == now->hand_key) return judge_cycle(*now, pos.side_to_move(), i);
        const Hand before = st->hand_of_side_to_move;
        const Hand after  = now->hand_of_side_to_move;
        if (after.dominates(before)) return Repetition::SUPERIOR;
        if (before.dominates(after)) return Repetition::INFERIOR;
    }
    return Repetition::NONE;
}

Repetition fourfold_repetition(const Position& pos) {
    const StateInfo* now   = pos.state();
    int              count = 1;
    int              plies = 0;
    for (const StateInfo* st = now->previous; st; st = st->previous) {
        ++plies;
        if (st->key() == now->key() && ++count == 4)
            return judge_cycle(*now, pos.side_to_move(), plies);
    }
    return Repetition::NONE;
}

} // namespace tsubame
