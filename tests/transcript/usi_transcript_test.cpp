// Transcripts against the real binary through pipes, as a GUI drives it: exact replies for
// every command and each pitfall of usi.md §8 (one bestmove per go, stop latency, isready
// during a search, nothing before usi or after quit, CR-LF, garbage input); and the command
// line: help, version, the tools' usage, one USI command, bad arguments.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "../unit/random_network.h"
#include "command.h"
#include "core/notation.h"
#include "eval/nnue/embedded.h"
#include "match/child_process.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "tools/game_record.h"
#include "tools/label_file.h"
#include "usi_loop.h"

namespace tsubame::test {

using usi::ChildProcess;
using usi::Millis;
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Deadlines for replies: they test for a hang, not for speed (speed is for benchmarks). The
// suite runs under sanitizers, two tests at a time on two cores, maybe beside another job.
// AT_ONCE: a reply that needs no work (readyok during a search, bestmove after stop).
constexpr Millis AT_ONCE = 10000ms;
// SET_UP: usiok, and readyok after isready's allocations (128 threads under ASan take
// seconds).
constexpr Millis SET_UP = 60000ms;

int count_starting(const std::vector<std::string>& lines, std::string_view prefix) {
    return int(std::count_if(lines.begin(), lines.end(),
                             [&](const std::string& l) { return l.starts_with(prefix); }));
}

std::string joined(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines)
        s += l + "\n";
    return s;
}

int64_t millis_since(Clock::time_point start) {
    return std::chrono::duration_cast<Millis>(Clock::now() - start).count();
}

// Checks a `bestmove` line against the position `spec` (as after `position`): the move is
// legal, and the ponder move, if any, is a legal reply (usi.md §8.8).
void expect_legal_bestmove(const std::string& spec, const std::string& line) {
    std::istringstream in(line);
    std::string        keyword, move, ponder_keyword, ponder;
    in >> keyword >> move >> ponder_keyword >> ponder;
    ASSERT_EQ(keyword, "bestmove") << line;
    Game game;
    ASSERT_TRUE(game.set_position(spec).ok()) << spec;
    ASSERT_TRUE(game.play(move).ok()) << line << " is illegal after " << spec;
    if (ponder_keyword.empty()) return;
    EXPECT_EQ(ponder_keyword, "ponder") << line;
    EXPECT_TRUE(game.play(ponder).ok()) << line << ": illegal ponder move";
}

// A started engine that has answered usi and isready, with a small hash (the 256 MB default
// would cost every test its first touch, more under sanitizers).
struct Session {
    ChildProcess engine{TSUBAME_BINARY};

    Session() {
        engine.send("usi");
        EXPECT_TRUE(engine.read_until("usiok", SET_UP)) << joined(engine.last_lines());
        engine.send("setoption name USI_Hash value 16");
        ready();
    }
    // isready -> readyok, with only `info string` lines before it.
    void ready() {
        engine.send("isready");
        const auto lines = engine.read_until("readyok", SET_UP);
        ASSERT_TRUE(lines) << joined(engine.last_lines());
        for (size_t i = 0; i + 1 < lines->size(); ++i)
            EXPECT_TRUE((*lines)[i].starts_with("info string ")) << (*lines)[i];
        EXPECT_EQ(lines->back(), "readyok");
    }
    // Sends a go and returns every line up to its bestmove.
    std::vector<std::string> go(std::string_view go_line, Millis timeout = SET_UP) {
        engine.send(go_line);
        const auto lines = engine.read_until("bestmove", timeout);
        EXPECT_TRUE(lines) << go_line << ": no bestmove\n" << joined(engine.last_lines());
        return lines.value_or(std::vector<std::string>{});
    }
    // No bestmove (nor anything but info) arrives within `quiet`.
    void expect_no_bestmove(Millis quiet) {
        const auto lines = engine.read_for(quiet);
        EXPECT_EQ(count_starting(lines, "bestmove"), 0) << joined(lines);
    }
};

TEST(Transcript, NothingBeforeUsiThenUsiok) {
    ChildProcess engine(TSUBAME_BINARY);
    EXPECT_TRUE(engine.read_for(300ms).empty()); // no banner (usi.md §8.1)
    engine.send("usi");
    const auto lines = engine.read_until("usiok", SET_UP);
    ASSERT_TRUE(lines);
    EXPECT_TRUE(lines->front().starts_with("id name ")) << lines->front();
    for (const std::string& line : *lines) {
        EXPECT_TRUE(line.starts_with("id ") || line.starts_with("option name ") || line == "usiok")
            << line;
        EXPECT_EQ(line.find("  "), std::string::npos) << line; // one space between tokens
        EXPECT_FALSE(line.ends_with(" ")) << line;
    }
    engine.send("quit");
    EXPECT_TRUE(engine.wait_exit(AT_ONCE));
    EXPECT_FALSE(engine.read_line(100ms)); // nothing after quit
}

// `stop` during `go infinite`: exactly one bestmove, at once (usi.md §8.6). The median latency
// over five tries is under 250 ms even on a loaded machine (the search stops within a node;
// a stop that waited for the iteration would take seconds).
TEST(Transcript, GoInfiniteAndStopGiveOneBestmoveAtOnce) {
    Session              s;
    const std::string    spec = "startpos moves 2g2f 8c8d";
    std::vector<int64_t> latencies;
    s.engine.send("position " + spec);
    for (int i = 0; i < 5; ++i) {
        s.engine.send("go infinite");
        s.expect_no_bestmove(200ms); // never a bestmove of its own under go infinite
        const auto start = Clock::now();
        s.engine.send("stop");
        const auto lines = s.engine.read_until("bestmove", AT_ONCE);
        ASSERT_TRUE(lines) << joined(s.engine.last_lines());
        latencies.push_back(millis_since(start));
        expect_legal_bestmove(spec, lines->back());
        s.expect_no_bestmove(100ms);
    }
    std::sort(latencies.begin(), latencies.end());
    EXPECT_LT(latencies[2], 250) << "median stop latency";
}

