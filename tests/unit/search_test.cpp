// Search behaviour through the engine facade: it finds mates, answers every go exactly once
// with a legal move, is deterministic at fixed depth, and obeys stop and ponderhit.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench_positions.h"
#include "core/notation.h"
#include "core/tokens.h"
#include "engine/engine.h"
#include "movegen/movegen.h"

namespace tsubame {

namespace {

// An engine whose answers are collected for inspection.
struct Harness {
    std::mutex              mutex;
    std::vector<BestMove>   answers;
    std::vector<SearchInfo> infos;
    Engine                  engine{Engine::Callbacks{[this](const SearchInfo& i) {
                                        std::lock_guard lock(mutex);
                                        infos.push_back(i);
                                    },
                                    [this](const BestMove& b) {
                                        std::lock_guard lock(mutex);
                                        answers.push_back(b);
                                    }}};

    // Sets the engine's position from what follows `position` in USI.
    Status set_position(std::string_view spec) {
        PositionArgs args;
        if (Status s = parse_position_args(split_tokens(spec), args); !s.ok()) return s;
        return engine.set_position(args.sfen, args.moves);
    }

    BestMove search(std::string_view position, SearchLimits limits) {
        EXPECT_TRUE(set_position(position).ok()) << position;
        engine.go(limits);
        engine.wait();
        std::lock_guard lock(mutex);
        EXPECT_EQ(answers.size(), 1u);
        return answers.empty() ? BestMove{} : answers.back();
    }
};

SearchLimits depth_limit(int depth) {
    SearchLimits l;
    l.depth = depth;
    return l;
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    #define TSUBAME_SANITIZED 1
#elif defined(__has_feature)
    #if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        #define TSUBAME_SANITIZED 1
    #endif
#endif
// Real-time limits of tests that need a search to reach some depth are this many times longer
// in a sanitizer build (several times slower than Release, and slower still on a loaded
// machine).
#if defined(TSUBAME_SANITIZED)
constexpr int SLOW_BUILD_FACTOR = 5;
#else
constexpr int SLOW_BUILD_FACTOR = 1;
#endif

// A clock the test moves by hand: the search's time decisions are checked without racing the
// machine's load.
class ManualClock final : public TimeSource {
public:
    int64_t now_ms() const override { return ms_.load(); }
    void    advance(int64_t ms) { ms_ += ms; }

private:
    std::atomic<int64_t> ms_{1'000'000};
};

// True once `done(h)` holds (read under h's lock), polling for up to `wait` (real time).
template <typename Done>
bool holds_within(Harness& h, std::chrono::milliseconds wait, Done done) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    const auto holds    = [&] {
        std::lock_guard lock(h.mutex);
        return done(h);
    };
    while (std::chrono::steady_clock::now() < deadline) {
        if (holds()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return holds();
}

// True when the engine answers within `wait` (real time); false if it is still searching.
bool answers_within(Harness& h, std::chrono::milliseconds wait) {
    return holds_within(h, wait, [](Harness& x) { return !x.answers.empty(); });
}

// Generous: the answer is due at once, but the machine may be busy (this tests for a hang).
constexpr auto DUE = std::chrono::seconds(30);

// True once the search has sent an info report (with a line, if `with_line`) within `wait`
// (real time): a loaded machine or a sanitizer build may take a while to finish its first
// iteration.
bool reports_within(Harness& h, std::chrono::milliseconds wait, bool with_line = false) {
    return holds_within(h, wait, [&](Harness& x) {
        return std::any_of(x.infos.begin(), x.infos.end(),
                           [&](const SearchInfo& info) { return !with_line || !info.pv.empty(); });
    });
}

// An engine on a clock the test moves by hand.
struct ClockedHarness : Harness {
    ManualClock clock;
    ClockedHarness() { engine.set_clock(clock); }
    // The answer is due: it comes, and it is the only one.
    void expect_one_answer_due(const char* why = "") {
        EXPECT_TRUE(answers_within(*this, DUE)) << why;
        engine.wait();
        EXPECT_EQ(answers.size(), 1u);
    }
};

// True when `m` checkmates in the position.
bool mates(std::string_view position, Move m) {
    Game game;
    EXPECT_TRUE(game.set_position(position).ok());
    game.play(m);
    return game.position().in_check() && LegalMoves(game.position()).empty();
}

TEST(Search, FindsMateInOne) {
    Harness        h;
    const char*    pos = "sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1";
    const BestMove b   = h.search(pos, depth_limit(3));
    ASSERT_EQ(b.kind, BestMove::Kind::MOVE);
    EXPECT_TRUE(mates(pos, b.move)) << to_usi(b.move);
    EXPECT_EQ(h.infos.back().score, mate_in(1));
}

TEST(Search, FindsMateInThreeInATsumePositionWithoutAttackingKing) {
    // Black has no king; White holds every remaining piece (tsume convention).
    Harness        h;
    const BestMove b = h.search("sfen k2G5/9/K8/9/N8/9/9/9/9 b 2r2b3g4s3n4l18p 1", depth_limit(5));
    ASSERT_EQ(b.kind, BestMove::Kind::MOVE);
    EXPECT_EQ(h.infos.back().score, mate_in(3));
}

// A game position with a mate in 11 for White (cshogi's df-pn test, confirmed by
// KomoringHeights): beyond what a short alpha-beta search sees.
constexpr const char* MATE_IN_11 = "sfen l6nl/3kPs3/5p2p/p1ppg2P1/7+r1/P1G3p1P/1pNbSP1GL/"
                                   "2+n1S1K2/L1r3P2 w BGS3Pn2p 110";

TEST(Search, RootMateProbePlaysAProvenMate) {
    Harness h;
    h.engine.options().root_mate_permille = 1000; // the whole time, so that slow builds solve it
    SearchLimits l;
    l.movetime       = 20000;
    const BestMove b = h.search(MATE_IN_11, l);
    ASSERT_EQ(b.kind, BestMove::Kind::MOVE);
    EXPECT_EQ(to_usi(b.move), "2e2g");
    ASSERT_EQ(h.infos.size(), 1u); // the probe's line, no search
    EXPECT_EQ(h.infos[0].score, mate_in(11));
    Game game;
    ASSERT_TRUE(game.set_position(MATE_IN_11).ok());
    EXPECT_TRUE(verify_mate_line(game.position(), h.infos[0].pv));
}

TEST(Search, RootMateProbeTimeComesOffTheClock) {
    // Black to move on the same board: the probe searches checks for a while (over 100 ms in
    // a Release build) and finds no mate. The move's clock runs from `go`, probe included:
    // moved past the byoyomi while the probe runs, it leaves the search no time at all.
    ClockedHarness h;
    h.engine.options().root_mate_permille = 500;
    ASSERT_TRUE(h.engine
                    .set_position("l6nl/3kPs3/5p2p/p1ppg2P1/7+r1/P1G3p1P/1pNbSP1GL/"
                                  "2+n1S1K2/L1r3P2 b BGS3Pn2p 110",
                                  {})
                    .ok());
    SearchLimits l;
    l.byoyomi = 1000;
    h.engine.go(l);
    h.clock.advance(1000);
    h.expect_one_answer_due("the search counts its time from go");
    ASSERT_EQ(h.answers.size(), 1u);
    EXPECT_EQ(h.answers[0].kind, BestMove::Kind::MOVE);
    ASSERT_FALSE(h.infos.empty());
    EXPECT_EQ(h.infos.back().depth, 1) << "only the first iteration, which always ends";
}

TEST(Search, RootMateProbeIsSkippedAtFixedDepth) {
    Harness h;
    h.engine.options().root_mate_permille = 1000;
    h.search(MATE_IN_11, depth_limit(1));
    ASSERT_FALSE(h.infos.empty());
    for (const SearchInfo& info : h.infos)
        EXPECT_NE(info.score, mate_in(11));
}

// From a game lost to gpsshogi (analysed on 2026-11-22 for the defence probe, 426f94b): White,
// a gold and a silver up, takes a third piece with 6i7i, after which Black mates in 29 by
// checks, far past the horizon.
constexpr const char* GREEDY_CAPTURE_ALLOWS_MATE =
    "sfen ln2k3l/1r2s1PB1/4pGn1p/p1pl1sBp1/5pp1P/PPPPP4/1K7/3G5/LNG+r5 w GS3Psnp 114";

TEST(Search, DefenceProbeDropsAMoveThatAllowsAMate) {
    // The premises: the search alone takes the gold, and after it Black has a forced mate.
    Harness h;
    EXPECT_EQ(to_usi(h.search(GREEDY_CAPTURE_ALLOWS_MATE, depth_limit(8)).move), "6i7i");
    Game game;
    ASSERT_TRUE(game.set_position(GREEDY_CAPTURE_ALLOWS_MATE).ok());
    std::string error;
    game.play(parse_legal_move(game.position(), "6i7i", error));
    MateSolver solver(16);
    MateLimits mate_limits;
    mate_limits.nodes   = 1'000'000;
    mate_limits.shorten = false;
    ASSERT_EQ(solver.solve(game.position(), mate_limits).status, MateStatus::MATE);

    // A timed search probes its best moves and plays something else.
    Harness probed;
    probed.engine.options().search.defence_probe_permille = 1000; // slow builds need time
    SearchLimits l;
    l.byoyomi        = 3000 * SLOW_BUILD_FACTOR;
    const BestMove b = probed.search(GREEDY_CAPTURE_ALLOWS_MATE, l);
    ASSERT_EQ(b.kind, BestMove::Kind::MOVE);
    EXPECT_NE(to_usi(b.move), "6i7i");
}

TEST(Search, MatedSideResigns) {
    Harness h;
    EXPECT_EQ(h.search("sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1", depth_limit(3)).kind,
              BestMove::Kind::RESIGN);
}

TEST(Search, AnswersWithALegalMoveAndLegalPonder) {
    Harness        h;
    const char*    pos = "startpos moves 7g7f 3c3d 8h2b+";
    const BestMove b   = h.search(pos, depth_limit(5));
    Game           game;
    ASSERT_TRUE(game.set_position(pos).ok());
    ASSERT_TRUE(is_legal(game.position(), b.move));
    if (b.ponder != Move::none()) {
        game.play(b.move);
        EXPECT_TRUE(is_legal(game.position(), b.ponder));
    }
}

TEST(Search, TakesAHangingRook) {
    Harness h;
    // White's rook on 5e is attacked by Black's silver on 4f and defended by nothing.
    const BestMove b = h.search("sfen 4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1", depth_limit(4));
    EXPECT_EQ(to_usi(b.move).substr(0, 4), "4f5e");
}

TEST(Search, FixedDepthIsDeterministic) {
    auto nodes_at_depth = [] {
        Harness h;
        (void)h.search("startpos moves 7g7f 3c3d 2g2f 4c4d", depth_limit(7));
        return h.infos.back().nodes;
    };
    EXPECT_EQ(nodes_at_depth(), nodes_at_depth());
}

TEST(Search, DeclaresWinWhenTheRuleAllows) {
    // Black king in the camp, 10 pieces there worth 18 points, rook and bishop in hand: 28
    // points, enough under the 27-point rule.
    Harness h;
    h.engine.options().search.entering_king_rule = EnteringKingRule::CSA27;
    const BestMove b = h.search("sfen K+R+BGGSS2/PPPP5/9/9/9/9/9/9/4k4 b RB 1", depth_limit(3));
    EXPECT_EQ(b.kind, BestMove::Kind::WIN);
    h.answers.clear();
    h.engine.options().search.entering_king_rule = EnteringKingRule::NONE;
    EXPECT_EQ(h.search("sfen K+R+BGGSS2/PPPP5/9/9/9/9/9/9/4k4 b RB 1", depth_limit(1)).kind,
              BestMove::Kind::MOVE);
}

TEST(Search, SeesThatTheOpponentCanDeclare) {
    // White's king on 1g with 10 pieces in Black's camp worth 18 points, rook and bishop in
    // hand: 28 points, a win under the 27-point rule on White's next turn. Black's lone king
    // cannot stop it, so every move is mated at once (a declaration counts as a mating move).
    const char* sfen = "sfen 4K4/9/9/9/9/9/2ssgg+b+rk/5pppp/9 b rb 1";
    Harness     h;
    h.engine.options().search.entering_king_rule = EnteringKingRule::CSA27;
    EXPECT_EQ(h.search(sfen, depth_limit(3)).kind, BestMove::Kind::MOVE);
    ASSERT_FALSE(h.infos.empty());
    EXPECT_EQ(h.infos.back().score, mated_in(2));
    // Without the rule the same search sees no mate.
    Harness none;
    none.engine.options().search.entering_king_rule = EnteringKingRule::NONE;
    (void)none.search(sfen, depth_limit(3));
    ASSERT_FALSE(none.infos.empty());
    EXPECT_GT(none.infos.back().score, VALUE_MATED_IN_MAX_PLY);
}

TEST(Search, InfiniteWaitsForStopAndAnswersOnce) {
    Harness h;
    ASSERT_TRUE(h.set_position("startpos").ok());
    SearchLimits l;
    l.infinite = true;
    l.depth    = 2; // reached at once: the answer must still wait for stop
    h.engine.go(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(h.engine.searching());
    EXPECT_TRUE(h.answers.empty());
    const auto start = std::chrono::steady_clock::now();
    h.engine.stop();
    h.engine.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - start, DUE);
    EXPECT_EQ(h.answers.size(), 1u);
}

// Searches `sfen` under `limits` (ponder or infinite), checks that no answer comes on its own
// within 100 ms, then sends ponderhit (or stop): the one answer that follows.
BestMove held_answer(Harness& h, const char* sfen, const SearchLimits& limits, bool ponderhit) {
    EXPECT_TRUE(h.set_position(sfen).ok()) << sfen;
    h.engine.go(limits);
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100)));
    if (ponderhit)
        h.engine.ponderhit();
    else
        h.engine.stop();
    h.engine.wait();
    std::lock_guard lock(h.mutex);
    EXPECT_EQ(h.answers.size(), 1u);
    return h.answers.empty() ? BestMove{} : h.answers.back();
}

TEST(Search, AnAnswerKnownAtOnceWaitsForPonderhitOrStop) {
    // White to move is mated (a gold on 5b held by a pawn): the answer, resign, is known at
    // once, as when a ponder search's predicted move mates; it still waits like any other.
    const char* mated = "sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";
    for (const char* release : {"ponderhit", "stop", "infinite"}) {
        SCOPED_TRACE(release);
        Harness      h;
        SearchLimits l;
        l.infinite = release == std::string_view("infinite");
        l.ponder   = !l.infinite;
        l.byoyomi  = 1000;
        EXPECT_EQ(held_answer(h, mated, l, release == std::string_view("ponderhit")).kind,
                  BestMove::Kind::RESIGN);
    }
}

TEST(Search, PonderhitDeclaresWhenTheRuleAllows) {
    // The position of DeclaresWinWhenTheRuleAllows, reached by the predicted move: the answer
    // after ponderhit is the declaration, not a move, and it waits for the ponderhit.
    Harness h;
    h.engine.options().search.entering_king_rule = EnteringKingRule::CSA27;
    SearchLimits l;
    l.ponder  = true;
    l.byoyomi = 1000;
    EXPECT_EQ(held_answer(h, "sfen K+R+BGGSS2/PPPP5/9/9/9/9/9/9/4k4 b RB 1", l, true).kind,
              BestMove::Kind::WIN);
}

TEST(Search, PonderhitStartsTheClockAndAnswersOnce) {
    ClockedHarness h;
    ASSERT_TRUE(h.set_position("startpos moves 7g7f").ok());
    SearchLimits l;
    l.ponder      = true;
    l.byoyomi     = 1000;
    l.time[BLACK] = l.time[WHITE] = 0;
    h.engine.go(l);
    h.clock.advance(1200); // longer than the byoyomi
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100)))
        << "a ponder search must not answer on its own";
    h.engine.ponderhit();
    // It thinks for the byoyomi less the margin (NetworkDelay2, at most an eighth of the
    // byoyomi: 875 ms), counted from ponderhit: a clock counted from `go` would have run out.
    h.clock.advance(850);
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100)))
        << "byoyomi counts from ponderhit";
    h.clock.advance(30);
    h.expect_one_answer_due("the answer comes within the byoyomi");
}

