// The search's candidate rules behind SearchParams switches (capture history, correction
// history, ProbCut, the Stockfish-style reduction adjustments and fractional reductions,
// the table's PV flag in the reductions and in reverse futility, no reverse futility under a
// quiet stored move,
// continuation histories up to 6 plies back, history in the pruning of quiet moves, promotions
// as quiet moves, futility on the static evaluation, the low-ply history, threat ordering of
// drops, the evaluation's change taught to the history, the fail-low bonus to the move that
// refuted a node, checking captures in quiescence, quiescence's pruning of promotions, its
// sound upper bound, its repetition test and its stand pat on a stored bound, the check
// extension off or on the PV only, capture history in the capture pruning, double
// extensions, two plies of internal iterative reduction, the root's shallower search after a
// fail-high, later moves' children as expected cut nodes, evasions pruned, the parent move's
// history in reverse futility, fail-high values pulled towards beta, the history tables'
// weights in the order, the continuation histories' rate, the butterfly history's aging, the
// continuation update after a re-search, quiescence's futility by exchange and its SEE margin,
// the stored result's cut by node type, the good captures' threshold, continuation-history
// pruning at any depth): each one,
// switched on alone, changes the search (so the switch is wired) and keeps the search's
// tactics; and the correction history's pieces behave as documented.

#include <gtest/gtest.h>

#include <iterator>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "engine/engine.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/correction.h"

