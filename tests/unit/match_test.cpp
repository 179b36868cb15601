// The match runner (tsubame match): the arbiter's adjudications on positions, the clock, the
// statistics on known inputs (values from shared/tools/match/lib/stats.mjs) and one-sided
// samples, the ETA, the CSA and KIF records, and whole games against the fake engines of
// tests/fake/fake_engine.cpp.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "match/arbiter.h"
#include "match/match_clock.h"
#include "match/match_engine.h"
#include "match/match_game.h"
#include "match/options.h"
#include "match/plot.h"
#include "match/record.h"
#include "match/report.h"
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

// The repository's own openings (tests/data/openings.sfen, the README's match example): 40 to
// 60 lines, each 8 to 16 legal plies from the start position, no two reaching one position.
TEST(MatchOpenings, TheRepositoryFileLoads) {
    std::ifstream file(TSUBAME_TEST_DATA "/openings.sfen");
    ASSERT_TRUE(file);
    std::string error;
    const auto  openings = load_openings(file, EnteringKingRule::CSA27, error);
    ASSERT_TRUE(openings) << error;
    EXPECT_GE(openings->size(), 40u);
    EXPECT_LE(openings->size(), 60u);
    std::set<std::string> positions;
    for (const std::string& line : *openings) {
        Game game;
        ASSERT_TRUE(game.set_position(line).ok()) << line;
        EXPECT_TRUE(line.starts_with("startpos moves ")) << line;
        EXPECT_GE(game.moves().size(), 8u) << line;
        EXPECT_LE(game.moves().size(), 16u) << line;
        const std::string sfen = game.position().sfen();
        EXPECT_TRUE(positions.insert(sfen.substr(0, sfen.rfind(' '))).second) << line;
    }
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
    EXPECT_FALSE(o->sprt_by_games); // pairs by default
    EXPECT_EQ(o->seed, 7u);
    const auto by_games = parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--nodes", "1", "--sprt-games", "--sprt", "0,5"},
        error);
    ASSERT_TRUE(by_games) << error;
    EXPECT_TRUE(by_games->sprt_by_games);
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--nodes", "1", "--sprt-games"}, error));
    EXPECT_NE(error.find("--sprt-games needs --sprt"), std::string::npos) << error;
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
    // Pondering sets USI_Ponder unless an engine's options give it, and needs a clock.
    const auto ponder = parse_match_options({"--engine1", "a", "--engine2", "b", "--opt2",
                                             "USI_Ponder=false", "--byoyomi", "100", "--ponder"},
                                            error);
    ASSERT_TRUE(ponder) << error;
    EXPECT_TRUE(ponder->ponder);
    ASSERT_EQ(ponder->options[0].size(), 1u);
    EXPECT_EQ(ponder->options[0][0], (std::pair<std::string, std::string>{"USI_Ponder", "true"}));
    ASSERT_EQ(ponder->options[1].size(), 1u);
    EXPECT_EQ(ponder->options[1][0].second, "false");
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--nodes", "9", "--ponder"}, error));
    EXPECT_NE(error.find("--ponder needs a clock"), std::string::npos) << error;
    // Random stops: a per cent, with a clock.
    const auto stops = parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--byoyomi", "100", "--random-stop", "30"}, error);
    ASSERT_TRUE(stops) << error;
    EXPECT_EQ(stops->random_stop, 30);
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--byoyomi", "100", "--random-stop", "101"}, error));
    EXPECT_FALSE(parse_match_options(
        {"--engine1", "a", "--engine2", "b", "--nodes", "9", "--random-stop", "10"}, error));
    EXPECT_NE(error.find("--random-stop needs a clock"), std::string::npos) << error;
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
    EXPECT_EQ(e->bound, EloBound::NONE);
    EXPECT_EQ(format_elo(estimate_elo({0, 4, 0})), "+0.0 +/- 0.0");
    EXPECT_FALSE(estimate_elo({0, 0, 0}));
}

