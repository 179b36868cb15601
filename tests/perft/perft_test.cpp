// Perft against the published counts in tests/data/perft.tsv (copied from the team's
// reference data; each row names its sources). Rows are split into tiers by leaf count.

#include <gtest/gtest.h>

#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/position.h"
#include "movegen/perft.h"

namespace tsubame {
namespace {

struct PerftRow {
    std::string sfen;
    int         depth;
    uint64_t    count;
    std::string name;
};

// gtest prints the parameter in failure messages and test lists.
void PrintTo(const PerftRow& row, std::ostream* os) {
    *os << row.sfen << " depth " << row.depth << " = " << row.count;
}

enum class Tier {
    FAST,
    SLOW,
    HUGE
};

Tier tier_of(uint64_t count) {
    if (count <= 60'000'000) return Tier::FAST;
    if (count <= 1'200'000'000) return Tier::SLOW;
    return Tier::HUGE;
}

std::vector<PerftRow> load_rows(Tier tier) {
    std::vector<PerftRow> rows;
    std::ifstream         in(TSUBAME_PERFT_TABLE);
    std::string           line;
    std::getline(in, line); // header
    int         position_index = 0;
    std::string previous_sfen;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        PerftRow           row;
        std::string        depth, count;
        if (!std::getline(fields, row.sfen, '\t') || !std::getline(fields, depth, '\t')
            || !std::getline(fields, count, '\t'))
            continue;
        if (row.sfen != previous_sfen) ++position_index;
        previous_sfen = row.sfen;
        row.depth     = std::stoi(depth);
        row.count     = std::stoull(count);
        row.name      = "pos" + std::to_string(position_index) + "_d" + depth + "_line"
                 + std::to_string(rows.size());
        if (tier_of(row.count) == tier) rows.push_back(row);
    }
    return rows;
}

class PerftTest : public testing::TestWithParam<PerftRow> { };

TEST_P(PerftTest, MatchesPublishedCount) {
    const PerftRow& row = GetParam();
    Position        pos;
    StateInfo       root;
    ASSERT_TRUE(pos.set_sfen(row.sfen, &root).ok()) << row.sfen;
    EXPECT_EQ(perft(pos, row.depth), row.count) << row.sfen << " depth " << row.depth;
    EXPECT_EQ(pos.sfen().substr(0, row.sfen.find(' ')), row.sfen.substr(0, row.sfen.find(' ')))
        << "perft must leave the position as it found it";
}

std::string row_name(const testing::TestParamInfo<PerftRow>& info) {
    return info.param.name;
}

TEST(PerftTable, HasTheRowsTheIssueNames) {
    // startpos d1-5, matsuri d1-3 and max-moves d1-3 must be in the fast tier.
    const auto fast = load_rows(Tier::FAST);
    auto       has  = [&](std::string_view prefix, int depth, uint64_t count) {
        for (const auto& r : fast)
            if (r.sfen.starts_with(prefix) && r.depth == depth && r.count == count) return true;
        return false;
    };
    EXPECT_TRUE(has("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b", 5, 19861490));
    EXPECT_TRUE(has("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w", 3, 4809015));
    EXPECT_TRUE(has("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b", 3, 53393368));
    EXPECT_GT(fast.size(), 100u);
}

INSTANTIATE_TEST_SUITE_P(Fast, PerftTest, testing::ValuesIn(load_rows(Tier::FAST)), row_name);
INSTANTIATE_TEST_SUITE_P(Slow, PerftTest, testing::ValuesIn(load_rows(Tier::SLOW)), row_name);
INSTANTIATE_TEST_SUITE_P(Huge, PerftTest, testing::ValuesIn(load_rows(Tier::HUGE)), row_name);

} // namespace
} // namespace tsubame