TEST(Transcript, PonderThenStopGivesOneBestmove) {
    Session           s;
    const std::string spec = "startpos moves 7g7f 3c3d";
    s.engine.send("position " + spec);
    s.engine.send("go ponder btime 0 wtime 0 byoyomi 300");
    s.expect_no_bestmove(600ms); // no bestmove while pondering, even past the byoyomi
    s.engine.send("stop");
    const auto lines = s.engine.read_until("bestmove", AT_ONCE);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    expect_legal_bestmove(spec, lines->back());
    s.expect_no_bestmove(200ms);
}

// ponderhit: the search then answers on its own, once. (That its clock runs from ponderhit is
// checked in Search.PonderhitStartsTheClockAndAnswersOnce, on a clock moved by hand.)
TEST(Transcript, PonderhitGivesOneBestmove) {
    Session           s;
    const std::string spec = "startpos moves 7g7f 3c3d";
    s.engine.send("position " + spec);
    s.engine.send("go ponder btime 0 wtime 0 byoyomi 500");
    s.expect_no_bestmove(700ms);
    s.engine.send("ponderhit");
    const auto lines = s.engine.read_until("bestmove", AT_ONCE);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    expect_legal_bestmove(spec, lines->back());
    s.expect_no_bestmove(200ms);
}

// `go ponder` without a clock, `ponderhit byoyomi ...` with it (YaneuraOu, ShogiHome).
TEST(Transcript, PonderhitMayBringTheClock) {
    Session           s;
    const std::string spec = "startpos moves 7g7f";
    s.engine.send("position " + spec);
    s.engine.send("go ponder");
    s.expect_no_bestmove(300ms);
    s.engine.send("ponderhit btime 0 wtime 0 byoyomi 400");
    const auto lines = s.engine.read_until("bestmove", AT_ONCE);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    expect_legal_bestmove(spec, lines->back());
}

// Shogidokoro's network games: gameover during ponder without stop (usi.md §8.9).
TEST(Transcript, GameoverDuringPonderStopsIt) {
    Session s;
    s.engine.send("position startpos moves 7g7f");
    s.engine.send("go ponder btime 10000 wtime 10000 byoyomi 1000");
    s.expect_no_bestmove(300ms);
    s.engine.send("gameover win");
    const auto lines = s.engine.read_until("bestmove", AT_ONCE);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    s.expect_no_bestmove(200ms);
    // The next game goes on as usual.
    s.ready();
    s.engine.send("usinewgame");
    s.engine.send("position startpos");
    const auto next = s.go("go btime 0 wtime 0 byoyomi 200");
    EXPECT_EQ(count_starting(next, "bestmove"), 1) << joined(next);
    expect_legal_bestmove("startpos", next.back());
}

TEST(Transcript, IsreadyIsAnsweredDuringASearch) {
    Session s;
    s.engine.send("position startpos");
    s.engine.send("go infinite");
    s.engine.read_for(100ms);
    s.engine.send("isready");
    const auto lines = s.engine.read_until("readyok", AT_ONCE);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    EXPECT_EQ(count_starting(*lines, "bestmove"), 0); // answered without stopping
    s.engine.send("stop");
    EXPECT_TRUE(s.engine.read_until("bestmove", AT_ONCE));
    s.expect_no_bestmove(200ms);
}

// quit during a search: the process ends promptly and prints nothing more (usi.md §8.17).
TEST(Transcript, QuitDuringASearchPrintsNoBestmove) {
    Session s;
    s.engine.send("position startpos");
    s.engine.send("go infinite");
    s.engine.read_for(200ms);
    s.engine.send("quit");
    EXPECT_TRUE(s.engine.wait_exit(AT_ONCE));
    const auto rest = s.engine.read_for(300ms); // what was left in the pipe
    EXPECT_EQ(count_starting(rest, "bestmove"), 0) << joined(rest);
    EXPECT_TRUE(s.engine.at_eof());
}

// End of input counts as quit, even in the middle of a half-written command.
TEST(Transcript, EndOfInputIsQuit) {
    Session s;
    s.engine.send("position startpos");
    s.engine.send("go infinite");
    s.engine.read_for(100ms);
    s.engine.send_raw("sto");
    s.engine.close_input();
    EXPECT_TRUE(s.engine.wait_exit(AT_ONCE));
    const auto rest = s.engine.read_for(300ms); // what was left in the pipe
    EXPECT_EQ(count_starting(rest, "bestmove"), 0) << joined(rest);
}

// Windows GUIs end lines with CR-LF.
TEST(Transcript, CrLfLines) {
    ChildProcess engine(TSUBAME_BINARY);
    engine.send_raw("usi\r\n");
    ASSERT_TRUE(engine.read_until("usiok", SET_UP));
    engine.send_raw("isready\r\n");
    ASSERT_TRUE(engine.read_until("readyok", SET_UP));
    engine.send_raw("setoption name MultiPV value 1\r\nusinewgame\r\n");
    engine.send_raw("position startpos moves 7g7f\r\ngo depth 3\r\n");
    const auto lines = engine.read_until("bestmove", SET_UP);
    ASSERT_TRUE(lines) << joined(engine.last_lines());
    EXPECT_EQ(count_starting(*lines, "info string"), 0) << joined(*lines);
    expect_legal_bestmove("startpos moves 7g7f", lines->back());
}