// One-sided samples: a finite bound, never "inf". n wins in n games: the score is above
// 0.05^(1/n) with 95% confidence (below it, n wins in a row are rarer than 5%).
TEST(MatchStats, OneSidedSamplesShowAFiniteBound) {
    auto e = estimate_elo({3, 0, 0});
    ASSERT_TRUE(e);
    EXPECT_EQ(e->bound, EloBound::ABOVE);
    EXPECT_NEAR(e->elo, elo_from_score(std::pow(0.05, 1.0 / 3)), 1e-9);
    EXPECT_NEAR(e->elo, -93.6, 0.05);
    EXPECT_EQ(e->low, e->elo);
    EXPECT_EQ(format_elo(e), "> -93.6 (95%)");
    EXPECT_NEAR(e->los, 0.958, 0.001);
    e = estimate_elo({20, 0, 0});
    EXPECT_EQ(format_elo(e), "> +316.6 (95%)"); // more wins, a higher bound
    e = estimate_elo({0, 0, 20});
    EXPECT_EQ(e->bound, EloBound::BELOW);
    EXPECT_EQ(e->high, e->elo);
    EXPECT_EQ(format_elo(e), "< -316.6 (95%)");

    // Both sides scored, but the normal interval reaches a score of 1: the Wilson interval.
    e = estimate_elo({5, 1, 0});
    EXPECT_EQ(e->bound, EloBound::NONE);
    EXPECT_NEAR(e->score, 11.0 / 12, 1e-12);
    EXPECT_NEAR(e->elo, elo_from_score(11.0 / 12), 1e-9);
    const double z = 1.959963984540054, n = 6, p = 11.0 / 12;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half   = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    EXPECT_NEAR(e->low, elo_from_score(centre - half), 1e-9);
    EXPECT_NEAR(e->high, elo_from_score(centre + half), 1e-9);
    EXPECT_LT(e->low, e->elo);
    EXPECT_LT(e->elo, e->high);

    // Whatever the small sample, nothing shown is infinite: progress line, summary, plot.
    MatchOptions options;
    options.sprt = SprtParams{};
    for (int w = 0; w <= 4; ++w)
        for (int d = 0; d <= 2; ++d)
            for (int l = 0; l <= 4; ++l) {
                if (w + d + l == 0) continue;
                MatchTotals totals;
                totals.wdl = {w, d, l};
                totals.history.push_back(*estimate_elo(totals.wdl));
                const std::string where =
                    std::to_string(w) + "/" + std::to_string(d) + "/" + std::to_string(l) + ": ";
                for (const std::string& text :
                     {progress_line(totals, 20, options, 60000), summary_text(totals, options)}) {
                    EXPECT_EQ(text.find("inf"), std::string::npos) << where << text;
                    EXPECT_EQ(text.find("nan"), std::string::npos) << where << text;
                }
                std::ostringstream svg;
                write_elo_svg(totals.history, "t", svg);
                EXPECT_EQ(svg.str().find("inf"), std::string::npos) << where << svg.str();
                EXPECT_EQ(svg.str().find("nan"), std::string::npos) << where << svg.str();
            }
}

// The plot of a one-sided sample draws its line at the bound, inside the plot (it was pinned
// at the edge, labelled "inf"), and names the bound.
TEST(MatchStats, PlotOfAOneSidedSampleShowsTheBound) {
    std::vector<EloEstimate> history;
    for (int n = 1; n <= 10; ++n)
        history.push_back(*estimate_elo({n, 0, 0}));
    std::ostringstream svg;
    write_elo_svg(history, "all won", svg);
    const std::string text = svg.str();
    EXPECT_NE(text.find("last: &gt; 182.7 (95%)"), std::string::npos) << text;
    // The line ends at the bound, +182.7 on an axis of ±550 (one win bounds it at -511.5):
    // y = 40 + 310 × (550 - 182.7) / 1100 = 143.5, not the top edge at y = 40.
    const size_t line = text.find("<polyline");
    ASSERT_NE(line, std::string::npos) << text;
    EXPECT_NE(text.find(" 700.0,143.5 \"/>", line), std::string::npos) << text;
    EXPECT_NE(text.find(">+550.0</text>"), std::string::npos) << text;
}

// ETA: the games left in rounds of `concurrency` games, each as long as the mean so far.
TEST(MatchReport, EtaFromGamesDoneGamesLeftAndConcurrency) {
    EXPECT_EQ(eta_seconds(60000, 0, 10, 1), std::nullopt);
    EXPECT_EQ(eta_seconds(60000, 3, 7, 1), 140); // 20 s a game, 7 games
    EXPECT_EQ(eta_seconds(60000, 4, 6, 2), 90); // 30 s a game, 3 rounds of 2
    EXPECT_EQ(eta_seconds(60000, 9, 1, 2), 13); // one game left: one game's time
    EXPECT_EQ(eta_seconds(60000, 10, 0, 2), 0);
    MatchOptions options;
    options.concurrency = 2;
    MatchTotals totals;
    totals.wdl = {2, 1, 1};
    EXPECT_EQ(progress_line(totals, 10, options, 3723000 * 4 / 6),
              "[4/10] +2 =1 -1  " + std::string("Elo ") + format_elo(estimate_elo(totals.wdl))
                  + "  ETA 1:02:03");
    EXPECT_EQ(progress_line(totals, 4, options, 1000).find("ETA"), std::string::npos); // done
    totals.stop_reason = "SPRT accepted H1";
    EXPECT_EQ(progress_line(totals, 10, options, 1000).find("ETA"), std::string::npos);
}

