// The mate solver's flat key set: agrees with std::unordered_set through growth and clears,
// the key 0 included.

#include <gtest/gtest.h>

#include <random>
#include <unordered_set>

#include "mate/key_set.h"

namespace tsubame {
namespace {

TEST(KeySet, AgreesWithUnorderedSet) {
    mate::KeySet                 set;
    std::unordered_set<uint64_t> ref;
    std::mt19937_64              rng(7);
    for (int round = 0; round < 3; ++round) {
        for (int i = 0; i < 20000; ++i) {
            // Small keys collide in the low bits; 0 and 1 are the set's special cases.
            const uint64_t k = i % 3 == 0 ? rng() : rng() % 5000;
            if (i % 2) {
                set.insert(k);
                ref.insert(k);
            }
            ASSERT_EQ(set.contains(k), ref.count(k) != 0) << k;
        }
        set.insert(0);
        ref.insert(0);
        EXPECT_TRUE(set.contains(0));
        EXPECT_EQ(set.size(), ref.size());
        set.clear();
        ref.clear();
        EXPECT_TRUE(set.empty());
        EXPECT_FALSE(set.contains(0));
    }
}

} // namespace
} // namespace tsubame