// Garbage, half-written commands, huge numbers and illegal moves: an `info string` at most,
// and the engine keeps serving.
TEST(Transcript, GarbageKeepsTheEngineServing) {
    Session           s;
    const std::string garbage[] = {
        std::string("\x01\x02\xff\xfe garbage"),
        std::string(20000, 'a'),
        "go perft 99",
        "perft",
        "position",
        "position sfen",
        "position sfen lnsgkgsnl/9 b",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves",
        "position startpos moves 7g7f P*5e",
        "setoption",
        "setoption name",
        "setoption name USI_Hash value banana",
        "setoption name Threads value 99999999999999999999999",
        "setoption name MultiPV value -1",
        "setoption name EnteringKingRule value Nonsense",
        "bench x",
        "stop",
        "ponderhit",
        "gameover",
        "\t \t",
    };
    for (const std::string& line : garbage) {
        s.engine.send(line);
        s.ready(); // only info string lines before readyok, and readyok comes
    }
    s.engine.send("setoption name Threads value 1"); // not the 128 clamped above
    // A go with a missing number still searches (and says what it ignored); stop ends it.
    s.engine.send("position startpos");
    s.engine.send("go btime");
    s.engine.send("stop");
    const auto half = s.engine.read_until("bestmove", AT_ONCE);
    ASSERT_TRUE(half) << joined(s.engine.last_lines());
    EXPECT_EQ(half->front(), "info string warning: btime needs a number; ignored");
    s.expect_no_bestmove(200ms);
    // An illegal move is reported as an error...
    s.engine.send("position startpos moves 7g7f 7g7f");
    s.engine.send("isready");
    const auto lines = s.engine.read_until("readyok", AT_ONCE);
    ASSERT_TRUE(lines);
    EXPECT_TRUE(lines->front().starts_with("info string error")) << joined(*lines);
    // ... and a normal search follows.
    s.engine.send("position startpos moves 7g7f 3c3d");
    const auto reply = s.go("go btime 0 wtime 0 byoyomi 200");
    EXPECT_EQ(count_starting(reply, "bestmove"), 1);
    expect_legal_bestmove("startpos moves 7g7f 3c3d", reply.back());
}

// The first move of a game with a 2 GB hash: every table is made and cleared at isready and
// usinewgame, none on the move's clock, so the answer comes within the byoyomi (the margin,
// NetworkDelay2 at most an eighth of the byoyomi: 125 ms, absorbs the pipe and a busy machine). It
// once took 1004-1041 ms: the mate tables were made inside the first timed go.
TEST(Transcript, FirstMoveOfAGameWithALargeHashIsInTime) {
    Session s;
    s.engine.send("setoption name USI_Hash value 2048");
    s.ready();
    s.engine.send("usinewgame");
    s.engine.send("position startpos");
    const auto start = Clock::now();
    const auto lines = s.go("go btime 0 wtime 0 byoyomi 1000");
    const auto ms    = millis_since(start);
    ASSERT_EQ(count_starting(lines, "bestmove"), 1) << joined(lines);
    EXPECT_LT(ms, 1000) << "the first move overran the byoyomi";
    // And a second game after the first: isready clears, usinewgame has nothing left to do.
    s.ready();
    s.engine.send("usinewgame");
    s.engine.send("position startpos moves 7g7f");
    const auto again = Clock::now();
    (void)s.go("go btime 0 wtime 0 byoyomi 1000");
    EXPECT_LT(millis_since(again), 1000) << "the second game's first move overran the byoyomi";
}

// Checkmated side to move: `bestmove resign`, still exactly one.
TEST(Transcript, NoLegalMoveGivesResign) {
    Session s;
    s.engine.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    const auto lines = s.go("go btime 0 wtime 0 byoyomi 200");
    EXPECT_EQ(lines.back(), "bestmove resign");
    s.expect_no_bestmove(200ms);
}

// A mating move has no legal reply, so no ponder move follows it (usi.md §8.8).
TEST(Transcript, NoPonderMoveAfterAMate) {
    Session           s;
    const std::string spec = "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    s.engine.send("position " + spec);
    const auto lines = s.go("go depth 5");
    EXPECT_EQ(lines.back(), "bestmove G*5b");
    expect_legal_bestmove(spec, lines.back());
}

// Several games' worth of go in a row: one bestmove each, none left over.
TEST(Transcript, OneBestmovePerGo) {
    Session     s;
    std::string spec = "startpos moves";
    for (int i = 0; i < 6; ++i) {
        s.engine.send("position " + spec);
        const auto lines = s.go("go btime 0 wtime 0 byoyomi 100");
        ASSERT_EQ(count_starting(lines, "bestmove"), 1);
        expect_legal_bestmove(spec, lines.back());
        std::istringstream in(lines.back());
        std::string        keyword, move;
        in >> keyword >> move;
        spec += " " + move;
    }
    s.expect_no_bestmove(200ms);
}

// go mate is answered by one checkmate line (with the trailing space GUIs match), never a
// bestmove (usi.md §8.18).
TEST(Transcript, GoMateAnswersWithCheckmate) {
    Session s;
    s.engine.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    s.engine.send("go mate 1000");
    const auto lines = s.engine.read_until("checkmate ", SET_UP);
    ASSERT_TRUE(lines) << joined(s.engine.last_lines());
    EXPECT_EQ(lines->back(), "checkmate G*5b");
    s.expect_no_bestmove(300ms);
}