// A match stopped by the SPRT says so in its summary even when the games still in play at the
// decision, counted after it, bring the LLR back inside the bounds.
TEST(MatchReport, SummaryKeepsTheSprtDecisionThatStoppedTheMatch) {
    MatchOptions options;
    options.sprt          = SprtParams{0, 100};
    options.sprt_by_games = true; // the games' W/D/L decides here
    MatchTotals totals;
    totals.wdl = {48, 3, 44};
    ASSERT_EQ(sprt_decision(match_llr(totals, options), *options.sprt), "");
    EXPECT_NE(summary_text(totals, options).find("no decision"), std::string::npos);
    totals.stop_reason     = "SPRT accepted H0";
    totals.stopped_after   = 94;
    const std::string text = summary_text(totals, options);
    EXPECT_NE(text.find("accepted H0 after 94 games"), std::string::npos) << text;
    EXPECT_EQ(text.find("no decision"), std::string::npos) << text;
}

namespace {
// The decision over games (trinomial).
std::string games_decision(const Wdl& wdl, const SprtParams& p) {
    return sprt_decision(sprt_llr(wdl, p.elo0, p.elo1), p);
}
// The decision over pairs (pentanomial).
std::string pairs_decision(const PairCounts& pairs, const SprtParams& p) {
    return sprt_decision(sprt_pair_llr(pairs, p.elo0, p.elo1), p);
}
} // namespace

// A one-sided start has the spread of one tail only: with the sample's own variance 9/1/0 read
// an LLR of 4.2 at [0, 15] and stopped a match of two nearly equal settings after ten games.
// With half a game of each kind in the variance it decides nothing yet, and a side that wins
// (or loses) every game still decides after 13.
TEST(MatchStats, SprtDoesNotDecideOnAOneSidedStart) {
    const SprtParams p{0, 15};
    EXPECT_EQ(games_decision({9, 1, 0}, p), "");
    EXPECT_EQ(games_decision({0, 1, 9}, p), "");
    EXPECT_EQ(games_decision({12, 0, 0}, p), "");
    EXPECT_EQ(games_decision({13, 0, 0}, p), "H1");
    EXPECT_EQ(games_decision({0, 0, 13}, p), "H0");
    // Over pairs, with half a pair of each kind: a side that wins both games of every pair
    // decides after 15 pairs (30 games).
    EXPECT_EQ(pairs_decision({{0, 0, 0, 1, 4}}, p), ""); // the 9/1/0 start above, as pairs
    EXPECT_EQ(pairs_decision({{0, 0, 0, 0, 14}}, p), "");
    EXPECT_EQ(pairs_decision({{0, 0, 0, 0, 15}}, p), "H1");
    EXPECT_EQ(pairs_decision({{15, 0, 0, 0, 0}}, p), "H0");
}

