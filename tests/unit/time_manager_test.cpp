// Time allotment for each clock kind (usi.md §6, rules.md §7): never beyond what the clock
// allows minus the margin, and sensible targets.

#include <gtest/gtest.h>

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

const TimeOptions OPTIONS{}; // 120 ms margin

TEST(TimeManager, ByoyomiOnlyUsesNearlyAllOfIt) {
    const TimeBudget b = allot_time(clock(0, 1000, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(b.maximum_ms, 1000 - OPTIONS.margin_ms);
    EXPECT_EQ(b.optimum_ms, b.maximum_ms);
}

TEST(TimeManager, ShortByoyomiCapsTheMarginAtAnEighth) {
    // 200 ms byoyomi with a 120 ms margin would leave 80 ms: the margin shrinks to 25 ms.
    const TimeBudget b = allot_time(clock(0, 200, 0), BLACK, 40, OPTIONS);
    EXPECT_EQ(b.maximum_ms, 175);
    EXPECT_EQ(b.optimum_ms, 175);
}

TEST(TimeManager, MainTimePlusByoyomiSpendsASliceOfMainTime) {
    const TimeBudget b = allot_time(clock(600000, 10000, 0), BLACK, 1, OPTIONS);
    EXPECT_GT(b.optimum_ms, 10000); // more than the byoyomi alone
    EXPECT_LT(b.optimum_ms, 60000); // but a slice of the main time
    EXPECT_LE(b.maximum_ms, 600000 + 10000 - OPTIONS.margin_ms);
    EXPECT_GE(b.maximum_ms, b.optimum_ms);
}

TEST(TimeManager, SuddenDeathNeverRunsTheClockOut) {
    for (int64_t main : {100, 500, 3000, 60000, 900000}) {
        const TimeBudget b = allot_time(clock(main, 0, 0), WHITE, 100, OPTIONS);
        EXPECT_LE(b.maximum_ms, std::max<int64_t>(1, main - OPTIONS.margin_ms)) << main;
        EXPECT_LE(b.maximum_ms, main / 5 + 1) << "keep most of the clock for later moves";
        EXPECT_GE(b.optimum_ms, 0);
    }
}

TEST(TimeManager, FischerCountsTheIncrementForThisMove) {
    // usable time = remaining + increment, added before the move (usi.md §6).
    const TimeBudget b = allot_time(clock(1000, 0, 2000), BLACK, 60, OPTIONS);
    EXPECT_GT(b.optimum_ms, 1000);
    EXPECT_LE(b.maximum_ms, 1000 + 2000 - OPTIONS.margin_ms);
}

TEST(TimeManager, MovetimeIsExactMinusMargin) {
    SearchLimits l;
    l.movetime         = 5000;
    const TimeBudget b = allot_time(l, BLACK, 1, OPTIONS);
    EXPECT_EQ(b.optimum_ms, 5000 - OPTIONS.margin_ms);
    EXPECT_EQ(b.maximum_ms, 5000 - OPTIONS.margin_ms);
}

TEST(TimeManager, MarginAndSlowMoverOptionsApply) {
    TimeOptions o;
    o.margin_ms         = 500;
    const TimeBudget b1 = allot_time(clock(0, 5000, 0), BLACK, 1, o);
    EXPECT_EQ(b1.maximum_ms, 4500);
    // Beyond an eighth of the byoyomi the margin is capped: 3000 ms keeps 375 ms back.
    EXPECT_EQ(allot_time(clock(0, 3000, 0), BLACK, 1, o).maximum_ms, 2625);
    o.margin_ms           = 120;
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