// The opening book, as a GUI uses it: BookFile read at isready, a book position answered at
// once with the book's line, a malformed book reported while the engine plays on.
TEST(Transcript, OpeningBookAnswersAtOnceAndABadBookIsReported) {
    Session s;
    s.engine.send("setoption name BookFile value " TSUBAME_TEST_DATA "/book.db");
    s.engine.send("setoption name BookEvalDiff value 0");
    s.engine.send("isready");
    auto ready = s.engine.read_until("readyok", SET_UP);
    ASSERT_TRUE(ready);
    EXPECT_EQ(ready->front(), "info string BookFile '" TSUBAME_TEST_DATA
                              "/book.db' loaded: 4 positions, 6 moves; 2 illegal moves left out");
    s.engine.send("usinewgame");
    s.engine.send("position startpos");
    auto lines = s.go("go btime 0 wtime 0 byoyomi 60000", AT_ONCE);
    ASSERT_EQ(lines.size(), 2u) << joined(lines);
    EXPECT_TRUE(lines[0].starts_with("info depth 16 seldepth 16 score cp 50 nodes 0 ")) << lines[0];
    EXPECT_TRUE(lines[0].ends_with(" pv 7g7f 3c3d 8h2b+ 3a2b B*4e 5a4b")) << lines[0];
    EXPECT_EQ(lines[1], "bestmove 7g7f ponder 3c3d");

    // A book with a bad line: the error, then searches as without a book.
    const std::string bad = testing::TempDir() + "tsubame_bad_book_" + std::to_string(getpid());
    std::ofstream(bad) << "#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/"
                          "PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f 3c3d fifty\n";
    s.engine.send("setoption name BookFile value " + bad);
    s.engine.send("isready");
    ready = s.engine.read_until("readyok", SET_UP);
    ASSERT_TRUE(ready);
    EXPECT_EQ(ready->front(), "info string error: BookFile '" + bad
                                  + "': line 3: value 'fifty' is not a number; playing without a "
                                    "book");
    s.engine.send("position startpos");
    lines = s.go("go btime 0 wtime 0 byoyomi 300");
    EXPECT_GE(count_starting(lines, "info depth "), 1) << joined(lines);
    EXPECT_EQ(lines.front().find(" nodes 0 "), std::string::npos) << lines.front();
    expect_legal_bestmove("startpos", lines.back());
    std::remove(bad.c_str());
}

// ---------------------------------------------------------------- the command line

// `tsubame <args>` run to its end: the exit status, the lines of stdout and the text of stderr.
struct CommandLineRun {
    std::optional<int>       status;
    std::vector<std::string> out;
    std::string              err;
};

CommandLineRun run_tsubame(const std::vector<std::string>& args) {
    // ChildProcess reads stdout; a shell sends stderr to a file.
    const std::string err_path =
        testing::TempDir() + "tsubame_cli_stderr_" + std::to_string(getpid());
    std::vector<std::string> argv{"/bin/sh", "-c", "f=$1; shift; exec \"$0\" \"$@\" 2>\"$f\"",
                                  TSUBAME_BINARY, err_path};
    argv.insert(argv.end(), args.begin(), args.end());
    ChildProcess process(argv);
    process.close_input();
    CommandLineRun run;
    run.out = process.read_for(SET_UP); // up to the end of its output
    EXPECT_TRUE(process.at_eof()) << "tsubame " << args.front() << " did not finish";
    EXPECT_TRUE(process.wait_exit(AT_ONCE));
    run.status = process.exit_status();
    std::ifstream      err(err_path);
    std::ostringstream text;
    text << err.rdbuf();
    run.err = text.str();
    std::remove(err_path.c_str());
    return run;
}

// Every tool of the command line (usi/cli.cpp), with the words of its brief in `--help`.
const std::vector<std::pair<std::string, std::string>> TOOLS = {
    {"gensfen", "training games"},     {"games-dump", "game-record shard"},
    {"nnue-data", "training records"}, {"nnue-eval", "net file"},
    {"tsume", "mate solver"},          {"perft-bisect", "move-generator difference"},
    {"perft-check", "perft counts"},   {"match", "two USI engines"},
    {"makebook", "opening book"},
};

TEST(CommandLine, HelpListsTheModesToolsAndUsiCommands) {
    for (const char* flag : {"--help", "-h", "help"}) {
        const CommandLineRun run = run_tsubame({flag});
        EXPECT_EQ(run.status, 0) << flag;
        EXPECT_EQ(run.err, "") << flag;
        const std::string text = joined(run.out);
        EXPECT_NE(text.find("usage: tsubame "), std::string::npos) << text;
        EXPECT_NE(text.find("tsubame bench [depth]"), std::string::npos) << text;
        EXPECT_NE(text.find("tsubame --version"), std::string::npos) << text;
        for (const auto& tool : TOOLS) { // tool.first, with the words tool.second
            const bool listed = std::any_of(run.out.begin(), run.out.end(), [&](const auto& line) {
                return line.starts_with("  " + tool.first + " ")
                    && line.find(tool.second) != std::string::npos;
            });
            EXPECT_TRUE(listed) << tool.first << " with '" << tool.second << "' is missing:\n"
                                << text;
        }
    }
    // The USI commands listed are exactly the ones the loop knows.
    const CommandLineRun  run     = run_tsubame({"--help"});
    const auto            heading = std::find_if(run.out.begin(), run.out.end(),
                                                 [](const auto& l) { return l.starts_with("USI commands"); });
    std::set<std::string> listed;
    ASSERT_NE(heading, run.out.end()) << joined(run.out);
    for (auto it = heading + 1; it != run.out.end(); ++it) {
        std::istringstream in(*it);
        std::string        word;
        in >> word;
        if (it->starts_with("  ") && !it->starts_with("   ")) listed.insert(word);
    }
    const std::set<std::string> known = {"usi",   "isready", "setoption", "usinewgame", "position",
                                         "go",    "perft",   "stop",      "ponderhit",  "gameover",
                                         "bench", "d",       "quit"};
    EXPECT_EQ(listed, known);
    for (const std::string& word : listed) {
        const usi::ParsedCommand parsed  = usi::parse_command(word);
        const auto*              invalid = std::get_if<usi::InvalidCommand>(&parsed.command);
        EXPECT_FALSE(invalid && invalid->message.starts_with("unknown command")) << word;
    }
}

