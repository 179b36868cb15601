// The match runner (tsubame match): the arbiter's adjudications on positions, the clock, the
// statistics on known inputs (values from shared/tools/match/lib/stats.mjs), the CSA record,
// and whole games against the fake engines of tests/fake/fake_engine.cpp.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "match/arbiter.h"
#include "match/clock.h"
#include "match/engine.h"
#include "match/game.h"
#include "match/options.h"
#include "match/record.h"
#include "match/runner.h"
#include "match/stats.h"

namespace tsubame::usi {

namespace {

// Plays moves through the arbiter; fails on the first that ends the game unexpectedly.
Outcome play_all(Arbiter& arbiter, std::initializer_list<const char*> moves) {
    Outcome o;
    for (const char* m : moves) {
        EXPECT_FALSE(o.over()) << "game over before " << m;
        o = arbiter.on_bestmove(m);
    }
    return o;
}

// Black drops a gold on 1b: mate (the pawn on 1c guards 1b).
constexpr const char* kMateInOne = "sfen 8k/9/8P/9/9/9/9/9/4K4 b G 1";
// Black rook checks from 9a and 9b in turn while the White king steps 1a <-> 1b.
constexpr const char* kPerpetual = "sfen 8k/R8/9/9/9/9/9/9/4K4 b - 1";
// 28 declaration points for Black, king in the camp, ten pieces there (declaration_test).
constexpr const char* kBlack28 = "sfen 5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2LPrb2g2s2n2l8p 1";
constexpr const char* kBlack24 = "sfen 5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBGSNLrb2g3s3n3l9p 1";

} // namespace

// ---------------------------------------------------------------- arbiter

TEST(MatchArbiter, PositionCommandCarriesTheWholeGame) {
    Arbiter a(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(a.start("startpos moves 7g7f").ok());
    EXPECT_EQ(a.position_command(), "position startpos moves 7g7f");
    EXPECT_FALSE(a.on_bestmove("3c3d").over());
    EXPECT_EQ(a.position_command(), "position startpos moves 7g7f 3c3d");
    Arbiter b(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(b.start("position sfen 8k/9/8P/9/9/9/9/9/4K4 b G 1").ok());
    EXPECT_EQ(b.position_command(), "position sfen 8k/9/8P/9/9/9/9/9/4K4 b G 1");
}

TEST(MatchArbiter, IllegalMoveLosesForTheMover) {
    Arbiter a(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(a.start("startpos").ok());
    for (const char* bad : {"1a1a", "7g7e", "P*5e", "7g7f+", "", "7g7fx"}) {
        const Outcome o = a.on_bestmove(bad);
        EXPECT_EQ(o.reason, Termination::ILLEGAL_MOVE) << bad;
        EXPECT_EQ(o.winner, WHITE) << bad;
        EXPECT_NE(o.detail.find("sfen"), std::string::npos) << o.detail;
    }
    EXPECT_EQ(a.plies(), 0); // nothing was played
}

TEST(MatchArbiter, CheckmateWinsAndCountsEvenOnTheLastAllowedMove) {
    Arbiter a(EnteringKingRule::CSA27, 1);
    ASSERT_TRUE(a.start(kMateInOne).ok());
    const Outcome o = a.on_bestmove("G*1b");
    EXPECT_EQ(o.reason, Termination::CHECKMATE);
    EXPECT_EQ(o.winner, BLACK);
}

TEST(MatchArbiter, ResignLoses) {
    Arbiter a(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(a.start("startpos moves 7g7f").ok());
    const Outcome o = a.on_bestmove("resign");
    EXPECT_EQ(o.reason, Termination::RESIGN);
    EXPECT_EQ(o.winner, BLACK);
}

TEST(MatchArbiter, FourfoldRepetitionIsADraw) {
    Arbiter a(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(a.start("startpos").ok());
    Outcome o;
    for (int cycle = 0; cycle < 3; ++cycle) {
        EXPECT_FALSE(o.over());
        o = play_all(a, {"5i5h", "5a5b", "5h5i", "5b5a"});
    }
    EXPECT_EQ(o.reason, Termination::REPETITION);
    EXPECT_FALSE(o.winner.has_value());
    EXPECT_EQ(a.plies(), 12);
}

TEST(MatchArbiter, PerpetualCheckLosesForTheChecker) {
    Arbiter a(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(a.start(kPerpetual).ok());
    Outcome o;
    for (int cycle = 0; cycle < 3; ++cycle) {
        EXPECT_FALSE(o.over());
        o = play_all(a, {"9b9a", "1a1b", "9a9b", "1b1a"});
    }
    EXPECT_EQ(o.reason, Termination::PERPETUAL_CHECK);
    EXPECT_EQ(o.winner, WHITE);
    // The same cycle from White's side: the fourth occurrence comes with White to move, and
    // still the checker (Black) loses.
    Arbiter b(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(b.start("sfen R7k/9/9/9/9/9/9/9/4K4 w - 1").ok());
    o = Outcome{};
    for (int cycle = 0; cycle < 3; ++cycle) {
        EXPECT_FALSE(o.over());
        o = play_all(b, {"1a1b", "9a9b", "1b1a", "9b9a"});
    }
    EXPECT_EQ(b.side_to_move(), WHITE);
    EXPECT_EQ(o.reason, Termination::PERPETUAL_CHECK);
    EXPECT_EQ(o.winner, WHITE);
}

TEST(MatchArbiter, DeclarationJudgedByTheRule) {
    Arbiter valid(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(valid.start(kBlack28).ok());
    Outcome o = valid.on_bestmove("win");
    EXPECT_EQ(o.reason, Termination::DECLARATION_WIN);
    EXPECT_EQ(o.winner, BLACK);

    Arbiter false_claim(EnteringKingRule::CSA27, 0);
    ASSERT_TRUE(false_claim.start("startpos moves 7g7f").ok());
    o = false_claim.on_bestmove("win");
    EXPECT_EQ(o.reason, Termination::INVALID_DECLARATION);
    EXPECT_EQ(o.winner, BLACK); // White declared falsely

    Arbiter jishogi(EnteringKingRule::CSA24, 0);
    ASSERT_TRUE(jishogi.start(kBlack24).ok());
    o = jishogi.on_bestmove("win");
    EXPECT_EQ(o.reason, Termination::DECLARATION_DRAW);
    EXPECT_FALSE(o.winner.has_value());

    Arbiter none(EnteringKingRule::NONE, 0);
    ASSERT_TRUE(none.start(kBlack28).ok());
    EXPECT_EQ(none.on_bestmove("win").reason, Termination::INVALID_DECLARATION);
}

TEST(MatchArbiter, MoveLimitCountsOpeningMovesAndDraws) {
    Arbiter a(EnteringKingRule::CSA27, 4);
    ASSERT_TRUE(a.start("startpos moves 7g7f 3c3d").ok());
    EXPECT_FALSE(a.on_bestmove("2g2f").over());
    const Outcome o = a.on_bestmove("8c8d");
    EXPECT_EQ(o.reason, Termination::MAX_MOVES);
    EXPECT_FALSE(o.winner.has_value());
}

TEST(MatchOpenings, LoadsLinesAndRejectsBadOnes) {
    std::string        error;
    std::istringstream good("# comment\nstartpos moves 7g7f 3c3d\n\nposition sfen "
                            + std::string(kMateInOne + 5) + "\r\n");
    const auto         openings = load_openings(good, EnteringKingRule::CSA27, error);
    ASSERT_TRUE(openings) << error;
    EXPECT_EQ(openings->size(), 2u);
    std::istringstream illegal("startpos\nstartpos moves 7g7f 7g7f\n");
    EXPECT_FALSE(load_openings(illegal, EnteringKingRule::CSA27, error));
    EXPECT_NE(error.find("line 2"), std::string::npos) << error;
    std::istringstream finished("sfen 8k/9/8P/9/9/9/9/9/4K4 b G 1 moves G*1b\n");
    EXPECT_FALSE(load_openings(finished, EnteringKingRule::CSA27, error));
    EXPECT_NE(error.find("checkmate"), std::string::npos) << error;
}

// ---------------------------------------------------------------- options and clock

TEST(MatchOptionsTest, ParsesFlagsAndDefaults) {
    std::string error;
    const auto o = parse_match_options({"--engine1", "a x", "--engine2", "b", "--opt1", "Threads=2",
                                        "--opt1", "USI_Hash=64", "--games", "10", "--time", "1000",
                                        "--inc", "100", "--sprt", "0,5", "--seed", "7"},
                                       error);
    ASSERT_TRUE(o) << error;
    EXPECT_EQ(o->engine[0], "a x");
    ASSERT_EQ(o->options[0].size(), 2u);
    EXPECT_EQ(o->options[0][1].second, "64");
    EXPECT_EQ(o->tc.margin_ms, 1000);
    EXPECT_EQ(o->max_moves, 512);
    EXPECT_EQ(o->rule, EnteringKingRule::CSA27);
    ASSERT_TRUE(o->sprt);
    EXPECT_DOUBLE_EQ(o->sprt->alpha, 0.05);
    EXPECT_EQ(o->seed, 7u);
    EXPECT_FALSE(parse_match_options({"--engine1", "a", "--engine2", "b"}, error));
    EXPECT_NE(error.find("time control"), std::string::npos);
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--byoyomi", "100", "--inc", "10"}, error));
    EXPECT_FALSE(parse_match_options({"--engine1", "a", "--engine2", "b", "--nodes", "x"}, error));
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--nodes", "1", "--sprt", "5,0"}, error));
    const auto rule = parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--depth", "3", "--entering-king-rule", "CSARule24"},
        error);
    ASSERT_TRUE(rule) << error;
    EXPECT_EQ(rule->rule, EnteringKingRule::CSA24);
}

TEST(MatchClockTest, ByoyomiFischerSuddenDeathAndNodes) {
    TimeControl byoyomi;
    byoyomi.time_ms    = 1000;
    byoyomi.byoyomi_ms = 500;
    MatchClock c(byoyomi);
    EXPECT_EQ(c.go_command(), "go btime 1000 wtime 1000 byoyomi 500");
    EXPECT_EQ(c.allowed_ms(BLACK), 1500);
    EXPECT_EQ(c.deadline_ms(BLACK), 2500);
    EXPECT_TRUE(c.charge(BLACK, 1200));
    EXPECT_EQ(c.remaining_ms(BLACK), 0);
    EXPECT_EQ(c.go_command(), "go btime 0 wtime 1000 byoyomi 500");
    EXPECT_FALSE(c.charge(BLACK, 1501 + 1000)); // past byoyomi + margin

    TimeControl fischer;
    fischer.time_ms = 1000;
    fischer.inc_ms  = 100;
    MatchClock f(fischer);
    EXPECT_EQ(f.go_command(), "go btime 1000 wtime 1000 binc 100 winc 100");
    EXPECT_EQ(f.allowed_ms(WHITE), 1100); // the increment counts for this move (usi.md §6)
    EXPECT_TRUE(f.charge(WHITE, 300));
    EXPECT_EQ(f.remaining_ms(WHITE), 800);

    TimeControl sudden;
    sudden.time_ms = 2000;
    EXPECT_EQ(MatchClock(sudden).go_command(), "go btime 2000 wtime 2000 byoyomi 0");

    TimeControl nodes;
    nodes.nodes = 1000;
    MatchClock n(nodes);
    EXPECT_EQ(n.go_command(), "go nodes 1000");
    EXPECT_EQ(n.deadline_ms(BLACK), nodes.move_timeout_ms);
    TimeControl depth;
    depth.depth = 3;
    EXPECT_EQ(MatchClock(depth).go_command(), "go depth 3");
}

// ---------------------------------------------------------------- statistics

TEST(MatchStats, EloIntervalAndLosOnKnownInputs) {
    // Reference values: shared/tools/match/lib/stats.mjs (eloEstimate) on the same W/D/L.
    auto e = estimate_elo({6, 2, 2});
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->score, 0.7, 1e-12);
    EXPECT_NEAR(e->elo, 147.19071411783776, 1e-9);
    EXPECT_NEAR(e->low, -33.39935000168885, 1e-9);
    EXPECT_NEAR(e->high, 504.03329224498987, 1e-9);
    EXPECT_NEAR(e->los, 0.921350344873795, 1e-6); // the Node runner's erf is approximate
    e = estimate_elo({10, 20, 5});
    EXPECT_NEAR(e->elo, 49.975494643319976, 1e-9);
    EXPECT_NEAR(e->low, -23.94106742935957, 1e-9);
    EXPECT_NEAR(e->high, 128.75841342651847, 1e-9);
    EXPECT_NEAR(e->los, 0.9016471304925029, 1e-6);
    e = estimate_elo({3, 0, 0});
    EXPECT_TRUE(std::isinf(e->elo));
    EXPECT_EQ(format_elo(e), "+inf");
    EXPECT_EQ(format_elo(estimate_elo({0, 4, 0})), "+0.0 +/- 0.0");
    EXPECT_FALSE(estimate_elo({0, 0, 0}));
}

TEST(MatchStats, SprtOnKnownInputs) {
    EXPECT_NEAR(sprt_llr({6, 2, 2}, 0, 5), 0.08832073383814437, 1e-9);
    EXPECT_NEAR(sprt_llr({10, 20, 5}, -5, 5), 0.3525590037435168, 1e-9);
    EXPECT_NEAR(sprt_llr({3, 0, 0}, 0, 5), 0.09643471886139444, 1e-9); // no variance yet
    SprtParams p;
    EXPECT_NEAR(sprt_lower_bound(p), -2.9444389791664403, 1e-12);
    EXPECT_NEAR(sprt_upper_bound(p), 2.9444389791664403, 1e-12);
    p.beta = 0.1;
    EXPECT_NEAR(sprt_lower_bound(p), -2.251291798606495, 1e-12);
    p = SprtParams{};
    EXPECT_EQ(sprt_decision({10, 20, 5}, p), "");
    EXPECT_EQ(sprt_decision({300, 0, 100}, p), "H1");
    EXPECT_EQ(sprt_decision({100, 0, 300}, p), "H0");
}

// ---------------------------------------------------------------- record

TEST(MatchRecord, CsaMovesAndFile) {
    Game game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").ok());
    std::vector<std::string> csa;
    for (Move m : game.moves())
        csa.push_back(to_csa(m));
    EXPECT_EQ(csa,
              (std::vector<std::string>{"+7776FU", "-3334FU", "+8822UM", "-3122GI", "+0045KA"}));
    GameResult g;
    g.setup.opening = "startpos moves 7g7f";
    g.start_sfen    = std::string(Position::START_SFEN);
    g.opening_moves = {game.moves()[0]};
    g.moves         = {{game.moves()[1], 1234, 7, "cp 30"}};
    g.names         = {"Alpha", "Beta"};
    g.outcome       = {Termination::RESIGN, WHITE, ""};
    g.final_sfen    = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    MatchOptions options;
    options.tc.byoyomi_ms = 10000;
    std::ostringstream out;
    write_csa(g, options, out);
    const std::string text = out.str();
    EXPECT_TRUE(text.starts_with("V2.2\nN+Alpha\nN-Beta\n")) << text;
    EXPECT_NE(text.find("\nPI\n+\n+7776FU\nT0\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\n-3334FU\nT1\n'time 1234 ms, depth 7, score cp 30\n%TORYO\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("$TIME_LIMIT:00:00+10"), std::string::npos) << text;

    // A position that is not the standard one is written square by square, with hands.
    g.start_sfen = "8k/9/8P/9/9/9/9/9/4K4 b G 1";
    g.opening_moves.clear();
    g.moves.clear();
    g.outcome    = {Termination::ILLEGAL_MOVE, WHITE, "engine1 played 1a1a"};
    g.final_sfen = g.start_sfen;
    out.str("");
    write_csa(g, options, out);
    EXPECT_NE(out.str().find("P1 *  *  *  *  *  *  *  * -OU\n"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("P+00KI\n+\n%ILLEGAL_MOVE\n"), std::string::npos) << out.str();
}

// ---------------------------------------------------------------- games against fake engines

namespace {

std::string fake(const std::string& mode) {
    return std::string(FAKE_ENGINE) + " " + mode;
}

// A short byoyomi with a wide margin: the fake engines' timing (a late answer, an answer in
// the margin) stays clear of the limits on a busy machine.
MatchOptions fast_options() {
    MatchOptions o;
    o.tc.byoyomi_ms    = 100;
    o.tc.margin_ms     = 1000;
    o.max_moves        = 40;
    o.usi_timeout_ms   = 2000;
    o.ready_timeout_ms = 2000;
    return o;
}

// One game: engine 1 (`mode1`) plays Black against engine 2 (`mode2`).
GameResult one_game(const std::string& mode1, const std::string& mode2,
                    const MatchOptions& options = fast_options(),
                    const char*         opening = "startpos") {
    std::atomic<bool> stop{false};
    MatchEngine       e1(fake(mode1), {}, &stop), e2(fake(mode2), {}, &stop);
    GameSetup         setup;
    setup.opening = opening;
    return play_game(setup, {&e1, &e2}, options, stop);
}

} // namespace

TEST(MatchGame, SaneEnginesPlayToTheMoveLimit) {
    const GameResult g = one_game("sane", "sane");
    EXPECT_TRUE(g.outcome.reason == Termination::MAX_MOVES
                || g.outcome.reason == Termination::REPETITION)
        << termination_name(g.outcome.reason);
    EXPECT_EQ(g.names[BLACK], "Fake-sane");
    EXPECT_EQ(g.tally[0].depth_count, g.tally[0].moves);
}

TEST(MatchGame, IllegalMoveLoses) {
    const GameResult g = one_game("sane", "illegal");
    EXPECT_EQ(g.outcome.reason, Termination::ILLEGAL_MOVE);
    EXPECT_EQ(g.winner_engine(), 0);
    EXPECT_EQ(g.plies(), 1);
    EXPECT_NE(g.outcome.detail.find("engine2 played '1a1a'"), std::string::npos)
        << g.outcome.detail;
}

TEST(MatchGame, CrashLoses) {
    const GameResult g = one_game("crash", "sane");
    EXPECT_EQ(g.outcome.reason, Termination::CRASH);
    EXPECT_EQ(g.winner_engine(), 1);
}

TEST(MatchGame, NoAnswerLosesOnTime) {
    const auto       start = std::chrono::steady_clock::now();
    const GameResult g     = one_game("sane", "hang");
    EXPECT_EQ(g.outcome.reason, Termination::TIME_FORFEIT);
    EXPECT_EQ(g.winner_engine(), 0);
    // 1100 ms of waiting, then 2 s for a bestmove after stop, then the kill.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(MatchGame, AnswerPastTheMarginLoses) {
    const GameResult g = one_game("late 3000", "sane");
    EXPECT_EQ(g.outcome.reason, Termination::TIME_FORFEIT);
    EXPECT_EQ(g.winner_engine(), 1);
}

TEST(MatchGame, AnswerWithinTheMarginCountsAsLate) {
    MatchOptions o     = fast_options();
    o.max_moves        = 4;
    const GameResult g = one_game("late 400", "sane", o);
    EXPECT_EQ(g.outcome.reason, Termination::MAX_MOVES);
    EXPECT_EQ(g.tally[0].late, 2);
}

TEST(MatchGame, ResignLoses) {
    const GameResult g = one_game("sane", "resign");
    EXPECT_EQ(g.outcome.reason, Termination::RESIGN);
    EXPECT_EQ(g.winner_engine(), 0);
}

TEST(MatchGame, FalseDeclarationLoses) {
    const GameResult g = one_game("win", "sane");
    EXPECT_EQ(g.outcome.reason, Termination::INVALID_DECLARATION);
    EXPECT_EQ(g.winner_engine(), 1);
}

TEST(MatchGame, ValidDeclarationWins) {
    const GameResult g = one_game("win", "sane", fast_options(), kBlack28);
    EXPECT_EQ(g.outcome.reason, Termination::DECLARATION_WIN);
    EXPECT_EQ(g.winner_engine(), 0);
}

TEST(MatchGame, EngineWithoutUsiokLosesAtStartup) {
    MatchOptions o     = fast_options();
    o.usi_timeout_ms   = 300;
    const GameResult g = one_game("sane", "nousiok", o);
    EXPECT_EQ(g.outcome.reason, Termination::STARTUP_FAILURE);
    EXPECT_EQ(g.winner_engine(), 0);
}

// ---------------------------------------------------------------- whole matches

namespace {

struct MatchRun {
    int         code = -1;
    std::string out, err;
};

MatchRun run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    MatchRun           r;
    r.code = run_match(args, out, err);
    r.out  = out.str();
    r.err  = err.str();
    return r;
}

std::filesystem::path temp_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path()
             / ("tsubame_match_" + name + "_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

std::string read(const std::filesystem::path& p) {
    std::ifstream      in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST(MatchRun, CrashedEngineIsRestartedForTheNextGame) {
    const auto dir    = temp_dir("restart");
    const auto marker = (dir / "crashed").string();
    const auto r =
        run({"--engine1", fake("crash-once " + marker), "--engine2", fake("sane"), "--games", "2",
             "--byoyomi", "100", "--max-moves", "6", "--out", (dir / "out").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string tsv = read(dir / "out" / "games.tsv");
    EXPECT_NE(tsv.find("\tcrash\t"), std::string::npos) << tsv;
    EXPECT_NE(tsv.find("\tmax-moves\t"), std::string::npos) << tsv; // game 2 played out
    EXPECT_NE(r.out.find("W/D/L: 0/1/1"), std::string::npos) << r.out;
    const std::string csa = read(dir / "out" / "game-0001.csa");
    EXPECT_TRUE(csa.starts_with("V2.2\n")) << csa;
    EXPECT_NE(csa.find("%CHUDAN"), std::string::npos) << csa;
    EXPECT_TRUE(std::filesystem::exists(dir / "out" / "game-0002.csa"));
    EXPECT_TRUE(std::filesystem::exists(dir / "out" / "summary.txt"));
    std::filesystem::remove_all(dir);
}

TEST(MatchRun, SprtStopsWhenDecided) {
    const auto dir = temp_dir("sprt");
    const auto r =
        run({"--engine1", fake("sane"), "--engine2", fake("resign"), "--games", "200", "--nodes",
             "1", "--sprt", "0,10", "--concurrency", "2", "--plot", (dir / "elo.svg").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("stopped: SPRT accepted H1"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("games 200\n"), std::string::npos) << r.out;
    const std::string svg = read(dir / "elo.svg");
    EXPECT_TRUE(svg.starts_with("<svg")) << svg;
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(MatchRun, BadUsageAndEnginesThatCannotStart) {
    EXPECT_EQ(run({"--engine1", "x"}).code, 2);
    const auto r = run({"--engine1", "/nonexistent/engine", "--engine2", fake("sane"), "--nodes",
                        "1", "--usi-timeout", "500"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("engine1"), std::string::npos) << r.err;
}

TEST(MatchRun, InterruptPrintsTheSummaryOfWhatWasPlayed) {
    MatchRun    r;
    std::thread runner([&r] {
        r = run({"--engine1", fake("sane"), "--engine2", fake("hang"), "--games", "4", "--nodes",
                 "1", "--move-timeout", "30000"});
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::raise(SIGINT);
    runner.join();
    EXPECT_EQ(r.code, 130);
    EXPECT_NE(r.out.find("stopped: interrupted"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("games 0"), std::string::npos) << r.out;
}

// A real match: Tsubame against itself at a few nodes per move, two openings.
TEST(MatchRun, TsubameAgainstTsubameAtFixedNodes) {
    const auto dir = temp_dir("selfplay");
    std::ofstream(dir / "openings.txt") << "startpos moves 7g7f 3c3d\nstartpos moves 2g2f 8c8d\n";
    const auto r = run({"--engine1",     TSUBAME_BINARY,
                        "--engine2",     TSUBAME_BINARY,
                        "--games",       "4",
                        "--openings",    (dir / "openings.txt").string(),
                        "--nodes",       "300",
                        "--max-moves",   "60",
                        "--concurrency", "2",
                        "--opt1",        "USI_Hash=16",
                        "--opt2",        "USI_Hash=16",
                        "--out",         (dir / "out").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("Tsubame"), std::string::npos);
    EXPECT_NE(r.out.find("games 4\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("avg depth"), std::string::npos);
    for (int i = 1; i <= 4; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "game-%04d.csa", i);
        const std::string csa = read(dir / "out" / name);
        EXPECT_TRUE(csa.starts_with("V2.2\nN+Tsubame")) << csa;
        EXPECT_NE(csa.find("\n%"), std::string::npos) << csa; // ends with a special move
    }
    std::filesystem::remove_all(dir);
}

} // namespace tsubame::usi
