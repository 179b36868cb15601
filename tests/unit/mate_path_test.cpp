// The mate solver's path: exact membership, hand-superior boards, and the filter kept in step
// with pushes, pops and clears.

#include <gtest/gtest.h>

#include "mate/mate_path.h"

namespace tsubame {
namespace {

Hand hand_of(int pawns, int golds) {
    Hand h;
    h.set(PAWN, pawns);
    h.set(GOLD, golds);
    return h;
}

TEST(MatePath, ContainsExactNodesOnly) {
    mate::MatePath path;
    path.push(101, 1, hand_of(2, 1));
    EXPECT_TRUE(path.contains(101, 1));
    EXPECT_FALSE(path.contains(102, 1)); // same board, other node
    EXPECT_FALSE(path.contains(101, 2)); // filtered out by the board key
    path.pop();
    EXPECT_FALSE(path.contains(101, 1));
}

TEST(MatePath, HoldsSuperiorComparesHandsOnTheSameBoard) {
    mate::MatePath path;
    path.push(101, 1, hand_of(2, 1));
    path.push(202, 2, hand_of(0, 0));
    EXPECT_TRUE(path.holds_superior(1, hand_of(2, 1))); // the same position
    EXPECT_TRUE(path.holds_superior(1, hand_of(1, 1))); // the attacker has less now
    EXPECT_TRUE(path.holds_superior(1, hand_of(0, 0)));
    EXPECT_FALSE(path.holds_superior(1, hand_of(3, 0))); // more pawns: progress
    EXPECT_FALSE(path.holds_superior(1, hand_of(0, 2)));
    EXPECT_FALSE(path.holds_superior(3, hand_of(0, 0))); // no such board
    EXPECT_TRUE(path.holds_superior(2, hand_of(0, 0)));
    EXPECT_FALSE(path.holds_superior(2, hand_of(1, 0)));
}

TEST(MatePath, ClearForgetsEveryEntry) {
    mate::MatePath path;
    for (uint64_t k = 0; k < 100; ++k)
        path.push(k + 1000, k, hand_of(0, 0));
    path.clear();
    for (uint64_t k = 0; k < 100; ++k) {
        EXPECT_FALSE(path.contains(k + 1000, k));
        EXPECT_FALSE(path.holds_superior(k, hand_of(0, 0)));
    }
    // Boards sharing a filter slot: popping one leaves the other findable.
    path.push(7, 5, hand_of(1, 0));
    path.push(8, 5 + (uint64_t(1) << 16), hand_of(1, 0));
    path.pop();
    EXPECT_TRUE(path.contains(7, 5));
    EXPECT_FALSE(path.contains(8, 5 + (uint64_t(1) << 16)));
}

} // namespace
} // namespace tsubame
