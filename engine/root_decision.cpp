#include "root_decision.h"

#include <algorithm>

#include "search/time_manager.h"

namespace tsubame {

namespace {

// Nodes the root probe may spend on shorter mates after a first one.
constexpr uint64_t ROOT_PROBE_SHORTEN_NODES = 200'000;

// The root mate probe, for a move to be played on the clock: analysis, pondering and fixed
// depth or nodes (bench, tests, fixed-node matches) search as asked.
MateResult probe_root_mate(const Position& pos, const SearchLimits& limits, int permille,
                           const TimeOptions& time, MateSolver& solver,
                           const std::atomic<bool>* stop) {
    const bool timed = limits.uses_clock() || limits.movetime > 0;
    if (permille <= 0 || !timed || limits.infinite || limits.ponder || limits.depth || limits.nodes
        || !limits.searchmoves.empty())
        return {};
    const TimeBudget budget = allot_time(limits, pos.side_to_move(), pos.game_ply(), time);
    MateLimits       probe;
    probe.time_ms = std::max<int64_t>(1, budget.optimum_ms * permille / 1000);
    probe.stop    = stop;
    // A mate found is played at once: a short search for a shorter one, not the whole time.
    probe.shorten_nodes = ROOT_PROBE_SHORTEN_NODES;
    MateResult result   = solver.solve(pos, probe);
    // A line the rules reject is not played (the solver verifies it too; this is the guard at
    // the point where a wrong line would lose the game).
    if (result.status == MateStatus::MATE
        && (result.pv.empty() || !verify_mate_line(pos, result.pv)))
        result.status = MateStatus::TIMEOUT;
    return result;
}

} // namespace

RootDecision decide_before_search(const Position& pos, const SearchLimits& limits,
                                  EnteringKingRule rule, const BookProbe& book, int probe_permille,
                                  const TimeOptions& time, MateSolver& solver,
                                  const std::atomic<bool>* stop) {
    RootDecision decision;
    if (limits.infinite) return decision;
    if (judge_declaration(pos, rule) == Declaration::WIN) {
        decision.kind = RootDecision::Kind::DECLARE_WIN;
        return decision;
    }
    if (rule == EnteringKingRule::TRY)
        if (const Move t = try_rule_move(pos); t != Move::none()) {
            decision.kind = RootDecision::Kind::PLAY;
            decision.move = t;
            return decision;
        }
    if (limits.ponder) return decision;
    if (book.book && book.rng)
        if (auto choice =
                choose_book_move(*book.book, pos, book.options, limits.searchmoves, *book.rng)) {
            decision.kind = RootDecision::Kind::PLAY;
            decision.move = choice->move;
            decision.book = std::move(choice);
            return decision;
        }
    decision.mate = probe_root_mate(pos, limits, probe_permille, time, solver, stop);
    if (decision.mate.status == MateStatus::MATE) {
        decision.kind = RootDecision::Kind::PLAY;
        decision.move = decision.mate.pv[0];
    }
    return decision;
}

bool should_resign(const SearchResult& result, const SearchLimits& limits, bool ponderhit,
                   Value resign_value) {
    // A search that analyses (infinite) or ponders on a move that was not played decides
    // nothing, so it never resigns.
    const bool played = !limits.infinite && (!limits.ponder || ponderhit);
    return played && result.best != Move::none() && result.depth > 0 && resign_value < NEVER_RESIGN
        && result.score <= -resign_value;
}

} // namespace tsubame
