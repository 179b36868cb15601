// What the search leaves in the transposition table for later visits.

#include <gtest/gtest.h>

#include "bench_positions.h"
#include "eval/nnue/embedded.h"
#include "evaluate_fresh.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/search.h"
#include "search/tt.h"

namespace tsubame {
namespace {

// Counts the table entries of pos and its children that hold an eval, and how many of those
// differ from the network's score.
void check_entries(Position& pos, const TranspositionTable& tt, int& checked, int& differ) {
    auto check = [&](const Position& p) {
        TTData data{};
        if (!tt.probe(p.key(), data) || data.eval == VALUE_NONE) return;
        ++checked;
        if (data.eval != nnue::evaluate_fresh(nnue::builtin_network(), p)) ++differ;
    };
    check(pos);
    for (Move m : MoveList<GenType::LEGAL>(pos)) {
        StateInfo st;
        pos.do_move(m, st);
        check(pos);
        pos.undo_move(m);
    }
}

// The table's eval slot is a cache of the static evaluation: later visits take it in place of
// evaluating. A search value stored there (a bound that sharpened the estimate, or a mate)
// would be taken for the evaluation and drift further on every visit.
TEST(SearchTable, StoredEvalIsTheNetworksScore) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(16));
    Searcher searcher(tt);
    int      checked = 0, differ = 0;
    for (int i = 0; i < 4; ++i) {
        Game game;
        ASSERT_TRUE(game.set_position(BENCH_POSITIONS[i]).ok());
        SearchLimits limits;
        limits.depth = 10;
        (void)searcher.run(game.position(), limits, SearchOptions{}, {});
        check_entries(game.position(), tt, checked, differ);
    }
    EXPECT_GT(checked, 100);
    EXPECT_EQ(differ, 0);
}

} // namespace
} // namespace tsubame
