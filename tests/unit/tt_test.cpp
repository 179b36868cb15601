// Transposition table: what is stored is found again, and only under its own key.

#include <gtest/gtest.h>

#include "search/tt.h"

namespace tsubame {
namespace {

TEST(TranspositionTable, FindsWhatWasStored) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    const uint64_t key = 0x9e3779b97f4a7c14ULL;
    TTData         data{};
    EXPECT_FALSE(tt.probe(key, data));
    tt.store(key, 123, BOUND_LOWER, 7, 0x1234, -45, false);
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_EQ(data.value, 123);
    EXPECT_EQ(data.eval, -45);
    EXPECT_EQ(data.depth, 7);
    EXPECT_EQ(data.bound, BOUND_LOWER);
    EXPECT_EQ(data.move16, 0x1234);
    EXPECT_FALSE(data.is_pv);
    tt.clear();
    EXPECT_FALSE(tt.probe(key, data));
}

TEST(TranspositionTable, KeysThatShareTheirHighBitsStayApart) {
    // The high bits choose the cluster, so the check within it must use the others: keys
    // that differ only in their low half land in one cluster and must not be mistaken for
    // each other (with the high half as the check, a large table gave false hits often).
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    const uint64_t stored = 0xabcdef0100000000ULL | 0x2468ace0ULL;
    tt.store(stored, 77, BOUND_EXACT, 5, 0x0101, 0, false);
    TTData data{};
    for (uint64_t low : {0x13579bd8ULL, 0x2468ace2ULL, 0xfffffffeULL})
        EXPECT_FALSE(tt.probe((stored & ~0xffffffffULL) | low, data)) << std::hex << low;
    EXPECT_TRUE(tt.probe(stored, data));
}

TEST(TranspositionTable, ADeeperResultOfThePositionIsKept) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    const uint64_t key = 0x0123456789abcdeeULL;
    tt.store(key, 50, BOUND_LOWER, 12, 0x0202, 0, false);
    tt.store(key, 10, BOUND_UPPER, 2, 0, 0, false); // a shallow bound does not replace it
    TTData data{};
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_EQ(data.depth, 12);
    EXPECT_EQ(data.value, 50);
    EXPECT_EQ(data.move16, 0x0202);
}

TEST(TranspositionTable, AnEvaluationOnlyEntryIsReplacedByTheSearch) {
    // A node's first visit stores its static evaluation alone, shallower than any search
    // result; the node's own search result then takes the entry, and its eval stays.
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    const uint64_t key = 0x5555aaaa12345678ULL;
    tt.store(key, VALUE_NONE, BOUND_NONE, DEPTH_UNSEARCHED, 0, 321, false);
    TTData data{};
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_EQ(data.depth, DEPTH_UNSEARCHED);
    EXPECT_EQ(data.bound, BOUND_NONE);
    EXPECT_EQ(data.value, VALUE_NONE);
    EXPECT_EQ(data.eval, 321);
    tt.store(key, 40, BOUND_UPPER, 0, 0x0303, 321, false);
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_EQ(data.depth, 0);
    EXPECT_EQ(data.bound, BOUND_UPPER);
    EXPECT_EQ(data.value, 40);
    EXPECT_EQ(data.move16, 0x0303);
}

TEST(TranspositionTable, KeepsThePvFlagApartFromTheBoundAndTheGeneration) {
    // The flag shares a byte with the bound and the generation: a probe's refresh of the
    // generation, a new search and a later store must each leave the others as they were.
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(1));
    const uint64_t key = 0x0f1e2d3c4b5a6978ULL;
    tt.store(key, 60, BOUND_UPPER, 4, 0x0404, 0, true);
    TTData data{};
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_TRUE(data.is_pv);
    EXPECT_EQ(data.bound, BOUND_UPPER);
    tt.new_search();
    ASSERT_TRUE(tt.probe(key, data)); // refreshes the generation
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_TRUE(data.is_pv);
    EXPECT_EQ(data.bound, BOUND_UPPER);
    tt.store(key, 70, BOUND_EXACT, 6, 0x0404, 0, false);
    ASSERT_TRUE(tt.probe(key, data));
    EXPECT_FALSE(data.is_pv);
    EXPECT_EQ(data.bound, BOUND_EXACT);
    EXPECT_EQ(data.value, 70);
}

} // namespace
} // namespace tsubame
