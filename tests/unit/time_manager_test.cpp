// Time allotment for each clock kind (usi.md §6, rules.md §7): never beyond what the clock
// allows minus the margin, and sensible targets.

#include <gtest/gtest.h>

#include <algorithm>

#include "match/match_clock.h"
#include "search/time_manager.h"

namespace tsubame {
namespace {

SearchLimits clock(int64_t main, int64_t byoyomi, int64_t inc) {
    SearchLimits l;
    l.time[BLACK] = l.time[WHITE] = main;
    l.byoyomi                     = byoyomi;
    l.inc[BLACK] = l.inc[WHITE] = inc;
    return l;
}

// The defaults (NetworkDelay 120, NetworkDelay2 1120, MinimumThinkingTime 2000), and the same
// without MinimumThinkingTime for the tests of the plan itself (its floor is tested below).
const TimeOptions OPTIONS{};
const TimeOptions PLAN = [] {
    TimeOptions o;
    o.minimum_ms = 0;
    return o;
}();

TEST(TimeManager, DefaultsAreYaneuraOus) {
    EXPECT_EQ(OPTIONS.network_delay_ms, 120);
    EXPECT_EQ(OPTIONS.network_delay2_ms, 1120);
    EXPECT_EQ(OPTIONS.minimum_ms, 2000);
    EXPECT_EQ(OPTIONS.slow_mover_pct, 100);
}

TEST(TimeManager, ByoyomiOnlyUsesNearlyAllOfIt) {
    // NetworkDelay2 is kept back from the byoyomi, at most an eighth of it: 10 s leaves 8.88 s
    // (YaneuraOu's byoyomi - NetworkDelay2), 1 s leaves 875 ms.
    TimeBudget b = allot_time(clock(0, 10000, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(b.maximum_ms, 10000 - 1120);
    EXPECT_EQ(b.optimum_ms, b.maximum_ms);
    b = allot_time(clock(0, 1000, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(b.maximum_ms, 875);
    EXPECT_EQ(b.optimum_ms, b.maximum_ms);
}

TEST(TimeManager, ShortByoyomiCapsTheMarginAtAnEighth) {
    // 200 ms byoyomi with a 1120 ms margin would leave nothing: the margin shrinks to 25 ms.
    const TimeBudget b = allot_time(clock(0, 200, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(b.maximum_ms, 175);
    EXPECT_EQ(b.optimum_ms, 175);
}

TEST(TimeManager, MainTimePlusByoyomiSpendsASliceOfMainTime) {
    const TimeBudget b = allot_time(clock(600000, 10000, 0), BLACK, 1, OPTIONS);
    EXPECT_GT(b.optimum_ms, 10000); // more than the byoyomi alone
    EXPECT_LT(b.optimum_ms, 60000); // but a slice of the main time
    EXPECT_LE(b.maximum_ms, 600000 + 10000 - OPTIONS.network_delay2_ms);
    EXPECT_GE(b.maximum_ms, b.optimum_ms);
}

TEST(TimeManager, SuddenDeathNeverRunsTheClockOut) {
    for (int64_t main : {100, 500, 3000, 60000, 900000}) {
        const TimeBudget b = allot_time(clock(main, 0, 0), WHITE, 100, OPTIONS);
        EXPECT_LE(b.maximum_ms, std::max<int64_t>(1, main - OPTIONS.network_delay2_ms)) << main;
        EXPECT_LE(b.maximum_ms, main / 5 + 1) << "keep most of the clock for later moves";
        EXPECT_GE(b.optimum_ms, 0);
    }
}

TEST(TimeManager, SuddenDeathSpendsAShareAndCapsAtTwiceIt) {
    // 60 s at the start: a quarter of NetworkDelay, 30 ms, kept for each of the 90 moves to
    // come, the rest spread over them, and capped at twice that.
    const TimeBudget b = allot_time(clock(60000, 0, 0), BLACK, 0, PLAN);
    EXPECT_EQ(b.optimum_ms, (60000 - 90 * 30) / 90);
    EXPECT_EQ(b.maximum_ms, 2 * b.optimum_ms);
    // Late in a long game the moves still to come are never counted below twenty.
    const TimeBudget late = allot_time(clock(10000, 0, 0), WHITE, 200, PLAN);
    EXPECT_EQ(late.optimum_ms, (10000 - MIN_MOVES_LEFT * 30) / MIN_MOVES_LEFT);
}

TEST(TimeManager, MinimumThinkingTimeIsAFloorWithinTheCap) {
    // YaneuraOu's meaning: a move takes at least MinimumThinkingTime including NetworkDelay,
    // so the search does not stop before 2000 - 120 ms...
    const TimeBudget slow = allot_time(clock(600000, 0, 0), BLACK, 1, OPTIONS);
    EXPECT_EQ(slow.minimum_ms, 1880);
    EXPECT_GT(slow.optimum_ms, 1880); // 10 minutes: the plan's share is above it anyway
    const TimeBudget b = allot_time(clock(60000, 0, 0), BLACK, 0, OPTIONS);
    // ... but never beyond the plan's cap for the move: 60 s sudden death plans 636 ms and
    // caps at 1272, so the floor is 1272 and the target rises to it.
    EXPECT_EQ(b.maximum_ms, 2 * ((60000 - 90 * 30) / 90));
    EXPECT_EQ(b.minimum_ms, b.maximum_ms);
    EXPECT_EQ(b.optimum_ms, b.maximum_ms);
    // A calm search stops early, never before the floor.
    EXPECT_GE(adjusted_optimum(slow, 0.0, -500), 1880);
    const TimeBudget floor{1000, 4000, 900};
    EXPECT_EQ(adjusted_optimum(floor, 0.0, -500), 900);
    EXPECT_EQ(adjusted_optimum(floor, 0.0, 0), 900); // 0.8 x 1000 < 900
    // With byoyomi alone (all of it is used) and movetime (exact), it plays no part.
    EXPECT_EQ(allot_time(clock(0, 1000, 0), BLACK, 1, OPTIONS).minimum_ms, 0);
    SearchLimits l;
    l.movetime = 500;
    EXPECT_EQ(allot_time(l, BLACK, 1, OPTIONS).maximum_ms, 500 - 62);
    // Set to 0 it is off; below NetworkDelay it is too.
    TimeOptions o;
    o.minimum_ms = 100;
    EXPECT_EQ(allot_time(clock(600000, 0, 0), BLACK, 1, o).minimum_ms, 0);
}

TEST(TimeManager, NetworkDelayPlansEachMoveAndNetworkDelay2GuardsTheClock) {
    TimeOptions o       = PLAN;
    o.network_delay_ms  = 400;
    o.network_delay2_ms = 3000;
    // NetworkDelay: a quarter kept for each move to come (90 at the start), and kept back from
    // a movetime (at most an eighth of it).
    EXPECT_EQ(allot_time(clock(60000, 0, 0), BLACK, 0, o).optimum_ms, (60000 - 90 * 100) / 90);
    SearchLimits l;
    l.movetime = 5000;
    EXPECT_EQ(allot_time(l, BLACK, 1, o).maximum_ms, 4600);
    l.movetime = 1000;
    EXPECT_EQ(allot_time(l, BLACK, 1, o).maximum_ms, 875);
    // NetworkDelay2: kept back from the end of the clock, where a move would lose on time.
    EXPECT_EQ(allot_time(clock(1000, 0, 5000), BLACK, 100, o).maximum_ms, 3000) << "6 s usable";
    EXPECT_EQ(allot_time(clock(0, 0, 5000), BLACK, 100, o).maximum_ms, 2000) << "5 s usable";
    EXPECT_LE(allot_time(clock(2000, 0, 0), BLACK, 100, o).maximum_ms, 1) << "under it: 1 ms";
    EXPECT_EQ(allot_time(clock(0, 30000, 0), BLACK, 100, o).maximum_ms, 27000) << "byoyomi";
}

TEST(TimeManager, FischerSpendsMostOfTheIncrementAndKeepsTheBank) {
    // Issue 19: with 30 s + 5 s, move 3 used 9.2 s of the 35 s. Now the target is a share of
    // the bank plus three quarters of the increment, and the cap adds at most an eighth of
    // the bank.
    const TimeBudget b = allot_time(clock(30000, 0, 5000), BLACK, 4, OPTIONS);
    EXPECT_EQ(b.optimum_ms, (30000 - 88 * 30) / 88 + 5000 * 3 / 4);
    EXPECT_EQ(b.maximum_ms, b.optimum_ms + 30000 / 8);
    EXPECT_LT(b.maximum_ms, 8000);
    // An empty bank: three quarters of the increment, so the bank grows back.
    const TimeBudget empty = allot_time(clock(0, 0, 5000), BLACK, 40, OPTIONS);
    EXPECT_EQ(empty.optimum_ms, 3750);
    EXPECT_EQ(empty.maximum_ms, 3750);
    // A large increment, a small bank: the cap never reaches past the bank's eighth.
    const TimeBudget small = allot_time(clock(800, 0, 10000), BLACK, 40, OPTIONS);
    EXPECT_EQ(small.maximum_ms, small.optimum_ms + 100);
}

// Plays 256 plies on the match runner's clock with an engine that always thinks for its full
// cap and takes 10 ms more to stop and answer (measured: at most ~11 ms): it never loses on
// time, even with no margin at the runner, and no move's cap is more than twice its target.
void replay_game_at_the_cap(const usi::TimeControl& tc) {
    usi::TimeControl strict = tc;
    strict.margin_ms        = 0;
    usi::MatchClock match(strict);
    for (int ply = 0; ply < 256; ++ply) {
        const Color  us = ply % 2 ? WHITE : BLACK;
        SearchLimits l  = clock(0, tc.byoyomi_ms, tc.inc_ms);
        for (Color c : {BLACK, WHITE})
            l.time[c] = match.remaining_ms(c);
        const TimeBudget b = allot_time(l, us, ply, OPTIONS);
        EXPECT_LE(b.optimum_ms, b.maximum_ms) << "ply " << ply;
        EXPECT_LE(b.maximum_ms, 2 * b.optimum_ms) << "ply " << ply;
        EXPECT_LE(b.minimum_ms, b.optimum_ms) << "ply " << ply;
        const int64_t margin = tc.byoyomi_ms
                                 ? std::min(OPTIONS.network_delay2_ms, tc.byoyomi_ms / 8)
                                 : OPTIONS.network_delay2_ms;
        EXPECT_LE(b.maximum_ms, std::max<int64_t>(1, match.allowed_ms(us) - margin))
            << "ply " << ply;
        ASSERT_TRUE(match.charge(us, b.maximum_ms + 10))
            << "lost on time at ply " << ply << " with " << l.time[us] << " ms left";
    }
}

TEST(TimeManager, NoMoveAtItsCapLosesAGameOnTime) {
    for (const auto& [main, byoyomi, inc] : {std::tuple<int64_t, int64_t, int64_t>{60000, 0, 0},
                                             {10000, 0, 0},
                                             {2000, 0, 0},
                                             {30000, 0, 5000},
                                             {10000, 0, 100},
                                             {1000, 0, 1000},
                                             {60000, 10000, 0},
                                             {0, 1000, 0},
                                             {0, 200, 0}}) {
        SCOPED_TRACE(testing::Message() << main << " ms + byoyomi " << byoyomi << " + inc " << inc);
        usi::TimeControl tc;
        tc.time_ms    = main;
        tc.byoyomi_ms = byoyomi;
        tc.inc_ms     = inc;
        replay_game_at_the_cap(tc);
    }
}

TEST(TimeManager, FischerCountsTheIncrementForThisMove) {
    // usable time = remaining + increment, added before the move (usi.md §6).
    const TimeBudget b = allot_time(clock(1000, 0, 2000), BLACK, 60, OPTIONS);
    EXPECT_GT(b.optimum_ms, 1000);
    EXPECT_LE(b.maximum_ms, 1000 + 2000 - OPTIONS.network_delay2_ms);
}

TEST(TimeManager, MovetimeIsExactMinusMargin) {
    SearchLimits l;
    l.movetime         = 5000;
    const TimeBudget b = allot_time(l, BLACK, 1, OPTIONS);
    EXPECT_EQ(b.optimum_ms, 5000 - OPTIONS.network_delay_ms);
    EXPECT_EQ(b.maximum_ms, 5000 - OPTIONS.network_delay_ms);
}

TEST(TimeManager, MarginAndSlowMoverOptionsApply) {
    TimeOptions o;
    o.network_delay2_ms = 500;
    const TimeBudget b1 = allot_time(clock(0, 5000, 0), BLACK, 1, o);
    EXPECT_EQ(b1.maximum_ms, 4500);
    // Beyond an eighth of the byoyomi the margin is capped: 3000 ms keeps 375 ms back.
    EXPECT_EQ(allot_time(clock(0, 3000, 0), BLACK, 1, o).maximum_ms, 2625);
    o.network_delay2_ms   = 1120;
    o.slow_mover_pct      = 200;
    const TimeBudget fast = allot_time(clock(600000, 0, 0), BLACK, 1, OPTIONS);
    const TimeBudget slow = allot_time(clock(600000, 0, 0), BLACK, 1, o);
    EXPECT_GT(slow.optimum_ms, fast.optimum_ms);
}

TEST(TimeManager, UnstableOrFallingSearchesGetMoreTime) {
    const TimeBudget b{1000, 4000};
    const int64_t    calm     = adjusted_optimum(b, 0.0, 0);
    const int64_t    unstable = adjusted_optimum(b, 2.0, 0);
    const int64_t    falling  = adjusted_optimum(b, 0.0, 100);
    const int64_t    rising   = adjusted_optimum(b, 0.0, -100);
    EXPECT_LT(calm, b.optimum_ms); // a quiet search stops early
    EXPECT_GT(unstable, b.optimum_ms);
    EXPECT_GT(falling, calm);
    EXPECT_LE(rising, calm);
    EXPECT_EQ(adjusted_optimum(b, 100.0, 10000), b.maximum_ms); // never beyond the maximum
}

TEST(TimeManager, ByoyomiOnlyIsNeverCutShort) {
    // Unused byoyomi is lost: a calm search still uses all of it.
    const TimeBudget b = allot_time(clock(0, 1000, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(adjusted_optimum(b, 0.0, -500), b.maximum_ms);
}

} // namespace
} // namespace tsubame
