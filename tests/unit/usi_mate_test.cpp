// `go mate` over USI: exactly one `checkmate ...` line, never a bestmove; `stop` answers
// `checkmate timeout` at once.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "usi_session.h"

namespace tsubame::usi {
namespace {

TEST(UsiMate, MateIsOneCheckmateLine) {
    Session s;
    s.send("position sfen 4k4/9/4S4/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1");
    EXPECT_EQ(s.send("go mate 10000"), "checkmate S*5b\n");
    s.send("position sfen 7nl/6s2/5N2k/6G2/9/9/9/9/9 b 2RG2b2g4s2n3l18p 1");
    const std::string out = s.send("go mate infinite");
    EXPECT_TRUE(out.starts_with("checkmate R*3c ")) << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1);
    EXPECT_EQ(out.find("bestmove"), std::string::npos);
}

TEST(UsiMate, NoMateAndTimeout) {
    Session s;
    s.send("position startpos");
    EXPECT_EQ(s.send("go mate 1000"), "checkmate nomate\n");
    // Microcosmos (1525 plies) in 50 ms: no answer but timeout.
    s.send("position sfen g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/"
           "4+P1P1L/+B5G1g b - 1");
    EXPECT_EQ(s.send("go mate 50"), "checkmate timeout\n");
}

TEST(UsiMate, StopAnswersTimeoutAtOnce) {
    Session s;
    // A small table, made now: the time measured is the solver's answer to stop, not the
    // allocation of a large table (slow under the sanitizers on a loaded machine).
    EXPECT_EQ(s.send("setoption name MateHash value 1"), "");
    s.send("position sfen g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/"
           "4+P1P1L/+B5G1g b - 1");
    s.loop.handle_line("go mate infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    const auto start = std::chrono::steady_clock::now();
    s.loop.handle_line("stop");
    s.loop.wait_for_search();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    EXPECT_EQ(s.out.str(), "checkmate timeout\n");
    EXPECT_LT(ms, 2000); // a hang test: the solver reads the flag every few nodes
}

// A bad time is a warning and no limit; the start position has no check, so no mate.
TEST(UsiMate, BadTimeIsAWarningAndNoLimit) {
    Session           s;
    const std::string out = s.send("go mate soon");
    EXPECT_TRUE(out.starts_with("info string warning: mate needs a number")) << out;
    EXPECT_TRUE(out.ends_with("\ncheckmate nomate\n")) << out;
}

TEST(UsiMate, MateHashOption) {
    Session s;
    EXPECT_NE(s.send("usi").find("option name MateHash type spin"), std::string::npos);
    EXPECT_EQ(s.send("setoption name MateHash value 8"), "");
    s.send("position sfen 4k4/9/4S4/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1");
    EXPECT_EQ(s.send("go mate 10000"), "checkmate S*5b\n");
}

} // namespace
} // namespace tsubame::usi