TEST(Search, PonderhitMayBringTheClock) {
    // `go ponder` without a clock; `ponderhit byoyomi 400` gives it (YaneuraOu, ShogiHome).
    ClockedHarness h;
    ASSERT_TRUE(h.set_position("startpos moves 7g7f").ok());
    SearchLimits l;
    l.ponder = true;
    h.engine.go(l);
    h.clock.advance(5000);
    SearchLimits given;
    given.byoyomi = 400;
    h.engine.ponderhit(&given);
    // 400 less the margin, which takes at most an eighth of a byoyomi: 350 ms.
    h.clock.advance(340);
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100)));
    h.clock.advance(10);
    h.expect_one_answer_due();
}

// Stochastic_Ponder (YaneuraOu's): `go ponder` searches the position before the predicted
// move, White to move here; ponderhit starts a search of the position given on the clock from
// then, and an answer after stop is still a legal move of the position given.
TEST(Search, StochasticPonderSearchesThePositionBeforeThePredictedMove) {
    const std::string given    = "startpos moves 7g7f 3c3d";
    const std::string before   = "startpos moves 7g7f";
    const auto        legal_in = [](const std::string& position, Move m) {
        Game game;
        EXPECT_TRUE(game.set_position(position).ok());
        return m != Move::none() && is_legal(game.position(), m);
    };
    ClockedHarness h;
    h.engine.options().stochastic_ponder  = true;
    h.engine.options().root_mate_permille = 0;
    ASSERT_TRUE(h.set_position(given).ok());
    SearchLimits l;
    l.ponder  = true;
    l.byoyomi = 1000;
    h.engine.go(l);
    h.clock.advance(5000); // a long think of the opponent
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100)));
    ASSERT_TRUE(reports_within(h, DUE)) << "the ponder search reports its lines";
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(0))) << "and keeps pondering";
    size_t pondered = 0;
    {
        std::lock_guard lock(h.mutex);
        pondered = h.infos.size();
        ASSERT_GT(pondered, 0u);
        for (const SearchInfo& info : h.infos) { // (a fail-low report may have no line)
            if (!info.pv.empty()) {
                EXPECT_TRUE(legal_in(before, info.pv[0])) << "White's: " << to_usi(info.pv[0]);
            }
        }
    }
    h.engine.ponderhit();
    // A search of the position given, counted from ponderhit: byoyomi 1000 less 125 ms.
    h.clock.advance(850);
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(100))) << "counts from ponderhit";
    h.clock.advance(30);
    h.expect_one_answer_due("the answer comes within the byoyomi");
    ASSERT_EQ(h.answers.size(), 1u);
    EXPECT_TRUE(legal_in(given, h.answers[0].move)) << to_usi(h.answers[0].move);
    ASSERT_GT(h.infos.size(), pondered) << "the new search reports";
    for (size_t i = pondered; i < h.infos.size(); ++i) {
        if (!h.infos[i].pv.empty()) {
            EXPECT_TRUE(legal_in(given, h.infos[i].pv[0])) << to_usi(h.infos[i].pv[0]);
        }
    }

    // Stopped before ponderhit (the opponent played another move): one answer, legal in the
    // position given (the GUI discards it, but it is never a move of the other side).
    ClockedHarness miss;
    miss.engine.options().stochastic_ponder = true;
    ASSERT_TRUE(miss.set_position(given).ok());
    miss.engine.go(l);
    EXPECT_FALSE(answers_within(miss, std::chrono::milliseconds(100)));
    miss.engine.stop();
    miss.expect_one_answer_due();
    ASSERT_EQ(miss.answers.size(), 1u);
    EXPECT_TRUE(legal_in(given, miss.answers[0].move)) << to_usi(miss.answers[0].move);

    // Without the option, `go ponder` searches the position given.
    ClockedHarness plain;
    ASSERT_TRUE(plain.set_position(given).ok());
    plain.engine.go(l);
    ASSERT_TRUE(reports_within(plain, DUE, true)) << "a line of the pondered position";
    plain.engine.stop();
    plain.expect_one_answer_due();
    for (const SearchInfo& info : plain.infos) {
        if (!info.pv.empty()) {
            EXPECT_TRUE(legal_in(given, info.pv[0])) << to_usi(info.pv[0]);
        }
    }
    EXPECT_TRUE(legal_in(given, plain.answers[0].move)) << to_usi(plain.answers[0].move);
}