TEST(CommandLine, VersionNamesTheCommitAndTheBuildDate) {
    for (const char* flag : {"--version", "-v"}) {
        const CommandLineRun run = run_tsubame({flag});
        EXPECT_EQ(run.status, 0) << flag;
        EXPECT_EQ(run.err, "") << flag;
        ASSERT_EQ(run.out.size(), 4u) << joined(run.out);
        EXPECT_EQ(run.out[0], usi::ENGINE_NAME); // as `id name` says it
        EXPECT_TRUE(std::regex_match(run.out[1], std::regex("commit ([0-9A-Za-z._-]+|unknown)")))
            << run.out[1];
        EXPECT_TRUE(std::regex_match(run.out[2], std::regex("built 20[0-9]{2}-[01][0-9]-[0-3][0-9] "
                                                            "with (GCC|clang) [0-9.]+")))
            << run.out[2];
        // The evaluation it plays with: the built-in net by its hash (what the engine loads at
        // start).
        const nnue::Network& net = nnue::builtin_network();
        EXPECT_EQ(run.out[3], "eval net " + nnue::hash_name(net.hash) + ": " + net.description);
    }
}

TEST(CommandLine, EveryToolPrintsItsUsage) {
    for (const auto& [tool, brief] : TOOLS) {
        const CommandLineRun run = run_tsubame({tool, "--help"});
        EXPECT_EQ(run.status, 0) << tool;
        EXPECT_EQ(run.err, "") << tool; // no error before the usage
        ASSERT_FALSE(run.out.empty()) << tool;
        EXPECT_TRUE(run.out[0].starts_with("usage: tsubame " + tool + " ")) << run.out[0];
    }
}

// `tsubame makebook`: a book from lines of moves, which the engine then plays from.
TEST(CommandLine, MakebookWritesABookTheEngineReads) {
    const std::string dir   = testing::TempDir();
    const std::string lines = dir + "tsubame_makebook_lines_" + std::to_string(getpid());
    const std::string book  = dir + "tsubame_makebook_book_" + std::to_string(getpid()) + ".db";
    std::ofstream(lines) << "startpos moves 7g7f 3c3d\nstartpos moves 2g2f\n";
    const CommandLineRun run =
        run_tsubame({"makebook", lines, book, "--plies", "2", "--depth", "3", "--hash", "8"});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(joined(run.out).find("makebook: 3 positions from 2 lines"), std::string::npos)
        << joined(run.out);
    std::ifstream      file(book);
    std::ostringstream text;
    text << file.rdbuf();
    EXPECT_TRUE(text.str().starts_with("#YANEURAOU-DB2016 1.00\nsfen ")) << text.str();

    Session s;
    s.engine.send("setoption name BookFile value " + book);
    s.engine.send("isready");
    const auto ready = s.engine.read_until("readyok", SET_UP);
    ASSERT_TRUE(ready);
    EXPECT_EQ(ready->front(), "info string BookFile '" + book + "' loaded: 3 positions, 3 moves");
    s.engine.send("position startpos moves 2g2f");
    const auto answer = s.go("go btime 0 wtime 0 byoyomi 60000", AT_ONCE);
    ASSERT_EQ(answer.size(), 2u) << joined(answer);
    EXPECT_NE(answer[0].find(" depth 3 seldepth 3 "), std::string::npos) << answer[0];
    expect_legal_bestmove("startpos moves 2g2f", answer[1]);

    EXPECT_EQ(run_tsubame({"makebook", lines}).status, 2) << "no output file";
    EXPECT_EQ(run_tsubame({"makebook", lines, book, "--depth", "x"}).status, 2);
    std::remove(lines.c_str());
    std::remove(book.c_str());
}