TEST(MatchStats, PairStatisticsOnKnownInputs) {
    // Reference values: scripts/match_stats.py (sprt_pair_llr, pair_elo_estimate).
    EXPECT_NEAR(sprt_pair_llr({{1, 2, 5, 3, 4}}, 0, 5), 0.12562039396159286, 1e-9);
    EXPECT_NEAR(sprt_pair_llr({{3, 1, 8, 0, 2}}, -5, 5), -0.11193491401652762, 1e-9);
    EXPECT_NEAR(sprt_pair_llr({{0, 0, 0, 0, 3}}, 0, 5), 0.0901920848867921, 1e-9);
    EXPECT_EQ(sprt_pair_llr({}, 0, 5), 0);
    const auto e = estimate_pair_elo({{1, 2, 5, 3, 4}});
    ASSERT_TRUE(e);
    EXPECT_NEAR(e->score, 37.0 / 60, 1e-12); // 37 half points in 15 pairs
    EXPECT_NEAR(e->elo, 82.58955521976088, 1e-9);
    EXPECT_NEAR(e->low, -24.79285332596403, 1e-9);
    EXPECT_NEAR(e->high, 208.87946963828404, 1e-9);
    // Closed form: pairs of 0 and 2 points alike have mean 1/2 and variance 1/4 a pair, so
    // 100 pairs give a standard error of 0.05 around an even score.
    const auto split = estimate_pair_elo({{50, 0, 0, 0, 50}});
    ASSERT_TRUE(split);
    EXPECT_NEAR(split->elo, 0, 1e-9);
    EXPECT_NEAR(split->low, elo_from_score(0.5 - 1.959963984540054 * 0.05), 1e-9);
    EXPECT_NEAR(split->high, elo_from_score(0.5 + 1.959963984540054 * 0.05), 1e-9);
    // At bounds symmetric about 0 an even sample's LLR is 0, and its sign follows the score.
    EXPECT_NEAR(sprt_pair_llr({{50, 0, 0, 0, 50}}, -10, 10), 0, 1e-12);
    EXPECT_GT(sprt_pair_llr({{40, 0, 0, 0, 60}}, -10, 10), 0);
    EXPECT_LT(sprt_pair_llr({{60, 0, 0, 0, 40}}, -10, 10), 0);
    // Every pair alike: no spread to measure. No pair: nothing.
    EXPECT_FALSE(estimate_pair_elo({{0, 0, 4, 0, 0}}));
    EXPECT_FALSE(estimate_pair_elo({}));
    // Pairs of one win and one loss are even, however many: the colour's edge cancels.
    const auto even = estimate_pair_elo({{1, 0, 40, 0, 1}});
    ASSERT_TRUE(even);
    EXPECT_NEAR(even->elo, 0, 1e-9);
    EXPECT_LT(even->high - even->low,
              estimate_elo({41, 0, 41})->high - estimate_elo({41, 0, 41})->low);
}

// Games 2k+1 and 2k+2 share an opening; a pair counts once both have ended, in either order,
// and an interrupted game leaves its pair open.
TEST(MatchReport, TotalsPairTheGamesOfAnOpening) {
    const auto game = [](int number, int winner_engine) {
        GameResult g;
        g.setup.number   = number;
        g.setup.black    = (number - 1) % 2;
        g.outcome.reason = winner_engine < 0 ? Termination::REPETITION : Termination::CHECKMATE;
        if (winner_engine >= 0) g.outcome.winner = winner_engine == g.setup.black ? BLACK : WHITE;
        return g;
    };
    MatchTotals t;
    t.add(game(2, 0)); // pair 1's second game ends first: engine 1 wins it
    EXPECT_EQ(t.pairs.pairs(), 0);
    t.add(game(3, -1)); // pair 2: a draw
    t.add(game(1, 1)); // pair 1 complete: a loss and a win, 1 point
    EXPECT_EQ(t.pairs.counts, (std::array<int, 5>{0, 0, 1, 0, 0}));
    t.add(game(4, 0)); // pair 2 complete: a draw and a win, 1.5 points
    EXPECT_EQ(t.pairs.counts, (std::array<int, 5>{0, 0, 1, 1, 0}));
    GameResult cut     = game(6, 0);
    cut.outcome.reason = Termination::INTERRUPTED;
    t.add(cut);
    t.add(game(5, 0));
    EXPECT_EQ(t.pairs.pairs(), 2);
    EXPECT_EQ(t.wdl.games(), 5);

    // The pairs' score is the score of the four games they hold: 2.5 points of 4.
    EXPECT_NEAR(estimate_pair_elo(t.pairs)->score, 2.5 / 4, 1e-12);

    MatchOptions options;
    options.sprt = SprtParams{0, 15};
    char llr[32];
    std::snprintf(llr, sizeof llr, "LLR %.2f ", match_llr(t, options)); // as the line rounds it
    EXPECT_NE(progress_line(t, 10, options, 1000).find(llr), std::string::npos)
        << progress_line(t, 10, options, 1000);
    std::string text = summary_text(t, options);
    EXPECT_NE(text.find("pairs 2 (0/0.5/1/1.5/2 points: 0/0/1/1/0): Elo "), std::string::npos)
        << text;
    EXPECT_NE(text.find(" by pairs: LLR "), std::string::npos) << text;
    EXPECT_NEAR(match_llr(t, options), sprt_pair_llr(t.pairs, 0, 15), 1e-12);
    options.sprt_by_games = true;
    text                  = summary_text(t, options);
    EXPECT_NE(text.find(" by games: LLR "), std::string::npos) << text;
    EXPECT_NEAR(match_llr(t, options), sprt_llr(t.wdl, 0, 15), 1e-12);
}