TEST(Search, HardLimitStopsAnIterationInProgress) {
    // At the start position no iteration ends the search before the clock does.
    ClockedHarness h;
    h.engine.options().root_mate_permille = 0;
    ASSERT_TRUE(h.set_position("startpos").ok());
    SearchLimits l;
    l.byoyomi = 2000;
    h.engine.go(l);
    EXPECT_FALSE(answers_within(h, std::chrono::milliseconds(200)));
    h.clock.advance(2000 - 250); // NetworkDelay2 takes at most an eighth of the byoyomi
    h.expect_one_answer_due();
    ASSERT_EQ(h.answers.size(), 1u);
    EXPECT_EQ(h.answers[0].kind, BestMove::Kind::MOVE);
}

TEST(Search, QuitSilencesTheAnswer) {
    Harness h;
    ASSERT_TRUE(h.set_position("startpos").ok());
    SearchLimits l;
    l.infinite = true;
    h.engine.go(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    h.engine.quit();
    EXPECT_TRUE(h.answers.empty());
}

TEST(Search, NodeLimitIsObeyed) {
    Harness      h;
    SearchLimits l;
    l.nodes = 5000;
    (void)h.search("startpos", l);
    EXPECT_LT(h.infos.back().nodes, 5000u + 2048u);
}

// A search stopped inside an iteration plays a move that this iteration already searched to
// the end and found better than the last iteration's best. Found by replaying depth-limited
// searches of the bench positions under a node limit that ends just before the end of the
// iteration where the best move changed.
TEST(Search, StoppedIterationKeepsAMoveItProvedBetter) {
    // The completed iterations' lines: a search slower than 3 s (a sanitizer build on a busy
    // machine) also reports fail-high and fail-low lines, whose PV may be empty.
    const auto iterations = [](const Harness& h) {
        std::vector<SearchInfo> lines;
        std::copy_if(h.infos.begin(), h.infos.end(), std::back_inserter(lines),
                     [](const SearchInfo& i) { return i.bound == BOUND_EXACT && !i.pv.empty(); });
        return lines;
    };
    int exercised = 0;
    for (int i = 0; i < BENCH_POSITION_COUNT && exercised == 0; ++i) {
        const std::string position = BENCH_POSITIONS[i];
        Harness           full_search;
        (void)full_search.search(position, depth_limit(9));
        const std::vector<SearchInfo> full = iterations(full_search);
        // Every iteration (from depth 4) whose best move differs from the previous one, until a
        // case is exercised (which iterations change their move depends on the evaluation, so
        // looking at the first change only can find no case at all; one case keeps the test
        // within a sanitizer build's time limit).
        for (size_t d = 4; d < full.size() && exercised == 0; ++d) {
            if (full[d].pv[0] == full[d - 1].pv[0]) continue;
            const Move     before = full[d - 1].pv[0];
            const Move     after  = full[d].pv[0];
            const uint64_t end    = full[d].nodes;
            // The node limit is checked every 1024 nodes: stop at least 1024 before the end,
            // and at two distances from it, since the new move's proof may come late.
            if (end < full[d - 1].nodes + 4096) continue;
            for (const uint64_t margin : {uint64_t(1100), uint64_t(2048)}) {
                Harness      cut;
                SearchLimits limits;
                limits.nodes                           = end - margin;
                const BestMove                bm       = cut.search(position, limits);
                const std::vector<SearchInfo> cut_info = iterations(cut);
                ASSERT_FALSE(cut_info.empty());
                // The stopped iteration searched `before` first, so another move on its line is
                // one it proved better: usually `after`, or one that `after` overtook later in
                // the iteration. The case is skipped when the stop fell before any such proof
                // (the line is then `before`'s) or before the new depth; were proved moves
                // dropped, every case would be skipped and `exercised` stay 0.
                const Move kept = cut_info.back().pv[0];
                if (cut_info.back().depth != int(d) + 1 || kept == before) continue;
                ++exercised;
                EXPECT_EQ(bm.move, kept) << position << ": " << to_usi(before) << " -> "
                                         << to_usi(kept) << " (then " << to_usi(after) << ")";
                break;
            }
        }
    }
    EXPECT_GT(exercised, 0) << "no stopped iteration kept the better move it had found";
}

// Lazy SMP: with helper threads the answer is still one legal move per go, and stop ends
// the helpers too.
TEST(Search, TwoThreadsAnswerOnceWithALegalMove) {
    Harness h;
    h.engine.options().threads = 2;
    const char*    pos         = "startpos moves 7g7f 3c3d";
    const BestMove b           = h.search(pos, depth_limit(8));
    Game           game;
    ASSERT_TRUE(game.set_position(pos).ok());
    EXPECT_TRUE(is_legal(game.position(), b.move));

    h.answers.clear();
    SearchLimits l;
    l.infinite = true;
    h.engine.go(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_TRUE(h.answers.empty());
    h.engine.stop();
    h.engine.wait();
    EXPECT_EQ(h.answers.size(), 1u);
    EXPECT_GT(h.infos.back().nodes, 0u);
}

// `go nodes` counts every thread's nodes, and with more threads than cores (this machine has
// two) the answer is still a searched line, not a depth-1 guess.
TEST(Search, NodeLimitCountsEveryThread) {
    Harness h;
    h.engine.options().threads = 4;
    h.engine.prepare();
    SearchLimits l;
    l.nodes          = 100'000;
    const BestMove b = h.search("startpos moves 7g7f 3c3d", l);
    EXPECT_GE(b.nodes, l.nodes);
    // Each thread may overshoot by the nodes between two of its checks (256).
    EXPECT_LE(b.nodes, l.nodes + 2 * 4 * 256);
    ASSERT_FALSE(h.infos.empty());
    EXPECT_GT(h.infos.back().depth, 4);
    EXPECT_NE(b.ponder, Move::none());
}

TEST(Search, SmallNodeBudgetWithManyThreadsStillSearches) {
    Harness h;
    h.engine.options().threads = 16;
    h.engine.prepare();
    SearchLimits l;
    l.nodes          = 1000;
    const BestMove b = h.search("startpos", l);
    EXPECT_LE(b.nodes, l.nodes + 256);
    ASSERT_FALSE(h.infos.empty());
    const SearchInfo& last = h.infos.back();
    EXPECT_GE(last.depth, 3) << "searched by the main thread alone";
    EXPECT_GE(last.seldepth, last.depth);
    ASSERT_GE(last.pv.size(), 2u);
    EXPECT_EQ(b.move, last.pv[0]);
    EXPECT_EQ(b.ponder, last.pv[1]);
}

// A stop or ponderhit that arrives before the search thread has started must not be lost;
// neither may the end of the main search before a helper has started (found in a match:
// a Threads=2 engine hung on a quick answer).
TEST(Search, RequestsBeforeTheSearchStartsAreKept) {
    for (int threads : {1, 2}) {
        for (int round = 0; round < 20; ++round) {
            Harness h;
            h.engine.options().threads = threads;
            ASSERT_TRUE(h.set_position("startpos").ok());
            SearchLimits l;
            l.infinite = true;
            h.engine.go(l);
            h.engine.stop(); // at once, often before the thread runs
            h.engine.wait();
            EXPECT_EQ(h.answers.size(), 1u);

            h.answers.clear();
            SearchLimits p;
            p.ponder  = true;
            p.byoyomi = 50;
            h.engine.go(p);
            h.engine.ponderhit(); // at once
            h.engine.wait(); // must end on its own within the byoyomi
            EXPECT_EQ(h.answers.size(), 1u);

            h.answers.clear();
            // The main search ends at once (mate in one): helpers must end too.
            EXPECT_EQ(h.search("sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1", depth_limit(6)).kind,
                      BestMove::Kind::MOVE);
        }
    }
}

// The lines of the deepest iteration reported, checking that every iteration reports its
// lines together, numbered 1..n.
std::vector<SearchInfo> last_iteration(const std::vector<SearchInfo>& infos, size_t lines) {
    EXPECT_EQ(infos.size() % lines, 0u) << "every iteration reports all its lines";
    for (size_t i = 0; i < infos.size(); ++i) {
        EXPECT_EQ(infos[i].multipv, int(i % lines) + 1) << "info " << i;
        EXPECT_EQ(infos[i].depth, infos[i - i % lines].depth) << "info " << i;
    }
    if (infos.size() < lines) return {};
    return {infos.end() - std::ptrdiff_t(lines), infos.end()};
}

TEST(Search, MultiPvReportsDistinctMovesBestFirst) {
    // Taking the hanging rook is far better than anything else. Deep enough that the shallow
    // search does not decide it: at depths 3 and 5 (net 3f44a42b) it found no escape for
    // white's rook in any line, so king moves scored as high as the capture.
    Harness h;
    h.engine.options().search.multi_pv = 3;
    const char*    pos                 = "sfen 4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1";
    const BestMove b                   = h.search(pos, depth_limit(8));
    const auto     lines               = last_iteration(h.infos, 3);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0].depth, 8);
    Game game;
    ASSERT_TRUE(game.set_position(pos).ok());
    for (size_t i = 0; i < lines.size(); ++i) {
        ASSERT_FALSE(lines[i].pv.empty()) << "line " << i + 1;
        EXPECT_TRUE(is_legal(game.position(), lines[i].pv[0])) << "line " << i + 1;
        for (size_t j = 0; j < i; ++j)
            EXPECT_NE(lines[i].pv[0], lines[j].pv[0]) << "lines " << j + 1 << " and " << i + 1;
        if (i > 0) {
            EXPECT_GE(lines[i - 1].score, lines[i].score) << "line " << i + 1;
        }
    }
    EXPECT_EQ(to_usi(lines[0].pv[0]), "4f5e");
    EXPECT_GT(lines[0].score, lines[1].score + 500) << "only line 1 wins the rook";
    ASSERT_EQ(b.kind, BestMove::Kind::MOVE);
    EXPECT_EQ(b.move, lines[0].pv[0]) << "bestmove is line 1's move";
}

