// The command-line flags of the tools and the match runner (usi/flags.h): values, numbers
// with their minimum, switches, positional arguments, and the errors every tool shares.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "flags.h"

namespace tsubame::usi {
namespace {

struct Parsed {
    std::string              out;
    int                      games   = 7;
    uint64_t                 nodes   = 0;
    bool                     verbose = false;
    std::vector<std::string> files;
    std::string              custom;
};

// Parses `args` with a table of every kind of flag; returns the error ("" when good).
std::string parse(Parsed& p, const std::vector<std::string>& args, bool positional = true) {
    FlagParser flags;
    flags.text("--out", p.out)
        .number("--games", p.games, 1)
        .number("--nodes", p.nodes)
        .toggle("--verbose", p.verbose)
        .custom("--pair", [&p](const std::string& v) -> std::string {
            if (v.find(',') == std::string::npos) return "needs A,B, got '" + v + "'";
            p.custom = v;
            return {};
        });
    if (positional) flags.positional(p.files);
    return flags.parse(args);
}

TEST(Flags, SetsEveryKindOfValue) {
    Parsed p;
    EXPECT_EQ(parse(p, {"a.bin", "--out", "x.txt", "--games", "12", "--verbose", "--nodes",
                        "123456789012", "--pair", "1,2", "b.bin"}),
              "");
    EXPECT_EQ(p.out, "x.txt");
    EXPECT_EQ(p.games, 12);
    EXPECT_EQ(p.nodes, 123456789012u);
    EXPECT_TRUE(p.verbose);
    EXPECT_EQ(p.custom, "1,2");
    EXPECT_EQ(p.files, (std::vector<std::string>{"a.bin", "b.bin"}));
}

TEST(Flags, NamesWhatIsWrong) {
    Parsed p;
    EXPECT_EQ(parse(p, {"--out"}), "--out needs a value");
    EXPECT_EQ(parse(p, {"--games", "0"}), "--games needs a number >= 1, got '0'");
    EXPECT_EQ(parse(p, {"--games", "3x"}), "--games needs a number >= 1, got '3x'");
    EXPECT_EQ(parse(p, {"--nodes", "-1"}), "--nodes needs a number >= 0, got '-1'");
    EXPECT_EQ(parse(p, {"--pair", "12"}), "--pair needs A,B, got '12'");
    EXPECT_EQ(parse(p, {"--frobnicate", "1"}), "unknown flag '--frobnicate'");
    EXPECT_EQ(parse(p, {"stray"}, false), "unexpected argument 'stray'");
    EXPECT_EQ(parse(p, {"--games", "2", "-h"}), "help");
    EXPECT_EQ(p.games, 2) << "flags before the error keep their values";
}

} // namespace
} // namespace tsubame::usi