TEST(MatchStats, SprtOnKnownInputs) {
    // The variance has half a game of each kind added (scripts/match_stats.py agrees).
    EXPECT_NEAR(sprt_llr({6, 2, 2}, 0, 5), 0.08543390756640618, 1e-9);
    EXPECT_NEAR(sprt_llr({10, 20, 5}, -5, 5), 0.34295698056828894, 1e-9);
    EXPECT_NEAR(sprt_llr({3, 0, 0}, 0, 5), 0.09643471886139444, 1e-9);
    SprtParams p;
    EXPECT_NEAR(sprt_lower_bound(p), -2.9444389791664403, 1e-12);
    EXPECT_NEAR(sprt_upper_bound(p), 2.9444389791664403, 1e-12);
    p.beta = 0.1;
    EXPECT_NEAR(sprt_lower_bound(p), -2.251291798606495, 1e-12);
    p = SprtParams{};
    EXPECT_EQ(games_decision({10, 20, 5}, p), "");
    EXPECT_EQ(games_decision({300, 0, 100}, p), "H1");
    EXPECT_EQ(games_decision({100, 0, 300}, p), "H0");
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
    g.moves         = {{game.moves()[1], 1234, 7, "cp 30", 56789}};
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
    EXPECT_NE(
        text.find("\n-3334FU\nT1\n'time 1234 ms, depth 7, nodes 56789, score cp 30\n%TORYO\n"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("$TIME_LIMIT:00:00+10"), std::string::npos) << text;
    // The engine's own time of the search, and a pondered move, when known.
    g.moves[0].engine_ms = 1201;
    g.moves[0].pondered  = true;
    std::ostringstream pondered;
    write_csa(g, options, pondered);
    EXPECT_NE(pondered.str().find("\n'time 1234 ms, depth 7, nodes 56789, score cp 30, engine time "
                                  "1201 ms, ponderhit\n"),
              std::string::npos)
        << pondered.str();

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

namespace {

// Splits text into lines (without their line feeds).
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream       in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

} // namespace

// KIF as ShogiHome writes it (the expected lines are what tsshogi 2.2.0's exportKIF writes for
// the same moves and times): a capture with promotion, a same-square recapture, a drop, a
// capture, and a same-square recapture again; per-move and total times in whole seconds.
TEST(MatchRecord, KifMovesTimesAndEnding) {
    Game game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c 4e3d 3c3d").ok());
    const std::vector<Move>& m = game.moves();
    EXPECT_EQ(to_kif(m[0], Move::none()), "７六歩(77)");
    EXPECT_EQ(to_kif(m[2], m[1]), "２二角成(88)");
    EXPECT_EQ(to_kif(m[3], m[2]), "同　銀(31)");
    EXPECT_EQ(to_kif(m[4], m[3]), "４五角打");
    GameResult g;
    g.setup.number  = 7;
    g.setup.opening = "startpos moves 7g7f 3c3d";
    g.start_sfen    = std::string(Position::START_SFEN);
    g.opening_moves = {m[0], m[1]};
    g.moves         = {{m[2], 1500, 7, "cp 30", 4000}, {m[3], 2000, 8, "cp -10", {}},
                       {m[4], 61000, {}, "", {}},      {m[5], 0, {}, "", {}},
                       {m[6], 500, {}, "", {}},        {m[7], 3000, {}, "", {}}};
    g.names         = {"Alpha", "Beta"};
    g.outcome       = {Termination::RESIGN, WHITE, ""};
    g.final_sfen    = game.position().sfen();
    std::ostringstream out;
    write_kif(g, MatchOptions{}, out);
    const std::vector<std::string> lines = lines_of(out.str());
    ASSERT_GE(lines.size(), 8u) << out.str();
    EXPECT_EQ(lines[0], "#KIF version=2.0 encoding=UTF-8");
    EXPECT_TRUE(lines[3].starts_with("開始日時：")) << lines[3];
    EXPECT_TRUE(lines[4].starts_with("終了日時：")) << lines[4];
    EXPECT_EQ(lines[5], "棋戦：tsubame match game 7");
    const std::vector<std::string> rest(lines.begin() + 6, lines.end());
    const std::vector<std::string> expected = {
        "手合割：平手",
        "先手：Alpha",
        "後手：Beta",
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)   ( 0:00/00:00:00)",
        "   2 ３四歩(33)   ( 0:00/00:00:00)",
        "*end of opening (2 plies)",
        "   3 ２二角成(88) ( 0:01/00:00:01)",
        "*time 1500 ms, depth 7, nodes 4000, score cp 30",
        "   4 同　銀(31)   ( 0:02/00:00:02)",
        "*time 2000 ms, depth 8, score cp -10",
        "   5 ４五角打     ( 1:01/00:01:02)",
        "*time 61000 ms",
        "   6 ３三銀(22)   ( 0:00/00:00:02)",
        "*time 0 ms",
        "   7 ３四角(45)   ( 0:00/00:01:03)",
        "*time 500 ms",
        "   8 同　銀(33)   ( 0:03/00:00:05)",
        "*time 3000 ms",
        "   9 投了         ( 0:00/00:01:03)",
        "*result: gote (Beta) wins by resign",
        "まで8手で後手の勝ち",
    };
    EXPECT_EQ(rest, expected) << out.str();
}

// A game from a position that is not the standard one: the BOD diagram (hands pawns first,
// White's pieces marked v, promoted pieces by their one-character names), the side to move,
// and moves numbered from 1 whatever the SFEN's move number.
TEST(MatchRecord, KifFromAnotherPosition) {
    GameResult g;
    g.start_sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 40";
    Game game;
    ASSERT_TRUE(game.set_position("sfen " + g.start_sfen + " moves 2b3b").ok());
    g.setup.opening = "sfen " + g.start_sfen;
    g.moves         = {{game.moves()[0], 2500, {}, "", {}}};
    g.names         = {"Alpha", "Beta"};
    g.outcome       = {Termination::TIME_FORFEIT, WHITE, "no bestmove"};
    g.final_sfen    = game.position().sfen();
    std::ostringstream out;
    write_kif(g, MatchOptions{}, out);
    const std::vector<std::string> lines = lines_of(out.str());
    ASSERT_GE(lines.size(), 6u) << out.str();
    const std::vector<std::string> rest(lines.begin() + 6, lines.end());
    const std::vector<std::string> expected = {
        "後手の持駒：歩五　桂　銀　金　",
        "  ９ ８ ７ ６ ５ ４ ３ ２ １",
        "+---------------------------+",
        "|v香 ・ ・ ・ ・ ・ ・v桂v香|一",
        "| ・ ・ ・ ・ ・ と ・v金v玉|二",
        "| ・ ・v桂v歩 ・ 銀 ・ ・ ・|三",
        "|v歩 ・v歩 ・ ・ ・ ・ 歩v歩|四",
        "| ・ ・ ・ 歩 ・ ・ 銀v歩 ・|五",
        "| ・ 歩 歩v角 ・ ・ 歩 ・ 歩|六",
        "| 歩 ・ ・ ・ ・ ・ 金 銀 ・|七",
        "| 飛 ・ ・ ・ ・ ・ ・ ・ ・|八",
        "| 香 桂 ・ ・ ・ ・v角 玉 香|九",
        "+---------------------------+",
        "先手の持駒：金　飛　",
        "後手番",
        "先手：Alpha",
        "後手：Beta",
        "手数----指手---------消費時間--",
        "   1 ３二金(22)   ( 0:02/00:00:02)",
        "*time 2500 ms",
        "   2 切れ負け     ( 0:00/00:00:00)",
        "*result: gote (Beta) wins by time-forfeit: no bestmove",
        "まで1手で時間切れにより後手の勝ち",
    };
    EXPECT_EQ(rest, expected) << out.str();

    // Hands of more than one piece of a kind, promoted pieces, and the endings' words.
    g.start_sfen = "+R7k/9/8P/9/9/9/9/9/4K4 b G2P3l18p 1";
    g.moves.clear();
    g.outcome    = {Termination::REPETITION, std::nullopt, ""};
    g.final_sfen = g.start_sfen;
    out.str("");
    write_kif(g, MatchOptions{}, out);
    EXPECT_NE(out.str().find("後手の持駒：歩十八　香三　\n"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("| 龍 ・ ・ ・ ・ ・ ・ ・v玉|一\n"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("先手の持駒：歩二　金　\n先手番\n"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("   1 千日手       ( 0:00/00:00:00)\n"), std::string::npos);
    EXPECT_NE(out.str().find("まで0手で千日手\n"), std::string::npos) << out.str();
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

TEST(MatchGame, ASecondBestmoveIsCounted) {
    MatchOptions o     = fast_options();
    o.max_moves        = 10;
    const GameResult g = one_game("double", "sane", o);
    EXPECT_EQ(g.outcome.reason, Termination::MAX_MOVES) << g.outcome.detail;
    // Each go's second bestmove is found when the next go is sent.
    EXPECT_EQ(g.tally[0].extra_bestmoves, g.tally[0].moves - 1);
    EXPECT_EQ(g.tally[1].extra_bestmoves, 0);
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

// A pondering game of 20 plies between two fakes.
GameResult ponder_game(const std::string& mode1, const std::string& mode2, int max_moves = 20) {
    MatchOptions o = fast_options();
    o.ponder       = true;
    o.max_moves    = max_moves;
    return one_game(mode1, mode2, o);
}

TEST(MatchGame, APredictedMoveIsAnsweredAfterPonderhit) {
    // Each fake predicts the first legal reply, which the other then plays: every move but an
    // engine's first comes from a ponderhit.
    const GameResult g = ponder_game("ponder", "ponder");
    ASSERT_TRUE(g.outcome.reason == Termination::MAX_MOVES
                || g.outcome.reason == Termination::REPETITION)
        << termination_name(g.outcome.reason) << " " << g.outcome.detail;
    for (int e : {0, 1}) {
        EXPECT_EQ(g.tally[e].ponder_hits, g.tally[e].moves - 1) << "engine" << e + 1;
        EXPECT_EQ(g.tally[e].ponder_misses, 0);
        EXPECT_EQ(g.tally[e].ponder_early, 0);
        // The fakes report depth 2 only from a ponder search.
        EXPECT_EQ(g.tally[e].depth_sum, 1 + 2 * (g.tally[e].moves - 1));
    }
    // The records mark the pondered moves and keep the engine's own time of each (the fakes
    // report 2 ms from a ponder search, 1 ms otherwise).
    ASSERT_GE(g.moves.size(), 2u);
    for (size_t i = 0; i < g.moves.size(); ++i) {
        EXPECT_EQ(g.moves[i].pondered, i >= 2) << "ply " << i + 1;
        EXPECT_EQ(g.moves[i].engine_ms, i >= 2 ? 2 : 1) << "ply " << i + 1;
    }
}

TEST(MatchGame, AMissedPonderSearchIsStoppedAndTheMoveAskedAgain) {
    const GameResult g = ponder_game("ponder-miss", "sane");
    ASSERT_TRUE(g.outcome.reason == Termination::MAX_MOVES
                || g.outcome.reason == Termination::REPETITION)
        << termination_name(g.outcome.reason) << " " << g.outcome.detail;
    EXPECT_EQ(g.tally[0].ponder_hits + g.tally[0].ponder_misses, g.tally[0].moves - 1);
    EXPECT_GE(g.tally[0].ponder_misses, g.tally[0].moves - 2);
    EXPECT_EQ(g.tally[1].ponder_hits + g.tally[1].ponder_misses, 0) << "sane names no move";
}

TEST(MatchGame, PonderingTimeIsNotChargedOnlyTheTimeFromPonderhit) {
    // The opponent takes 400 ms a move (over the 100 ms byoyomi, within the margin): the
    // pondering engine's clock runs only from each ponderhit, so none of its moves is late.
    const GameResult g = ponder_game("ponder", "late 400", 6);
    ASSERT_EQ(g.outcome.reason, Termination::MAX_MOVES) << g.outcome.detail;
    EXPECT_EQ(g.tally[0].ponder_hits, 2);
    EXPECT_EQ(g.tally[0].late, 0);
    EXPECT_LT(g.tally[0].max_ms, 300);
    EXPECT_EQ(g.tally[1].late, 3);
}

TEST(MatchGame, APonderSearchEndedByTheEngineIsCounted) {
    // The opponent takes 100 ms a move, so that the early bestmove has come when it moves.
    const GameResult g = ponder_game("ponder-early", "late 100");
    EXPECT_TRUE(g.outcome.reason == Termination::MAX_MOVES
                || g.outcome.reason == Termination::REPETITION)
        << termination_name(g.outcome.reason) << " " << g.outcome.detail;
    // Every move started a ponder search, each found ended at the next move or at the end.
    EXPECT_EQ(g.tally[0].ponder_early, g.tally[0].moves);
    EXPECT_EQ(g.tally[1].ponder_early, 0);
}

TEST(MatchGame, APonderSearchThatNeverAnswersLosesOnTime) {
    const GameResult g = ponder_game("ponder-hang", "sane");
    EXPECT_EQ(g.outcome.reason, Termination::TIME_FORFEIT);
    EXPECT_EQ(g.winner_engine(), 1);
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
    // The speed in games, from the nodes each move reported.
    EXPECT_NE(r.out.find(", nodes/s "), std::string::npos) << r.out;
    for (int i = 1; i <= 4; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "game-%04d.csa", i);
        const std::string csa = read(dir / "out" / name);
        EXPECT_TRUE(csa.starts_with("V2.2\nN+Tsubame")) << csa;
        EXPECT_NE(csa.find("\n%"), std::string::npos) << csa; // ends with a special move
        // The KIF record beside it: the same game, its moves numbered, its ending stated.
        std::snprintf(name, sizeof name, "game-%04d.kifu", i);
        const std::string kif = read(dir / "out" / name);
        EXPECT_TRUE(kif.starts_with("#KIF version=2.0 encoding=UTF-8\n")) << kif;
        EXPECT_NE(kif.find("\n先手：Tsubame"), std::string::npos) << kif;
        const std::string first = i <= 2 ? "７六歩(77)" : "２六歩(27)"; // the two openings
        EXPECT_NE(kif.find("\n   1 " + first + "   ( 0:00/00:00:00)\n"), std::string::npos) << kif;
        EXPECT_NE(kif.find("\nまで"), std::string::npos) << kif;
    }
    // games.tsv's last column: the moves after the opening, which replay to the final position.
    std::istringstream tsv(read(dir / "out" / "games.tsv"));
    std::string        line;
    std::getline(tsv, line);
    EXPECT_TRUE(line.ends_with("\tfinal_sfen\tmoves")) << line;
    int rows = 0;
    while (std::getline(tsv, line)) {
        std::vector<std::string> fields;
        std::istringstream       columns(line);
        for (std::string field; std::getline(columns, field, '\t');)
            fields.push_back(field);
        ASSERT_EQ(fields.size(), 12u) << line;
        Game replay;
        ASSERT_TRUE(replay.set_position(fields[2] + " " + fields[11]).ok()) << line;
        EXPECT_EQ(replay.position().sfen(), fields[10]) << line;
        ++rows;
    }
    EXPECT_EQ(rows, 4);
    std::filesystem::remove_all(dir);
}

// Tsubame stopped at random moments ("move now"): every stopped search answers with a legal
// move in time, and the summary counts the stops.
TEST(MatchRun, TsubameAnswersRandomStops) {
    const auto r = run({"--engine1", TSUBAME_BINARY, "--engine2", TSUBAME_BINARY, "--games", "2",
                        "--byoyomi", "300", "--max-moves", "12", "--random-stop", "100", "--seed",
                        "3", "--opt1", "USI_Hash=16", "--opt2", "USI_Hash=16"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("games 2\n"), std::string::npos) << r.out;
    for (const char* bad : {"time-forfeit", "illegal-move", "crash"})
        EXPECT_EQ(r.out.find(bad), std::string::npos) << bad << "\n" << r.out;
    EXPECT_NE(r.out.find(", stopped "), std::string::npos) << r.out;
}

// Tsubame against itself with pondering on: every ponder search ends by ponderhit or stop and
// answers exactly once, and no move is illegal or lost on time.
TEST(MatchRun, TsubameAgainstItselfPondering) {
    const auto dir = temp_dir("ponder");
    const auto r   = run({"--engine1", TSUBAME_BINARY, "--engine2", TSUBAME_BINARY, "--games", "2",
                          "--byoyomi", "100", "--max-moves", "40", "--ponder", "--opt1",
                          "USI_Hash=16", "--opt2", "USI_Hash=16", "--out", (dir / "out").string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("games 2\n"), std::string::npos) << r.out;
    for (const char* bad : {"time-forfeit", "illegal-move", "crash"})
        EXPECT_EQ(r.out.find(bad), std::string::npos) << bad << "\n" << r.out;
    // Each engine's summary line counts its ponder searches; none ended on its own.
    EXPECT_NE(r.out.find("ponder hits"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("ended early 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ended early 0"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

} // namespace tsubame::usi