TEST(Search, MultiPvWithFewerLegalMovesThanLines) {
    // The rook on 1i checks the king on 9i, which has two flights: 8h and 9h.
    Harness h;
    h.engine.options().search.multi_pv = 5;
    const char* pos                    = "sfen 8k/9/9/9/9/9/9/9/K7r b - 1";
    Game        game;
    ASSERT_TRUE(game.set_position(pos).ok());
    ASSERT_EQ(MoveList<GenType::LEGAL>(game.position()).size(), 2u);
    (void)h.search(pos, depth_limit(4));
    ASSERT_EQ(h.infos.size(), 4u * 2u) << "two lines at each of the 4 depths";
    const auto lines = last_iteration(h.infos, 2);
    ASSERT_EQ(lines.size(), 2u);
    ASSERT_FALSE(lines[0].pv.empty());
    ASSERT_FALSE(lines[1].pv.empty());
    std::vector<std::string> first_moves{to_usi(lines[0].pv[0]), to_usi(lines[1].pv[0])};
    std::sort(first_moves.begin(), first_moves.end());
    EXPECT_EQ(first_moves, (std::vector<std::string>{"9i8h", "9i9h"}));
}

TEST(Search, SinglePvReportsOneLinePerDepth) {
    Harness h;
    (void)h.search("startpos moves 7g7f 3c3d", depth_limit(5));
    ASSERT_EQ(h.infos.size(), 5u);
    for (size_t i = 0; i < h.infos.size(); ++i) {
        EXPECT_EQ(h.infos[i].depth, int(i) + 1);
        EXPECT_EQ(h.infos[i].multipv, 1);
    }
}