// `tsubame gensfen --eval-file`: a net labels the games (each net teaches the next one); a bad
// file is refused by name before any game.
TEST(CommandLine, GensfenPlaysWithTheNetOfEvalFile) {
    const std::string dir   = testing::TempDir() + "tsubame_gensfen_" + std::to_string(getpid());
    const std::string net   = dir + ".nnue";
    const std::string bytes = nnue::write_network(*nnue::random_network(5));
    std::ofstream(net, std::ios::binary) << bytes;
    auto shard_of = [&](const std::vector<std::string>& extra) {
        std::vector<std::string> args{"gensfen", "--out", dir + ".games", "--games", "2",
                                      "--nodes", "300",   "--seed",       "3",       "--max-plies",
                                      "40"};
        args.insert(args.end(), extra.begin(), extra.end());
        const CommandLineRun run = run_tsubame(args);
        EXPECT_EQ(run.status, 0) << run.err;
        std::ifstream      file(dir + ".games", std::ios::binary);
        std::ostringstream text;
        text << file.rdbuf();
        // The shard's bytes (its header names the teacher) and its labelled positions.
        return std::pair{text.str(), run_tsubame({"games-dump", dir + ".games"}).out};
    };
    // Without --eval-file: the built-in net.
    const auto [by_default, default_positions] = shard_of({});
    const auto [by_net, net_positions]         = shard_of({"--eval-file", net});
    EXPECT_EQ(by_default.find("--eval-file"), std::string::npos);
    EXPECT_NE(by_default.find(" (the built-in net "), std::string::npos);
    // The provenance names the net by its file's base name and hash, not by its path.
    const auto read = std::make_unique<nnue::Network>();
    ASSERT_TRUE(nnue::read_network(bytes, *read).ok());
    const std::string base = net.substr(net.find_last_of('/') + 1);
    EXPECT_NE(by_net.find("--eval-file " + base + " (net " + nnue::hash_name(read->hash) + ": "),
              std::string::npos)
        << "provenance";
    EXPECT_EQ(by_net.find(testing::TempDir()), std::string::npos) << "a path in the provenance";
    EXPECT_FALSE(net_positions.empty());
    EXPECT_NE(default_positions, net_positions) << "the same games with and without the net";

    std::ofstream(net, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
    for (const std::string& bad : {net, dir + ".missing"}) {
        const CommandLineRun run =
            run_tsubame({"gensfen", "--out", dir + ".bad", "--games", "1", "--eval-file", bad});
        EXPECT_EQ(run.status, 1);
        EXPECT_TRUE(run.err.starts_with("gensfen: ")) << run.err;
        EXPECT_NE(run.err.find("--eval-file '" + bad + "'"), std::string::npos) << run.err;
        EXPECT_FALSE(std::ifstream(dir + ".bad.part")) << "no shard begun";
    }
    for (const char* suffix : {".nnue", ".games"})
        std::remove((dir + suffix).c_str());
}

// `gensfen --openings`: each game starts with a book line drawn by the seed (its moves recorded
// without a score), and the random moves come after it; a bad line is refused by number.
TEST(CommandLine, GensfenStartsGamesFromBookLines) {
    const std::string dir = testing::TempDir() + "tsubame_book_" + std::to_string(getpid());
    const std::string sfen_line =
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    std::ofstream(dir + ".sfen") << "# two lines\n"
                                 << "startpos moves 7g7f 3c3d 2g2f 8c8d\n\n"
                                 << "position sfen " << sfen_line << " moves 8c8d 2g2f\n";
    const std::vector<std::vector<std::string>> book{{"7g7f", "3c3d", "2g2f", "8c8d"},
                                                     {"8c8d", "2g2f"}};
    const CommandLineRun                        run =
        run_tsubame({"gensfen", "--out", dir + ".games", "--games", "6", "--nodes", "300", "--seed",
                     "2", "--max-plies", "30", "--random-moves", "1", "--random-max-ply", "1",
                     "--openings", dir + ".sfen"});
    ASSERT_EQ(run.status, 0) << run.err;
    std::ifstream in(dir + ".games", std::ios::binary);
    std::string   provenance, error;
    ASSERT_TRUE(read_game_file_header(in, provenance).ok());
    const std::string base = dir.substr(dir.find_last_of('/') + 1);
    EXPECT_NE(provenance.find(" --openings " + base + ".sfen (2 lines)"), std::string::npos)
        << provenance;
    Game       startpos;
    GameRecord game;
    int        games = 0, from_sfen = 0;
    while (read_game(in, game, error)) {
        ++games;
        const bool second = game.start_sfen != startpos.start_sfen();
        from_sfen += second;
        if (second) {
            EXPECT_EQ(game.start_sfen, sfen_line);
        }
        const std::vector<std::string>& moves = book[second];
        ASSERT_GT(game.plies.size(), moves.size() + 2);
        Game replay;
        ASSERT_TRUE(replay.set_sfen(game.start_sfen).ok());
        for (size_t i = 0; i < moves.size(); ++i) {
            EXPECT_EQ(to_usi(generated_move_from16(replay.position(), game.plies[i].move16)),
                      moves[i]);
            EXPECT_EQ(game.plies[i].score, NO_SCORE) << "a book move with a score";
            ASSERT_TRUE(replay.play(moves[i]).ok());
        }
        EXPECT_EQ(game.plies[moves.size()].score, NO_SCORE) << "the random move, after the book";
        EXPECT_NE(game.plies[moves.size() + 1].score, NO_SCORE) << "a searched move";
    }
    EXPECT_TRUE(error.empty()) << error;
    EXPECT_EQ(games, 6);
    EXPECT_GT(from_sfen, 0) << "the second line was never drawn";
    EXPECT_LT(from_sfen, 6) << "the first line was never drawn";

    std::ofstream(dir + ".sfen") << "startpos moves 7g7f\nstartpos moves 7g7f 7g7f\n";
    const CommandLineRun bad =
        run_tsubame({"gensfen", "--out", dir + ".bad", "--openings", dir + ".sfen"});
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find(".sfen' line 2: "), std::string::npos) << bad.err;
    EXPECT_FALSE(std::ifstream(dir + ".bad.part")) << "no shard begun";
    for (const char* suffix : {".sfen", ".games"})
        std::remove((dir + suffix).c_str());
}

// `gensfen --eval-limit 0`: no game is adjudicated by its score; each is played on to mate,
// declaration, repetition or the ply limit, through the same moves as far as the adjudicated
// game went.
TEST(CommandLine, GensfenWithoutEvalLimitPlaysGamesToTheirEnd) {
    const std::string dir   = testing::TempDir() + "tsubame_to_end_" + std::to_string(getpid());
    auto              games = [&](const std::string& eval_limit) {
        const std::string    path = dir + "-" + eval_limit + ".games";
        const CommandLineRun run =
            run_tsubame({"gensfen", "--out", path, "--games", "4", "--nodes", "300", "--seed", "6",
                         "--max-plies", "400", "--eval-limit", eval_limit});
        EXPECT_EQ(run.status, 0) << run.err;
        std::ifstream           in(path, std::ios::binary);
        std::string             provenance, error;
        std::vector<GameRecord> out;
        EXPECT_TRUE(read_game_file_header(in, provenance).ok());
        EXPECT_NE(provenance.find(" --eval-limit " + eval_limit + " "), std::string::npos);
        for (GameRecord g; read_game(in, g, error);)
            out.push_back(g);
        EXPECT_TRUE(error.empty()) << error;
        std::remove(path.c_str());
        return out;
    };
    const std::vector<GameRecord> adjudicated = games("1000");
    const std::vector<GameRecord> played      = games("0");
    ASSERT_EQ(adjudicated.size(), 4u);
    ASSERT_EQ(played.size(), 4u);
    for (size_t i = 0; i < played.size(); ++i) {
        EXPECT_NE(played[i].end, GameEnd::EVAL_LIMIT) << "game " << i;
        const bool decided = played[i].end == GameEnd::MATED
                          || played[i].end == GameEnd::DECLARATION
                          || played[i].end == GameEnd::PERPETUAL_CHECK;
        EXPECT_EQ(played[i].black_result != 0, decided) << "game " << i;
    }
    // The games before the first adjudicated one, and that one up to its cut, ran the same
    // searches (the table and histories carry over from game to game), so made the same moves.
    const auto cut = std::ranges::find(adjudicated, GameEnd::EVAL_LIMIT, &GameRecord::end);
    ASSERT_NE(cut, adjudicated.end()) << "no game reached the score limit of 1000";
    const size_t i = size_t(cut - adjudicated.begin());
    ASSERT_GT(played[i].plies.size(), cut->plies.size());
    for (size_t p = 0; p < cut->plies.size(); ++p)
        ASSERT_EQ(played[i].plies[p].move16, cut->plies[p].move16) << "ply " << p;
}