namespace tsubame {
namespace {

// A switch and the value that turns it on.
struct Switch {
    const char* name;
    int SearchParams::*field;
    int                on;
};

const Switch SWITCHES[] = {
    {"LmrFractional", &SearchParams::lmr_fractional, 1},
    {"LmrTtCapture", &SearchParams::lmr_tt_capture, LMR_GRAIN},
    {"LmrCutoffs", &SearchParams::lmr_cutoffs, LMR_GRAIN},
    {"LmrResearch", &SearchParams::lmr_research, 1},
    {"LateMovesCut", &SearchParams::late_moves_cut, 1},
    {"PruneInCheck", &SearchParams::prune_in_check, 1},
    {"LmrTtPv", &SearchParams::lmr_tt_pv, LMR_GRAIN},
    {"RfpNotTtPv", &SearchParams::rfp_not_tt_pv, 1},
    {"RfpQuietTtMove", &SearchParams::rfp_quiet_tt_move, 1},
    {"ProbcutMargin", &SearchParams::probcut_margin, 200},
    {"CaptureHistoryDiv", &SearchParams::capture_history_div, 8},
    {"CorrectionWeight", &SearchParams::correction_weight, 0}, // on by default: switched off
    {"ContinuationPlies", &SearchParams::continuation_plies, 0b111111},
    {"HistoryPruneMargin", &SearchParams::history_prune_margin, 1000},
    {"PruneHistoryDiv", &SearchParams::prune_history_div, 4000},
    {"QuietPromotions", &SearchParams::quiet_promotions, 0}, // on by default: switched off
    {"QuietPromotions", &SearchParams::quiet_promotions, 2}, // bishops and rooks tactical
    {"FutilityStaticEval", &SearchParams::futility_static_eval, 1},
    {"LowPlyHistory", &SearchParams::low_ply_history, 8},
    {"ThreatDrops", &SearchParams::threat_drops, 1},
    {"EvalDiffHistory", &SearchParams::eval_diff_history, 50},
    {"FailLowPriorBonus", &SearchParams::fail_low_prior_bonus, 100},
    {"QsCheckingCaptures", &SearchParams::qs_checking_captures, 1},
    {"QsPrunePromotions", &SearchParams::qs_prune_promotions, 1},
    {"QsFutilityBest", &SearchParams::qs_futility_best, 1},
    {"QsRepetition", &SearchParams::qs_repetition, 1},
    {"QsTtStandPat", &SearchParams::qs_tt_stand_pat, 1},
    {"CheckExtension", &SearchParams::check_extension, 0}, // on by default: switched off
    {"CheckExtension", &SearchParams::check_extension, 2}, // on the PV only
    {"SeeCaptureHistoryDiv", &SearchParams::see_capture_history_div, 32},
    {"SingularDoubleMargin", &SearchParams::singular_double_margin, 20},
    {"IirPlies", &SearchParams::iir_plies, 2},
    {"AspirationFailHigh", &SearchParams::aspiration_fail_high, 1},
    {"RfpHistoryDiv", &SearchParams::rfp_history_div, 600},
    {"FailHighDamp", &SearchParams::fail_high_damp, 1},
    {"OrderMainPct", &SearchParams::order_main_pct, 100}, // 200 by default
    {"OrderCont1Pct", &SearchParams::order_cont1_pct, 200}, // 100 by default
    {"ContBonusPct", &SearchParams::cont_bonus_pct, 50}, // 100 by default
    {"HistoryAgeDiv", &SearchParams::history_age_div, 1}, // 2 by default; 1: no aging
    {"PostLmrBonus", &SearchParams::post_lmr_bonus, 100},
    {"QsSeeFutility", &SearchParams::qs_see_futility, 170},
    {"QsSeeMargin", &SearchParams::qs_see_margin, 90},
    {"TtCutNodeType", &SearchParams::tt_cut_node_type, 6},
    {"GoodCaptureDiv", &SearchParams::good_capture_div, 18},
    {"ContPruneMargin", &SearchParams::cont_prune_margin, 2000},
};

// How GoogleTest names a switch in its messages (otherwise the struct's bytes, pointers included).
void PrintTo(const Switch& sw, std::ostream* os) {
    *os << sw.name << '=' << sw.on;
}

// A fixed-depth search of `sfen` with `sw` switched on (or none): its move and last score.
struct Answer {
    std::string move;
    Value       score = VALUE_NONE;
};
Answer search(const Switch* sw, const char* sfen, int depth) {
    std::mutex mutex;
    Answer     answer;
    Engine     engine{Engine::Callbacks{[&](const SearchInfo& i) {
                                        std::lock_guard lock(mutex);
                                        answer.score = i.score;
                                    },
                                    [&](const BestMove& b) {
                                        std::lock_guard lock(mutex);
                                        if (b.kind == BestMove::Kind::MOVE)
                                            answer.move = to_usi(b.move);
                                    }}};
    if (sw) engine.options().search.params.*(sw->field) = sw->on;
    EXPECT_TRUE(engine.set_position(sfen, {}).ok()) << sfen;
    SearchLimits limits;
    limits.depth = depth;
    engine.go(limits);
    engine.wait();
    std::lock_guard lock(mutex);
    return answer;
}

uint64_t bench_nodes(const Switch* sw, int depth) {
    Engine engine{Engine::Callbacks{[](const SearchInfo&) {}, [](const BestMove&) {}}};
    if (sw) engine.options().search.params.*(sw->field) = sw->on;
    return engine.bench(depth).nodes;
}

// The switches in groups, each group a test of its own against one search with none: a test
// per switch would search the bench once more each, and one test for all of them came near
// its timeout under the sanitizers on a loaded machine.
constexpr int SWITCH_GROUPS = 8;
static_assert(std::size(SWITCHES) >= SWITCH_GROUPS, "every group holds a switch");

class SwitchGroup : public ::testing::TestWithParam<int> { };

TEST_P(SwitchGroup, EachChangesTheSearchOfTheBenchPositions) {
    const uint64_t base = bench_nodes(nullptr, 7);
    for (size_t i = static_cast<size_t>(GetParam()); i < std::size(SWITCHES); i += SWITCH_GROUPS)
        EXPECT_NE(bench_nodes(&SWITCHES[i], 7), base) << SWITCHES[i].name << " changes nothing";
}

INSTANTIATE_TEST_SUITE_P(SearchSwitches, SwitchGroup, ::testing::Range(0, SWITCH_GROUPS));

// Whole-ply reductions truncate a half-ply weight away; fractional ones sum it and round
// once, so that a tuner's small steps act.
TEST(SearchSwitches, HalfAPlyOfReductionActsOnlyWhenFractional) {
    auto nodes = [](int fractional, int cut_node) {
        Engine engine{Engine::Callbacks{[](const SearchInfo&) {}, [](const BestMove&) {}}};
        engine.options().search.params.lmr_fractional = fractional;
        engine.options().search.params.lmr_cut_node   = cut_node;
        return engine.bench(7).nodes;
    };
    EXPECT_EQ(nodes(0, LMR_GRAIN * 3 / 2), nodes(0, LMR_GRAIN));
    EXPECT_NE(nodes(1, LMR_GRAIN * 3 / 2), nodes(1, LMR_GRAIN));
}

class SwitchTactics : public ::testing::TestWithParam<Switch> { };

TEST_P(SwitchTactics, KeepsTheTactics) {
    const Switch& sw = GetParam();
    // A rook attacked by a silver and defended by nothing.
    EXPECT_EQ(search(&sw, "4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1", 6).move.substr(0, 4), "4f5e");
    // A mate in one by a gold drop, and a mate in 3 with no attacking king.
    EXPECT_EQ(search(&sw, "4k4/9/4G4/9/9/9/9/9/4K4 b G 1", 5).score, mate_in(1));
    EXPECT_EQ(search(&sw, "k2G5/9/K8/9/N8/9/9/9/9 b 2r2b3g4s3n4l18p 1", 7).score, mate_in(3));
}

// One test per switch, named by the switch and its value (QuietPromotions_0, ...).
INSTANTIATE_TEST_SUITE_P(SearchSwitches, SwitchTactics, ::testing::ValuesIn(SWITCHES),
                         [](const ::testing::TestParamInfo<Switch>& p) {
                             return std::string(p.param.name) + "_" + std::to_string(p.param.on);
                         });

// With QsRepetition, a move at depth 1 that repeats the position is scored as the draw it is,
// not by the net: quiescence's first node tests repetition as the main search's nodes do.
Value score_of_repeating_move(bool qs_repetition, Value draw) {
    Value  score = VALUE_NONE;
    Engine engine{
        Engine::Callbacks{[&](const SearchInfo& i) { score = i.score; }, [](const BestMove&) {}}};
    engine.options().search.params.qs_repetition = qs_repetition;
    engine.options().search.draw_value           = draw;
    // The kings step out and back: gote's 5b5a brings back the position after 3a2b.
    const std::vector<std::string> moves = {"7g7f", "3c3d", "8h2b+", "3a2b",
                                            "5i5h", "5a5b", "5h5i"};
    EXPECT_TRUE(engine.set_position(Position::START_SFEN, moves).ok());
    std::string  error;
    SearchLimits limits;
    limits.depth       = 1;
    limits.searchmoves = {parse_legal_move(engine.game().position(), "5b5a", error)};
    engine.go(limits);
    engine.wait();
    return score;
}

TEST(SearchSwitches, QsRepetitionScoresARepeatingFrontierMoveAsADraw) {
    constexpr Value DRAW = -37; // the root side's draw score, unlike any evaluation nearby
    EXPECT_EQ(score_of_repeating_move(true, DRAW), DRAW);
    EXPECT_NE(score_of_repeating_move(false, DRAW), DRAW);
}

TEST(Correction, PawnStructureIndexFollowsThePawnsOnly) {
    Game a, b, c;
    ASSERT_TRUE(a.set_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").ok());
    // A rook moved: the same pawns.
    ASSERT_TRUE(b.set_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B3R3/LNSGKGSNL b - 1").ok());
    // A pawn advanced.
    ASSERT_TRUE(
        c.set_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1").ok());
    const int ia = pawn_structure_index(a.position());
    EXPECT_EQ(pawn_structure_index(b.position()), ia);
    EXPECT_NE(pawn_structure_index(c.position()), ia);
    EXPECT_GE(ia, 0);
    EXPECT_LT(ia, PAWN_CORRECTION_SIZE);
}

TEST(Correction, BonusGrowsWithDepthAndIsBounded) {
    EXPECT_EQ(correction_bonus(10, 8), 10 * CORRECTION_GRAIN);
    EXPECT_EQ(correction_bonus(10, 16), 20 * CORRECTION_GRAIN);
    EXPECT_EQ(correction_bonus(-10, 8), -10 * CORRECTION_GRAIN);
    EXPECT_EQ(correction_bonus(5000, 20), CORRECTION_LIMIT / 4);
    EXPECT_EQ(correction_bonus(-5000, 20), -CORRECTION_LIMIT / 4);
}

} // namespace
} // namespace tsubame