TEST(Search, MultiPvStopsOnRequestAndAnswersOnce) {
    Harness h;
    h.engine.options().search.multi_pv = 4;
    ASSERT_TRUE(h.set_position("startpos").ok());
    SearchLimits l;
    l.infinite = true;
    h.engine.go(l);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    h.engine.stop();
    h.engine.wait();
    ASSERT_EQ(h.answers.size(), 1u);
    ASSERT_EQ(h.answers[0].kind, BestMove::Kind::MOVE);
    ASSERT_FALSE(h.infos.empty());
    for (const SearchInfo& info : h.infos) {
        EXPECT_GE(info.multipv, 1);
        EXPECT_LE(info.multipv, 4);
    }
    // The answer is line 1 of the last report.
    auto last_first = std::find_if(h.infos.rbegin(), h.infos.rend(),
                                   [](const SearchInfo& i) { return i.multipv == 1; });
    ASSERT_NE(last_first, h.infos.rend());
    ASSERT_FALSE(last_first->pv.empty());
    EXPECT_EQ(h.answers[0].move, last_first->pv[0]);
}

// MaxMovesToDraw, counted in game plies as YaneuraOu does: with limit L the game is drawn
// once L moves are played (game ply L + 1), unless the move that reached the limit mated.
struct MoveLimitCase {
    const char* position;
    int         limit;
    int         depth;
};

