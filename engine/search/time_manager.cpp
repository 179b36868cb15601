#include "search/time_manager.h"

#include <algorithm>

namespace tsubame {

TimeBudget allot_time(const SearchLimits& limits, Color us, int ply, const TimeOptions& options) {
    TimeBudget b;
    // A movetime is an ordinary deadline: NetworkDelay is kept back from it, at most an eighth
    // (stopping takes a few milliseconds: measured, at most ~11 ms from the deadline to the
    // GUI seeing `bestmove`).
    if (limits.movetime > 0) {
        const int64_t delay = std::min(options.network_delay_ms, limits.movetime / 8);
        b.optimum_ms = b.maximum_ms = std::max<int64_t>(1, limits.movetime - delay);
        return b;
    }
    const int64_t main = std::max<int64_t>(0, limits.time[us]);
    const int64_t inc  = std::max<int64_t>(0, limits.inc[us]);
    const int64_t byo  = std::max<int64_t>(0, limits.byoyomi);

    // Usable now: main time, plus the increment (added before this move, usi.md §6) or the
    // byoyomi (which is spent only after the main time). NetworkDelay2 is kept back from its
    // end; with byoyomi at most an eighth of it (unused byoyomi is lost).
    const int64_t usable = main + inc + byo;
    const int64_t margin =
        byo > 0 ? std::min(options.network_delay2_ms, byo / 8) : options.network_delay2_ms;
    const int64_t hard = std::max<int64_t>(1, usable - margin);

    // With only byoyomi left, use (almost) all of it: unused byoyomi is lost.
    if (main == 0 && inc == 0 && byo > 0) {
        b.optimum_ms = b.maximum_ms = hard;
        return b;
    }
    // The target: a share of the main time, spread over the moves still to come (games
    // rarely last beyond ~160 plies) after a quarter of NetworkDelay is kept for each of them
    // (every move costs time beyond the thinking: stopping, the pipe, the GUI), plus most of
    // the increment (the rest builds the bank up) and the byoyomi, scaled by SlowMover.
    const int64_t moves_left = std::max<int64_t>(MIN_MOVES_LEFT, (160 - ply) / 2 + 10);
    const int64_t bank = std::max<int64_t>(0, main - moves_left * options.network_delay_ms / 4);
    const int64_t target =
        (bank / moves_left + inc * INC_SHARE_PCT / 100 + byo) * options.slow_mover_pct / 100;
    // The cap of one move: the target again at most, and never more than an eighth of the
    // main time beyond it, so that one hard move cannot spend the bank.
    b.maximum_ms = std::min(hard, target + std::min(target, main / 8));
    // MinimumThinkingTime, as YaneuraOu: the move takes at least that long including the
    // delay, so the search does not stop before it less NetworkDelay; within the cap, so
    // that a fast game is not lost to it.
    b.minimum_ms =
        std::clamp<int64_t>(options.minimum_ms - options.network_delay_ms, 0, b.maximum_ms);
    b.optimum_ms = std::clamp(target, b.minimum_ms, b.maximum_ms);
    return b;
}

int64_t adjusted_optimum(const TimeBudget& budget, double best_move_changes, int score_drop) {
    // A target equal to the maximum means time that is lost if unused (byoyomi only).
    if (budget.optimum_ms >= budget.maximum_ms) return budget.maximum_ms;
    const double instability = 0.8 + 0.6 * std::min(best_move_changes, 4.0);
    const double falling     = std::clamp(1.0 + score_drop / 150.0, 0.7, 1.6);
    const auto   optimum     = int64_t(double(budget.optimum_ms) * instability * falling);
    return std::clamp(optimum, std::min(budget.minimum_ms, budget.maximum_ms), budget.maximum_ms);
}

} // namespace tsubame
