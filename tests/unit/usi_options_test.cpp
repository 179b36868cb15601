// YaneuraOu's option names with YaneuraOu's meaning, through the USI loop: NetworkDelay and
// NetworkDelay2 (ByoyomiMargin an undeclared alias), MinimumThinkingTime, the USI_Hash
// default, ConsiderationMode and Stochastic_Ponder; and the search's constants as undeclared
// Search_<name> options, for tuners.

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "rules/game.h"
#include "search/params.h"
#include "usi_session.h"

namespace tsubame::usi {
namespace {

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_starting(const std::string& text, std::string_view prefix) {
    std::istringstream       in(text);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(prefix)) out.push_back(line);
    return out;
}

// The words after `key` in an info line: the nodes, the PV.
std::string field(const std::string& line, const std::string& key) {
    const size_t at = line.find(" " + key + " ");
    if (at == std::string::npos) return "";
    std::string rest = line.substr(at + key.size() + 2);
    return key == "pv" ? rest : rest.substr(0, rest.find(' '));
}

// The first move of each info line's PV is legal in `position`.
void expect_pvs_legal_in(const std::vector<std::string>& infos, const std::string& position) {
    for (const std::string& info : infos) {
        if (field(info, "pv").empty()) continue; // a fail-high/low report may have no line
        Game game;
        ASSERT_TRUE(game.set_position(position).ok());
        const std::string pv = field(info, "pv");
        EXPECT_TRUE(game.play(pv.substr(0, pv.find(' '))).ok()) << position << ": " << info;
    }
}

TEST(UsiOptions, DeclaresYaneuraOusNamesAndDefaults) {
    Session           s;
    const std::string out = s.send("usi");
    for (const char* line :
         {"option name USI_Hash type spin default 256 min 1 max 65536\n",
          "option name NetworkDelay type spin default 120 min 0 max 10000\n",
          "option name NetworkDelay2 type spin default 1120 min 0 max 10000\n",
          "option name MinimumThinkingTime type spin default 2000 min 0 max 100000\n",
          "option name ConsiderationMode type check default false\n",
          "option name Stochastic_Ponder type check default false\n"})
        EXPECT_TRUE(contains(out, line)) << line;
    // ByoyomiMargin is accepted but not declared: a GUI sending every declared option would
    // otherwise overwrite NetworkDelay2 with it (or the other way round).
    EXPECT_FALSE(contains(out, "ByoyomiMargin")) << out;
}

TEST(UsiOptions, SearchConstantsAreSetByNameButNotDeclared) {
    Session           s;
    const std::string out = s.send("usi");
    EXPECT_FALSE(contains(out, "Search_")) << out;
    const SearchParams& p = s.loop.engine_options().search.params;
    // Each name reaches its own field, within its range.
    for (const SearchParamInfo& info : SEARCH_PARAM_INFO) {
        const int  before = p.*info.field;
        const auto set    = [&](int value) {
            return s.send("setoption name Search_" + std::string(info.name) + " value "
                             + std::to_string(value));
        };
        EXPECT_GE(before, info.min) << info.name;
        EXPECT_LE(before, info.max) << info.name;
        const int value = before == info.max ? info.min : before + 1;
        EXPECT_EQ(set(value), "") << info.name;
        EXPECT_EQ(p.*info.field, value) << info.name;
        EXPECT_EQ(set(before), "") << info.name;
        for (const SearchParamInfo& other : SEARCH_PARAM_INFO) {
            if (other.field == info.field) continue;
            EXPECT_NE(other.name, info.name);
        }
    }
    // They change the search: bench (which otherwise keeps its fixed conditions) follows them.
    const auto bench_nodes = [&s] {
        const auto lines = lines_starting(s.send("bench 6"), "Nodes searched");
        return lines.empty() ? std::string() : lines.back();
    };
    const std::string nodes = bench_nodes();
    ASSERT_FALSE(nodes.empty());
    s.send("setoption name Search_LmrTableScale value 120");
    EXPECT_NE(bench_nodes(), nodes);
}

TEST(UsiOptions, TheTimeOptionsSetTheTimeManager) {
    Session            s;
    const TimeOptions& t = s.loop.engine_options().search.time;
    EXPECT_EQ(t.network_delay_ms, 120);
    EXPECT_EQ(t.network_delay2_ms, 1120);
    EXPECT_EQ(t.minimum_ms, 2000);
    EXPECT_EQ(s.send("setoption name NetworkDelay value 50"), "");
    EXPECT_EQ(s.send("setoption name NetworkDelay2 value 700"), "");
    EXPECT_EQ(s.send("setoption name MinimumThinkingTime value 0"), "");
    EXPECT_EQ(t.network_delay_ms, 50);
    EXPECT_EQ(t.network_delay2_ms, 700);
    EXPECT_EQ(t.minimum_ms, 0);
    EXPECT_EQ(s.send("setoption name ByoyomiMargin value 300"), ""); // the alias, no warning
    EXPECT_EQ(t.network_delay2_ms, 300);
    EXPECT_EQ(t.network_delay_ms, 50);
    EXPECT_EQ(s.send("setoption name Stochastic_Ponder value true"), "");
    EXPECT_TRUE(s.loop.engine_options().stochastic_ponder);
}

TEST(UsiOptions, ConsiderationModeShowsEveryIteration) {
    Session s;
    s.send("setoption name PvInterval value 60000");
    s.send("position startpos");
    // Without it the throttle holds back all but the first and the last report ...
    EXPECT_EQ(lines_starting(s.send("go depth 6"), "info ").size(), 2u);
    // ... with it every iteration is shown, as YaneuraOu's PvInterval 0 in this mode.
    s.send("setoption name ConsiderationMode value true");
    const auto infos = lines_starting(s.send("go depth 6"), "info depth ");
    ASSERT_GE(infos.size(), 6u);
    for (int depth = 1; depth <= 6; ++depth) {
        bool seen = false;
        for (const std::string& info : infos)
            seen = seen || info.starts_with("info depth " + std::to_string(depth) + " ");
        EXPECT_TRUE(seen) << "depth " << depth;
    }
}

TEST(UsiOptions, ConsiderationModeEndsAnalysisOnTheWholeLineWithTheFinalCounts) {
    // A stop that lands right after an iteration's report (a slow sanitizer build) leaves
    // nothing to repeat; the analysis is then run again with a longer think.
    bool repeated = false;
    for (const int think_ms : {300, 500, 800}) {
        Session s;
        s.send("setoption name ConsiderationMode value true");
        s.send("position startpos moves 7g7f 3c3d");
        s.loop.handle_line("go infinite");
        std::this_thread::sleep_for(std::chrono::milliseconds(think_ms));
        s.loop.handle_line("stop");
        s.loop.wait_for_search();
        const std::string out   = s.out.str();
        const auto        infos = lines_starting(out, "info depth ");
        ASSERT_GE(infos.size(), 2u) << out;
        const std::string& last   = infos.back();
        const std::string& before = infos[infos.size() - 2];
        EXPECT_TRUE(out.ends_with(last + "\n" + lines_starting(out, "bestmove ").at(0) + "\n"))
            << out;
        expect_pvs_legal_in(infos, "startpos moves 7g7f 3c3d");
        for (const std::string& info : infos)
            EXPECT_LE(std::stoull(field(info, "nodes")), std::stoull(field(last, "nodes"))) << info;
        if (field(last, "depth") != field(before, "depth")) continue; // stopped at a report
        // The last line before bestmove repeats the last reported line (a whole PV, never an
        // unfinished iteration's) with the search's final node count.
        repeated = true;
        EXPECT_EQ(field(last, "pv"), field(before, "pv")) << out;
        EXPECT_GE(std::stoull(field(last, "nodes")), std::stoull(field(before, "nodes"))) << out;
        break;
    }
    EXPECT_TRUE(repeated) << "every stop landed right after a report";
}

TEST(UsiOptions, StochasticPonderPondersThePositionBeforeThePredictedMove) {
    Session s;
    s.send("setoption name Stochastic_Ponder value true");
    const std::string given  = "startpos moves 7g7f 3c3d";
    const std::string before = "startpos moves 7g7f";
    s.send("position " + given);
    s.loop.handle_line("go ponder btime 0 wtime 0 byoyomi 60000");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::string pondering = s.out.str();
    EXPECT_TRUE(lines_starting(pondering, "bestmove").empty()) << pondering;
    const auto ponder_infos = lines_starting(pondering, "info depth ");
    ASSERT_FALSE(ponder_infos.empty());
    expect_pvs_legal_in(ponder_infos, before); // White's moves: the position before 3c3d
    // ponderhit with a clock (YaneuraOu's extension): a search of the position given, on it.
    s.out.str("");
    s.loop.handle_line("ponderhit btime 0 wtime 0 byoyomi 500");
    const auto start = std::chrono::steady_clock::now();
    s.loop.wait_for_search();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
    const std::string after = s.out.str();
    const auto        bests = lines_starting(after, "bestmove ");
    ASSERT_EQ(bests.size(), 1u) << after;
    Game game;
    ASSERT_TRUE(game.set_position(given).ok());
    EXPECT_TRUE(game.play(field(" " + bests[0], "bestmove")).ok()) << bests[0];
    const auto infos = lines_starting(after, "info depth ");
    ASSERT_FALSE(infos.empty()) << after;
    expect_pvs_legal_in(infos, given);
}

} // namespace
} // namespace tsubame::usi