Value score_with_move_limit(const MoveLimitCase& c) {
    Harness h;
    h.engine.options().search.draw_value        = -37;
    h.engine.options().search.max_moves_to_draw = c.limit;
    const BestMove b                            = h.search(c.position, depth_limit(c.depth));
    EXPECT_EQ(b.kind, BestMove::Kind::MOVE);
    return h.infos.empty() ? VALUE_NONE : h.infos.back().score;
}

TEST(Search, MaxMovesToDrawMakesEveryLineADrawPastTheLimit) {
    // Black wins the hanging rook (4f5e) unless the game ends first.
    const char* rook = "sfen 4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1";
    EXPECT_GT(score_with_move_limit({rook, 0, 4}), 500) << "0 means no limit";
    EXPECT_GT(score_with_move_limit({rook, 100, 4}), 500) << "the limit is far away";
    // Limit 1: every move of Black's ends the game. At depth 1 the replies are quiescence
    // nodes, at depth 4 full-width ones.
    EXPECT_EQ(score_with_move_limit({rook, 1, 1}), -37);
    EXPECT_EQ(score_with_move_limit({rook, 1, 4}), -37);
    // Limit 2: White's reply ends it.
    EXPECT_EQ(score_with_move_limit({rook, 2, 4}), -37);
}