// `tsubame rescore`: the same games, the positions nnue-data keeps labelled again by a deeper
// search, the others unlabelled, as a label file of 2 bytes a ply read with its source; the same
// bytes every time; a bad shard is refused by name, and so are labels read against another
// shard.
TEST(CommandLine, RescoreLabelsAShardAgainWithADeeperSearch) {
    const std::string    dir = testing::TempDir() + "tsubame_rescore_" + std::to_string(getpid());
    const CommandLineRun played =
        run_tsubame({"gensfen", "--out", dir + ".games", "--games", "2", "--nodes", "300", "--seed",
                     "4", "--max-plies", "60"});
    ASSERT_EQ(played.status, 0) << played.err;
    auto rescore = [&](const std::string& out) {
        return run_tsubame(
            {"rescore", "--in", dir + ".games", "--out", out, "--nodes", "3000", "--min-ply", "8"});
    };
    auto bytes_of = [](const std::string& path) {
        std::ifstream      file(path, std::ios::binary);
        std::ostringstream text;
        text << file.rdbuf();
        return text.str();
    };
    const CommandLineRun run = rescore(dir + ".r1");
    ASSERT_EQ(run.status, 0) << run.err;
    ASSERT_EQ(rescore(dir + ".r2").status, 0);
    const std::string rescored = bytes_of(dir + ".r1");
    EXPECT_EQ(rescored, bytes_of(dir + ".r2")) << "not deterministic";
    EXPECT_NE(rescored.find("tsubame rescore --nodes 3000 --min-ply 8 (the built-in net "),
              std::string::npos);
    EXPECT_NE(rescored.find("; of: tsubame gensfen --games 2 --nodes 300 --seed 4 "),
              std::string::npos)
        << "the source's provenance";

    // A run cut short resumes from its .part: the games written whole are kept, the one cut
    // mid-way is labelled again, and the bytes are those of a whole run. A .part of another
    // run (here: not a shard at all) is started over.
    auto write_file = [](const std::string& path, const std::string& bytes) {
        std::ofstream(path, std::ios::binary) << bytes;
    };
    write_file(dir + ".r3.part", rescored.substr(0, rescored.size() - 5));
    const CommandLineRun resumed = rescore(dir + ".r3");
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("resuming " + dir + ".r3.part, 1 games kept"), std::string::npos)
        << resumed.err;
    EXPECT_EQ(bytes_of(dir + ".r3"), rescored) << "a resumed run differs from a whole one";
    write_file(dir + ".r4.part", "not a shard");
    ASSERT_EQ(rescore(dir + ".r4").status, 0);
    EXPECT_EQ(bytes_of(dir + ".r4"), rescored);

    // Beside the header, 2 bytes a ply and 2 a game: no copy of the games.
    {
        std::ifstream   labels(dir + ".r1", std::ios::binary);
        LabelFileHeader header;
        ASSERT_TRUE(read_label_file_header(labels, header).ok());
        EXPECT_EQ(header.source_path, dir.substr(dir.find_last_of('/') + 1) + ".games");
        const std::streamoff header_bytes = labels.tellg();
        ShardReader          source;
        ASSERT_TRUE(source.open(dir + ".games").ok());
        GameRecord  game;
        std::string error;
        size_t      expected = 0;
        while (source.next(game, error))
            expected += 2 + 2 * game.plies.size();
        EXPECT_EQ(rescored.size() - size_t(header_bytes), expected);
    }

    // games-dump: SFEN, move, score, result per labelled position.
    const std::vector<std::string> before = run_tsubame({"games-dump", dir + ".games"}).out;
    const std::vector<std::string> after  = run_tsubame({"games-dump", dir + ".r1"}).out;
    ASSERT_FALSE(after.empty());
    EXPECT_LT(after.size(), before.size()) << "the opening plies are no labels";
    auto position_and_move = [](const std::string& line) {
        const size_t second_tab = line.find('\t', line.find('\t') + 1);
        return line.substr(0, second_tab);
    };
    std::set<std::string>              played_positions;
    std::map<std::string, std::string> old_label;
    for (const std::string& line : before) {
        played_positions.insert(position_and_move(line));
        old_label[position_and_move(line)] = line;
    }
    int changed = 0;
    for (const std::string& line : after) {
        const std::string key = position_and_move(line);
        EXPECT_TRUE(played_positions.count(key))
            << "not a position and move of the games: " << line;
        const std::string sfen = key.substr(0, key.find('\t'));
        EXPECT_GE(std::stoi(sfen.substr(sfen.find_last_of(' ') + 1)), 8) << line;
        changed += old_label[key] != line;
    }
    EXPECT_GT(changed, 0) << "no score changed with 10 times the nodes";

    // The labels of other games are refused: a source shard played again with another seed,
    // then no source at all.
    ASSERT_EQ(run_tsubame({"gensfen", "--out", dir + ".games", "--games", "2", "--nodes", "300",
                           "--seed", "5", "--max-plies", "60"})
                  .status,
              0);
    const CommandLineRun other = run_tsubame({"games-dump", dir + ".r1"});
    EXPECT_EQ(other.status, 1);
    EXPECT_NE(other.err.find("is not the shard these labels were made from"), std::string::npos)
        << other.err;
    std::remove((dir + ".games").c_str());
    const CommandLineRun no_source = run_tsubame({"nnue-data", "--out", dir + ".bin", dir + ".r1"});
    EXPECT_EQ(no_source.status, 1);
    EXPECT_NE(no_source.err.find("cannot open " + dir + ".games"), std::string::npos)
        << no_source.err;

    const CommandLineRun missing =
        run_tsubame({"rescore", "--in", dir + ".missing", "--out", dir + ".bad"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(missing.err.starts_with("rescore: cannot open ")) << missing.err;
    EXPECT_FALSE(std::ifstream(dir + ".bad.part")) << "no output begun";
    EXPECT_EQ(
        run_tsubame({"rescore", "--in", dir + ".games", "--out", dir + ".bad", "--nodes", "x"})
            .status,
        2);
    for (const char* suffix : {".games", ".r1", ".r2", ".r3", ".r4", ".bin"})
        std::remove((dir + suffix).c_str());
}

// `nnue-data --leaf` keeps every label not in check, each at the end of its capture line, and
// `rescore --every-ply` labels those positions too.
TEST(CommandLine, LeafRecordsKeepThePositionsWithCapturesPending) {
    const std::string    dir = testing::TempDir() + "tsubame_leaf_" + std::to_string(getpid());
    const CommandLineRun played =
        run_tsubame({"gensfen", "--out", dir + ".games", "--games", "2", "--nodes", "300", "--seed",
                     "6", "--max-plies", "80"});
    ASSERT_EQ(played.status, 0) << played.err;
    auto lines_of = [](const std::string& path) {
        std::ifstream            in(path);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        return lines;
    };
    auto records = [&](const std::string& shard, bool leaf) {
        std::vector<std::string> args{"nnue-data",    "--out",     dir + ".bin", "--sfens",
                                      dir + ".sfens", "--min-ply", "8"};
        if (leaf) args.push_back("--leaf");
        args.push_back(shard);
        const CommandLineRun run = run_tsubame(args);
        EXPECT_EQ(run.status, 0) << run.err;
        return lines_of(dir + ".sfens");
    };
    const std::vector<std::string> quiet = records(dir + ".games", false);
    const std::vector<std::string> leaf  = records(dir + ".games", true);
    EXPECT_GT(leaf.size(), quiet.size()) << "no position with a capture pending kept";
    const std::set<std::string> played_positions(quiet.begin(), quiet.end());
    int                         moved = 0;
    for (const std::string& sfen : leaf) {
        Game game;
        ASSERT_TRUE(game.set_sfen(sfen).ok()) << sfen;
        EXPECT_FALSE(game.position().in_check()) << sfen;
        moved += !played_positions.count(sfen);
    }
    EXPECT_GT(moved, 0) << "no record at the end of a capture line";

    auto labels = [&](const std::vector<std::string>& extra) {
        std::vector<std::string> args{"rescore", "--in", dir + ".games", "--out", dir + ".l",
                                      "--nodes", "500",  "--min-ply",    "8"};
        args.insert(args.end(), extra.begin(), extra.end());
        EXPECT_EQ(run_tsubame(args).status, 0);
        return run_tsubame({"games-dump", dir + ".l"}).out.size();
    };
    EXPECT_GT(labels({"--every-ply"}), labels({}));
    for (const char* suffix : {".games", ".bin", ".sfens", ".l"})
        std::remove((dir + suffix).c_str());
}

TEST(CommandLine, UnknownArgumentsFailWithAMessage) {
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"--frobnicate"},
                                               {"-x"},
                                               {"frobnicate", "now"},
                                               {"bench", "deep"},
                                               {"perft", "99"},
                                               {"perft", "3", "sfen", "not-a-position"}}) {
        const CommandLineRun run = run_tsubame(args);
        EXPECT_EQ(run.status, 2) << args.front();
        EXPECT_TRUE(run.out.empty()) << joined(run.out); // nothing on stdout, no info string
        EXPECT_TRUE(run.err.starts_with("tsubame: ")) << run.err;
        EXPECT_NE(run.err.find("tsubame --help"), std::string::npos) << run.err;
    }
    EXPECT_NE(run_tsubame({"--frobnicate"}).err.find("unknown option '--frobnicate'"),
              std::string::npos);
    EXPECT_NE(
        run_tsubame({"frobnicate"}).err.find("'frobnicate' is neither a tool nor a USI command"),
        std::string::npos);
}

TEST(CommandLine, OneUsiCommandRunsAndExits) {
    CommandLineRun run = run_tsubame({"perft", "2"});
    EXPECT_EQ(run.status, 0);
    EXPECT_NE(joined(run.out).find("\nNodes searched: 900\n"), std::string::npos)
        << joined(run.out);
    run = run_tsubame({"perft", "1", "startpos", "moves", "7g7f"});
    EXPECT_EQ(run.status, 0);
    EXPECT_NE(joined(run.out).find("\nNodes searched: 30\n"), std::string::npos) << joined(run.out);
    run = run_tsubame({"usi"});
    EXPECT_EQ(run.status, 0);
    ASSERT_FALSE(run.out.empty());
    EXPECT_EQ(run.out.front(), std::string("id name ") + usi::ENGINE_NAME);
    EXPECT_EQ(run.out.back(), "usiok");
}

} // namespace
} // namespace tsubame::test
