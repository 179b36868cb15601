// The minimal USI loop: positions, perft output and bad input (issue: "Bad input").

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "random_network.h"
#include "usi_session.h"

namespace tsubame::usi {
namespace {

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

TEST(UsiLoop, UsiIdentifiesAndEndsWithUsiok) {
    Session           s;
    const std::string out = s.send("usi");
    EXPECT_TRUE(out.starts_with("id name Tsubame"));
    EXPECT_TRUE(out.ends_with("usiok\n"));
    EXPECT_EQ(s.send("isready"), "readyok\n");
}

TEST(UsiLoop, PositionStartposWithMoves) {
    Session s;
    EXPECT_EQ(s.send("position startpos moves 7g7f 3c3d 8h2b+"), "");
    EXPECT_EQ(s.sfen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    EXPECT_EQ(s.loop.game().moves().size(), 3u);
}

TEST(UsiLoop, PositionSfenWithAndWithoutKeyword) {
    Session s;
    EXPECT_EQ(s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b"), "");
    EXPECT_EQ(s.sfen(), "4k4/4G4/9/9/9/9/9/9/4K4 w - 2");
    EXPECT_EQ(s.send("position 4k4/9/9/9/9/9/9/9/4K4 w - 1"), "");
    EXPECT_EQ(s.sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
}

TEST(UsiLoop, CrLfAndExtraSpacesAreAccepted) {
    Session s;
    EXPECT_EQ(s.send("  position   startpos  moves  7g7f \r"), "");
    EXPECT_EQ(s.loop.game().moves().size(), 1u);
}

TEST(UsiLoop, GoPerftPrintsDivideAndTotal) {
    Session s;
    s.send("position startpos");
    const std::string out = s.send("go perft 2");
    EXPECT_TRUE(contains(out, "7g7f: 30\n")) << out;
    EXPECT_TRUE(contains(out, "Nodes searched: 900\n")) << out;
    EXPECT_TRUE(contains(out, "Time (ms): ")) << out;
    EXPECT_TRUE(contains(out, "Nodes/second: ")) << out;
    EXPECT_TRUE(contains(s.send("perft 1"), "Nodes searched: 30\n"));
}

// `bench`: a line per position (number, nodes, time, nps), then the totals in the format
// scripts/bench-signature.sh reads; the positions' nodes add up to `Nodes searched`.
TEST(UsiLoop, BenchPrintsEachPositionThenTheTotals) {
    Session                  s;
    std::istringstream       out(s.send("bench 2"));
    std::vector<std::string> lines;
    for (std::string line; std::getline(out, line);)
        lines.push_back(line);
    ASSERT_GE(lines.size(), 8u);
    // A blank line, three totals and the move ordering's three lines follow.
    const size_t positions = lines.size() - 7;
    uint64_t     sum       = 0;
    for (size_t i = 0; i < positions; ++i) {
        std::istringstream row(lines[i]);
        std::string        word, number, nodes_word, time_word, ms_word, nps_word;
        uint64_t           nodes = 0, nps = 0;
        double             ms = -1;
        row >> word >> number >> nodes_word >> nodes >> time_word >> ms >> ms_word >> nps_word
            >> nps;
        EXPECT_EQ(word, "Position") << lines[i];
        EXPECT_EQ(number, std::to_string(i + 1) + "/" + std::to_string(positions)) << lines[i];
        EXPECT_EQ(nodes_word + time_word + ms_word + nps_word, "nodestimemsnps") << lines[i];
        EXPECT_GT(nodes, 0u) << lines[i];
        EXPECT_GE(ms, 0) << lines[i];
        EXPECT_GT(nps, 0u) << lines[i];
        if (ms >= 10) { // the time is shown to a tenth of a millisecond
            EXPECT_NEAR(double(nps), double(nodes) * 1000 / ms, 0.01 * double(nps)) << lines[i];
        }
        EXPECT_TRUE(row.eof()) << lines[i];
        sum += nodes;
    }
    EXPECT_EQ(lines[positions], "");
    EXPECT_TRUE(lines[positions + 1].starts_with("Total time (ms) : ")) << lines[positions + 1];
    EXPECT_EQ(lines[positions + 2], "Nodes searched  : " + std::to_string(sum));
    EXPECT_TRUE(lines[positions + 3].starts_with("Nodes/second    : ")) << lines[positions + 3];
    EXPECT_TRUE(lines[positions + 4].starts_with("Cut-offs, PV nodes  : ")) << lines[positions + 4];
    EXPECT_TRUE(lines[positions + 5].starts_with("Cut-offs, cut nodes : ")) << lines[positions + 5];
    EXPECT_TRUE(lines[positions + 6].starts_with("Cut-offs, all nodes : ")) << lines[positions + 6];
}

TEST(UsiLoop, BadPerftDepthIsAnError) {
    Session s;
    for (const char* line : {"go perft", "go perft 0", "go perft -3", "go perft x",
                             "go perft 99999999999999999999", "go perft 13"})
        EXPECT_TRUE(s.send(line).starts_with("info string error: go perft needs a depth")) << line;
}

// A malformed SFEN keeps the previous position and says why.
TEST(UsiLoop, BadSfenKeepsThePreviousPosition) {
    Session s;
    s.send("position startpos moves 7g7f");
    const std::string before = s.sfen();
    for (const char* line :
         {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
          "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 5R 1", "position sfen", "position",
          "position sfen 4k4/9/9/9 b - 1 moves 7g7f", "position startpos junk moves 7g7f"}) {
        const std::string out = s.send(line);
        EXPECT_TRUE(out.starts_with("info string error: ")) << line << " -> " << out;
        EXPECT_EQ(s.sfen(), before) << line;
    }
    EXPECT_TRUE(contains(s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b 5R 1"), "too many 'R'"));
    EXPECT_TRUE(contains(
        s.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1"),
        "unknown piece letter 'X'"));
}

// An illegal move in the list keeps the moves before it and names the bad one.
TEST(UsiLoop, IllegalMoveKeepsTheLegalPrefix) {
    Session           s;
    const std::string out = s.send("position startpos moves 7g7f 3c3d 7f7e 2b2a 8h2b+");
    EXPECT_TRUE(out.starts_with("info string error: move 4: illegal move '2b2a'")) << out;
    EXPECT_EQ(s.loop.game().moves().size(), 3u);
    EXPECT_EQ(s.sfen(), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4");

    EXPECT_TRUE(contains(s.send("position startpos moves 7g7f garbage"), "not a USI move"));
    EXPECT_EQ(s.loop.game().moves().size(), 1u);
    // Lower-case drop letters are not USI.
    EXPECT_TRUE(
        contains(s.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves g*5b"), "not a USI move"));
}

TEST(UsiLoop, GarbageNeverStopsTheLoop) {
    Session s;
    for (const char* line :
         {"", "   ", "\r", "foo bar", "go perft 1 2 3 4", "position startpos moves", "d",
          "setoption name USI_Hash value 16", "\x01\x02\xff", "usi usi usi"})
        EXPECT_TRUE(s.loop.handle_line(line)) << line;
    EXPECT_TRUE(s.send("quux").starts_with("info string error: unknown command 'quux'"));
    EXPECT_FALSE(s.loop.handle_line("quit"));
}

TEST(UsiLoop, GoAnswersWithExactlyOneLegalBestmove) {
    Session s;
    s.send("position startpos");
    const std::string out   = s.send("go btime 1000 wtime 1000 byoyomi 1000");
    const size_t      first = out.find("bestmove ");
    ASSERT_NE(first, std::string::npos) << out;
    EXPECT_EQ(out.find("bestmove ", first + 1), std::string::npos) << out;
    EXPECT_TRUE(out.ends_with("\n"));
    // A mated side has no legal move: resign.
    s.send("position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1");
    EXPECT_TRUE(contains(s.send("go"), "bestmove resign\n"));
}

// The lines of `text` that start with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, std::string_view prefix) {
    std::vector<std::string> lines;
    std::istringstream       in(text);
    for (std::string line; std::getline(in, line);)
        if (line.starts_with(prefix)) lines.push_back(line);
    return lines;
}

TEST(UsiLoop, DeclaresMultiPv) {
    Session s;
    EXPECT_TRUE(
        contains(s.send("usi"), "\noption name MultiPV type spin default 1 min 1 max 500\n"));
}

// MultiPV > 1: `multipv k` right after seldepth on every info line, all lines of an iteration
// together; bestmove is line 1's move.
TEST(UsiLoop, MultiPvNumbersEveryInfoLine) {
    Session s;
    s.send("setoption name PvInterval value 0"); // every iteration, as it comes
    s.send("setoption name MultiPV value 3");
    s.send("position startpos moves 7g7f 3c3d");
    const std::string out   = s.send("go depth 4");
    const auto        infos = lines_starting(out, "info ");
    ASSERT_EQ(infos.size(), 4u * 3u) << out;
    std::vector<std::string> last_first_moves;
    for (size_t i = 0; i < infos.size(); ++i) {
        // info depth D seldepth S multipv K score ... pv M ...
        std::istringstream       in(infos[i]);
        std::vector<std::string> t;
        for (std::string token; in >> token;)
            t.push_back(token);
        ASSERT_GE(t.size(), 9u) << infos[i];
        EXPECT_EQ(t[1], "depth") << infos[i];
        EXPECT_EQ(t[2], std::to_string(i / 3 + 1)) << infos[i];
        EXPECT_EQ(t[3], "seldepth") << infos[i];
        EXPECT_EQ(t[5], "multipv") << infos[i];
        EXPECT_EQ(t[6], std::to_string(i % 3 + 1)) << infos[i];
        EXPECT_EQ(t[7], "score") << infos[i];
        const auto pv = std::find(t.begin(), t.end(), "pv");
        ASSERT_TRUE(pv != t.end() && pv + 1 != t.end()) << infos[i];
        if (i >= 9) last_first_moves.push_back(*(pv + 1));
    }
    ASSERT_EQ(last_first_moves.size(), 3u);
    EXPECT_NE(last_first_moves[0], last_first_moves[1]);
    EXPECT_NE(last_first_moves[0], last_first_moves[2]);
    EXPECT_NE(last_first_moves[1], last_first_moves[2]);
    const auto best = lines_starting(out, "bestmove ");
    ASSERT_EQ(best.size(), 1u) << out;
    std::istringstream bestmove(best[0]);
    std::string        keyword, move;
    bestmove >> keyword >> move;
    EXPECT_EQ(move, last_first_moves[0]) << "bestmove is line 1's move: " << out;

    // Back to one line: no multipv token at all.
    s.send("setoption name MultiPV value 1");
    const std::string single = s.send("go depth 4");
    EXPECT_EQ(lines_starting(single, "info ").size(), 4u) << single;
    EXPECT_FALSE(contains(single, "multipv")) << single;
}

// PvInterval: reports closer together than the interval are held back, but the last one
// always comes just before bestmove; under `go infinite` every iteration is shown.
// The number after `name` in an info line (-1 without one).
int64_t info_number(const std::string& line, const std::string& name) {
    const size_t at = line.find(" " + name + " ");
    return at == std::string::npos ? -1 : std::stoll(line.substr(at + name.size() + 2));
}

TEST(UsiLoop, PvOutputIsThrottledButTheFinalLineIsShown) {
    Session s;
    s.send("setoption name PvInterval value 60000");
    s.send("position startpos");
    const std::string out   = s.send("go depth 6");
    const auto        infos = lines_starting(out, "info ");
    ASSERT_EQ(infos.size(), 2u) << out;
    EXPECT_TRUE(infos[0].starts_with("info depth 1 ")) << out;
    EXPECT_TRUE(infos[1].starts_with("info depth 6 ")) << out;
    EXPECT_TRUE(out.ends_with(infos[1] + "\n" + lines_starting(out, "bestmove ").at(0) + "\n"))
        << out;

    s.out.str("");
    s.loop.handle_line("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    s.loop.handle_line("stop");
    s.loop.wait_for_search();
    const auto all = lines_starting(s.out.str(), "info depth ");
    ASSERT_GE(all.size(), 3u) << s.out.str();
    // Every depth once, in order; when the stop came inside an iteration, the last line repeats
    // the one before it with the whole node count.
    size_t depths = all.size();
    if (info_number(all.back(), "depth") == info_number(all[depths - 2], "depth")) {
        EXPECT_GT(info_number(all.back(), "nodes"), info_number(all[depths - 2], "nodes"));
        --depths;
    }
    for (size_t i = 0; i < depths; ++i)
        EXPECT_TRUE(all[i].starts_with("info depth " + std::to_string(i + 1) + " ")) << all[i];
}

// A search stopped inside an iteration (here by its node limit) reports its whole node count
// at the end, not only the last finished iteration's: GUIs show it, and match records measure
// the speed in games with it.
TEST(UsiLoop, TheLastInfoLineCountsEveryNodeSearched) {
    Session s;
    s.send("position startpos");
    const auto infos = lines_starting(s.send("go nodes 5000"), "info depth ");
    ASSERT_GE(infos.size(), 2u);
    EXPECT_GE(info_number(infos.back(), "nodes"), 5000);
    EXPECT_LT(info_number(infos[infos.size() - 2], "nodes"), 5000);
}

TEST(UsiLoop, MaxMovesToDrawOption) {
    Session s;
    EXPECT_TRUE(contains(s.send("usi"),
                         "\noption name MaxMovesToDraw type spin default 0 min 0 max 100000\n"));
    s.send("setoption name DrawValue value -37");
    s.send("position sfen 4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1"); // Black wins a rook
    EXPECT_FALSE(contains(s.send("go depth 3"), "score cp -37 "));
    s.send("setoption name MaxMovesToDraw value 1"); // but the game ends after one move
    const auto infos = lines_starting(s.send("go depth 3"), "info ");
    ASSERT_FALSE(infos.empty());
    EXPECT_TRUE(contains(infos.back(), " score cp -37 ")) << infos.back();
}

TEST(UsiLoop, ResignValueOption) {
    Session s;
    EXPECT_TRUE(contains(s.send("usi"),
                         "\noption name ResignValue type spin default 99999 min 0 max 99999\n"));
    s.send("position sfen 3rkb3/9/9/9/9/9/9/9/4K4 b - 1"); // Black lacks a rook and a bishop
    EXPECT_FALSE(contains(s.send("go depth 4"), "bestmove resign"));
    s.send("setoption name ResignValue value 1000");
    EXPECT_TRUE(s.send("go depth 4").ends_with("\nbestmove resign\n"));
    s.send("setoption name ResignValue value 99999");
    EXPECT_FALSE(contains(s.send("go depth 4"), "bestmove resign"));
}

// From a game lost through an independent client (issue 19): White is mated, and can only
// delay it with drops that Black takes, each bringing back the board with White a piece
// poorer. Those recurrences once scored -30000 for White, above any mate, so the engine
// reported `score cp -30000` with a cut-short line instead of the mate.
constexpr const char* DELAYING_DROPS =
    "position startpos moves 7g7f 3c3d 2g2f 4c4d 3i4h 3a3b 5g5f 8b4b 5i6h 5a6b 6h7h 6b7b 9g9f "
    "9c9d 7i6h 7b8b 4i5h 7a7b 4h5g 3b4c 6g6f 6c6d 6h6g 4a5b 5f5e 4d4e 2f2e 2b3c 5g5f 5c5d 2e2d "
    "2c2d 5e5d 4c5d P*5e 5d6c 3g3f P*5d 2i3g 4e4f 4g4f 4b4f 3g4e 5d5e 5h4g 5e5f 4g4f S*3g 4f5f "
    "3g2h 4e3c+ P*5e 5f5e 2a3c B*2b 3c4e P*5h 4e3g+ 6f6e R*4i 6e6d 6c7d 2b1a+ 2h1i+ 1a4d L*8d "
    "L*8f 8d8f 8g8f P*6f 8h6f L*6e 5e5f 6e6f 4d6f N*5d 6f7g P*6f 5f6f 5d6f 6g6f B*4e N*6g 3g3f "
    "6i5i 4i5i+ 7g5i G*5f 5i7g P*6e 6f7e 5f6g 7g6g 4e6g+ 7h6g B*4e G*5f N*5e 6g7g 4e5f L*7h "
    "5e6g+ 7g8g 6g7h R*5g L*7g R*9b 8b9b L*9c 9b9c";

// The value after `key` in an info line, or INT32_MIN when it has none.
int field(const std::string& line, const std::string& key) {
    std::istringstream in(line);
    for (std::string token; in >> token;)
        if (token == key && in >> token) return std::stoi(token);
    return INT32_MIN;
}

TEST(UsiLoop, DelayingDropsDoNotHideTheMate) {
    Session s;
    s.send("setoption name PvInterval value 0");
    s.send(DELAYING_DROPS);
    const std::string out   = s.send("go depth 10"); // the mate shows from depth 9
    const auto        infos = lines_starting(out, "info depth ");
    ASSERT_FALSE(infos.empty()) << out;
    for (const std::string& info : infos) {
        const int cp = field(info, "cp");
        if (cp != INT32_MIN) {
            EXPECT_LT(std::abs(cp), 20000) << info;
        }
        EXPECT_GE(field(info, "seldepth"), field(info, "depth")) << info;
    }
    const std::string& last = infos.back();
    EXPECT_LT(field(last, "mate"), 0) << "White is mated: " << last;
    const std::string pv = last.substr(last.find(" pv ") + 4);
    EXPECT_GE(std::count(pv.begin(), pv.end(), ' '), 1) << "a line, not one move: " << last;
    EXPECT_TRUE(contains(lines_starting(out, "bestmove").back(), " ponder ")) << out;
}

// The score of `go depth 1` from the start position, as the info line prints it.
std::string depth_one_score(Session& s) {
    s.send("position startpos");
    const std::string out   = s.send("go depth 1");
    const size_t      score = out.find("score ");
    return score == std::string::npos ? "" : out.substr(score, out.find(' ', score + 9) - score);
}

TEST(UsiLoop, EvalFileLoadsANetAndRejectsBadFilesKeepingTheNetInUse) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("tsubame-evalfile-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string bytes = nnue::write_network(*nnue::random_network(11));
    std::ofstream(dir / "good.nnue", std::ios::binary) << bytes;
    std::ofstream(dir / "cut.nnue", std::ios::binary) << bytes.substr(0, bytes.size() - 100);

    Session           s;
    const std::string builtin = depth_one_score(s);
    ASSERT_FALSE(builtin.empty());
    std::string out = s.send("setoption name EvalFile value " + (dir / "missing.nnue").string());
    EXPECT_TRUE(contains(out, "info string error: EvalFile")) << out;
    EXPECT_TRUE(contains(out, "cannot open")) << out;
    EXPECT_EQ(depth_one_score(s), builtin);

    out = s.send("setoption name EvalFile value " + (dir / "good.nnue").string());
    EXPECT_TRUE(contains(out, "loaded: random, seed 11")) << out;
    const std::string with_net = depth_one_score(s);
    EXPECT_NE(with_net, builtin) << "the search should evaluate with the random net";

    out = s.send("setoption name EvalFile value " + (dir / "cut.nnue").string());
    EXPECT_TRUE(contains(out, "info string error: EvalFile")) << out;
    EXPECT_TRUE(contains(out, "truncated")) << out;
    EXPECT_TRUE(contains(out, "keeping the net in use")) << out;
    EXPECT_EQ(depth_one_score(s), with_net);

    EXPECT_EQ(s.send("setoption name EvalFile value <internal>"), "");
    EXPECT_EQ(depth_one_score(s), builtin);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace tsubame::usi