TEST(Search, MaxMovesToDrawKeepsAMateOnTheLastMove) {
    // Mate in one (G*5b) as move 1 with limit 1: the mate stands.
    const char* one = "sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1";
    EXPECT_EQ(score_with_move_limit({one, 1, 3}), mate_in(1));
    // A mate in three from move 100: moves 100, 101 and 102. The limit is counted from the
    // position's move number.
    const char* three = "sfen k2G5/9/K8/9/N8/9/9/9/9 b 2r2b3g4s3n4l18p 100";
    EXPECT_EQ(score_with_move_limit({three, 0, 5}), mate_in(3));
    EXPECT_EQ(score_with_move_limit({three, 102, 5}), mate_in(3));
    EXPECT_EQ(score_with_move_limit({three, 101, 5}), -37) << "drawn before the mate";
}

// ResignValue: resign when the final score is at or below -ResignValue, in searches whose
// move is played. Black here lacks a rook and a bishop (about -2000, no quick mate).
constexpr const char* kLostPosition = "sfen 3rkb3/9/9/9/9/9/9/9/4K4 b - 1";

BestMove search_with_resign_value(const char* position, Value resign_value, Value* score) {
    Harness h;
    h.engine.options().resign_value = resign_value;
    const BestMove b                = h.search(position, depth_limit(4));
    *score                          = h.infos.empty() ? VALUE_NONE : h.infos.back().score;
    return b;
}

TEST(Search, ResignValueResignsAtOrBelowTheThreshold) {
    Value score = 0;
    EXPECT_EQ(EngineOptions{}.resign_value, NEVER_RESIGN);
    EXPECT_EQ(search_with_resign_value(kLostPosition, NEVER_RESIGN, &score).kind,
              BestMove::Kind::MOVE);
    ASSERT_LT(score, -1000);
    ASSERT_GT(score, VALUE_MATED_IN_MAX_PLY);
    Value again = 0;
    EXPECT_EQ(search_with_resign_value(kLostPosition, 1000, &again).kind, BestMove::Kind::RESIGN);
    EXPECT_EQ(again, score);
    // The boundary: a score equal to -ResignValue resigns; one above -ResignValue does not.
    EXPECT_EQ(search_with_resign_value(kLostPosition, -score, &again).kind, BestMove::Kind::RESIGN);
    EXPECT_EQ(search_with_resign_value(kLostPosition, -score + 1, &again).kind,
              BestMove::Kind::MOVE);
    // The winning side does not resign even at 0.
    EXPECT_EQ(search_with_resign_value("sfen 4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1", 0, &again).kind,
              BestMove::Kind::MOVE);
}

TEST(Search, ResignValueOnlyWhenTheMoveIsPlayed) {
    Harness h;
    h.engine.options().resign_value = 1000;
    ASSERT_TRUE(h.set_position(kLostPosition).ok());
    auto answer = [&](SearchLimits l, bool ponderhit) {
        h.answers.clear();
        h.infos.clear();
        h.engine.go(l);
        // Wait for depth 4's exact score: a fixed sleep raced a slow sanitizer build.
        holds_within(h, std::chrono::seconds(60), [](Harness& x) {
            return std::any_of(x.infos.begin(), x.infos.end(), [](const SearchInfo& i) {
                return i.depth >= 4 && i.bound == BOUND_EXACT;
            });
        });
        if (ponderhit)
            h.engine.ponderhit();
        else
            h.engine.stop();
        h.engine.wait();
        EXPECT_FALSE(h.infos.empty());
        if (!h.infos.empty()) {
            EXPECT_LE(h.infos.back().score, -1000);
        }
        return h.answers.size() == 1 ? h.answers[0].kind : BestMove::Kind::WIN;
    };
    SearchLimits infinite;
    infinite.infinite = true;
    infinite.depth    = 4;
    EXPECT_EQ(answer(infinite, false), BestMove::Kind::MOVE) << "analysis never resigns";
    SearchLimits ponder;
    ponder.ponder  = true;
    ponder.byoyomi = 1000;
    ponder.depth   = 4;
    EXPECT_EQ(answer(ponder, false), BestMove::Kind::MOVE) << "ponder miss: nothing is played";
    EXPECT_EQ(answer(ponder, true), BestMove::Kind::RESIGN) << "ponderhit: a normal search";
}

// Hand superiority: a board that recurs with more in hand for the side to move than before is
// no repetition under the rules, so the search goes on there and scores the material the
// cycle won. In the games below Black's rook takes White's pawn on 2c and comes back, and
// White re-drops the pawn.
Value score_of_root_move(const std::string& position, std::string_view usi_move, int depth) {
    Harness h;
    Game    game;
    EXPECT_TRUE(game.set_position(position).ok());
    std::string  error;
    SearchLimits limits = depth_limit(depth);
    limits.searchmoves.push_back(parse_legal_move(game.position(), usi_move, error));
    EXPECT_NE(limits.searchmoves[0], Move::none()) << error;
    const BestMove b = h.search(position, limits);
    EXPECT_EQ(b.move, limits.searchmoves[0]);
    return h.infos.empty() ? VALUE_NONE : h.infos.back().score;
}

TEST(Search, HandSuperiorityIsSearchedOnAndScoredByMaterial) {
    // Black's 2e2h brings back the first board, White to move, with one pawn less in White's
    // hand: the same position as the one searched without its history.
    const char* white_first = "sfen 4k4/9/7p1/9/9/9/9/7R1/4K4 w p 1 moves 5a5b 2h2c 5b5a 2c2e P*2c";
    Game        game;
    ASSERT_TRUE(game.set_position(white_first).ok());
    ASSERT_EQ(game.position().sfen(), "4k4/9/7p1/9/7R1/9/9/9/4K4 b P 6");
    const Value fresh = score_of_root_move("sfen 4k4/9/7p1/9/7R1/9/9/9/4K4 b P 6", "2e2h", 3);
    EXPECT_GT(fresh, 0);
    EXPECT_LT(fresh, 5000);
    EXPECT_EQ(score_of_root_move(white_first, "2e2h", 3), fresh);
    // White's 5b5a brings back the first board, Black to move, with White's pawn now in
    // Black's hand: an ordinary score, in Black's favour, for White's move.
    const Value inferior = score_of_root_move(
        "sfen 4k4/9/7p1/9/9/9/9/7R1/4K4 b p 1 moves 2h2c 5a5b 2c2e P*2c 2e2h", "5b5a", 3);
    EXPECT_LT(inferior, 0);
    EXPECT_GT(inferior, -5000);
}

TEST(Search, SearchmovesMayNameANeverBetterNonPromotion) {
    // The search leaves out 2h2c (a rook that could promote); `searchmoves` still gets it.
    const std::string position = "sfen 4k4/9/7p1/9/9/9/9/7R1/4K4 b - 1";
    const Value       v        = score_of_root_move(position, "2h2c", 3);
    EXPECT_FALSE(is_mate_score(v)) << v;
}

TEST(Search, QuitReportsNothingNotEvenTheInterruptedIteration) {
    // quit() right after go(): whichever thread wins the race, an iteration that quit
    // interrupted is never reported (at the start position a finished depth 1 visits all 30
    // root moves, an interrupted one only the root), and no bestmove follows.
    Harness h;
    ASSERT_TRUE(h.set_position("startpos").ok());
    SearchLimits limits;
    limits.infinite = true;
    for (int round = 0; round < 50; ++round) {
        h.engine.go(limits);
        h.engine.quit();
    }
    std::lock_guard lock(h.mutex);
    for (const SearchInfo& info : h.infos)
        EXPECT_GT(info.nodes, 30u) << "depth " << info.depth;
    EXPECT_TRUE(h.answers.empty());
}

TEST(Search, BenchIsDeterministic) {
    Harness        h;
    const uint64_t nodes = h.engine.bench(3).nodes;
    EXPECT_EQ(h.engine.bench(3).nodes, nodes);
    EXPECT_GT(nodes, 1000u);
}

// The move ordering's record: every fail-high node is counted once by move number and once by
// kind, no type has more fail-highs than nodes, and a search with its histories and table
// cuts most expected cut nodes with its first move (a broken ordering would not).
TEST(Search, BenchCountsItsCutOffs) {
    Harness           h;
    const BenchResult r = h.engine.bench(6);
    for (const auto type : {CutoffStats::PV, CutoffStats::CUT, CutoffStats::ALL}) {
        uint64_t by_kind = 0;
        for (const uint64_t n : r.cutoffs.by_kind[type])
            by_kind += n;
        EXPECT_EQ(by_kind, r.cutoffs.cutoffs(type)) << type;
        EXPECT_LE(r.cutoffs.cutoffs(type), r.cutoffs.nodes[type]) << type;
        EXPECT_GT(r.cutoffs.nodes[type], 0u) << type;
    }
    const uint64_t cut = r.cutoffs.cutoffs(CutoffStats::CUT);
    EXPECT_GT(r.cutoffs.by_index[CutoffStats::CUT][0] * 2, cut);
    EXPECT_GT(r.cutoffs.by_kind[CutoffStats::CUT][CutoffStats::TT_MOVE], 0u);
    EXPECT_GT(r.cutoffs.by_kind[CutoffStats::CUT][CutoffStats::KILLER], 0u);
}

// Each position is reported once, in order, as its search ends; their nodes add up to the
// total, and their times fit in the total time.
TEST(Search, BenchReportsEveryPosition) {
    Harness                    h;
    std::vector<BenchPosition> positions;
    const BenchResult          r =
        h.engine.bench(3, {}, [&](const BenchPosition& p) { positions.push_back(p); });
    ASSERT_EQ(int(positions.size()), BENCH_POSITION_COUNT);
    uint64_t nodes = 0;
    int64_t  us    = 0;
    for (int i = 0; i < BENCH_POSITION_COUNT; ++i) {
        EXPECT_EQ(positions[size_t(i)].number, i + 1);
        EXPECT_EQ(positions[size_t(i)].count, BENCH_POSITION_COUNT);
        EXPECT_GT(positions[size_t(i)].nodes, 0u) << "position " << i + 1;
        nodes += positions[size_t(i)].nodes;
        us += positions[size_t(i)].time_us;
    }
    EXPECT_EQ(nodes, r.nodes);
    EXPECT_LE(us / 1000, r.time_ms);
}

} // namespace
} // namespace tsubame
