#pragma once

// The search's tunable constants: margins, reductions and limits of its pruning rules, in one
// place so that a tuner (SPSA over the match runner) or an A/B match can set them by name,
// with one binary and no rebuild (`setoption name Search_<name>`). Margins are in evaluation
// units (a pawn is about 90, as in YaneuraOu); depths and reductions in plies; ordering
// bonuses in history units (an entry's bound is 16384). Switches for rules the search does not
// use by default are 0. Eight of the defaults are the end of an SPSA run (2026-11-28,
// docs/development.md "SPSA on nine constants"), kept on a 300-game match at 200 ms.

#include <string_view>

namespace tsubame {

/// The unit of the late move reduction's adjustments: 1/1024 of a ply.
inline constexpr int LMR_GRAIN = 1024;

/// The constants the search reads (see search_node.cpp for where each applies).
struct SearchParams {
    /// 1: a promotion that takes nothing, by any piece but a pawn, is a quiet move: ordered by
    /// history, reduced and pruned as one (YaneuraOu); 2: the same but for a bishop's or
    /// rook's (YaneuraOu's "valuable" promotions); 0: every promotion is tactical. 1 won
    /// +75 Elo at 200 ms (docs/development.md, "Promotions as quiet moves").
    int quiet_promotions = 1;
    // Late move reductions: table(d, m) = table_scale / 100 * ln d * ln m plies. The
    // adjustments are in 1/1024 plies (LMR_GRAIN), so that a tuner can move them smoothly.
    int lmr_table_scale = 51;
    int lmr_min_depth   = 3;
    /// 0: the table and the history's share are whole plies (each rounded or truncated on its
    /// own) and the sum is truncated; 1: everything is summed in 1/1024 plies and rounded
    /// once (Stockfish), so that history acts smoothly.
    int lmr_fractional    = 0;
    int lmr_cut_node      = LMR_GRAIN; ///< more at an expected cut node (1/1024 plies)
    int lmr_not_improving = LMR_GRAIN; ///< more when not improving (1/1024 plies)
    int lmr_pv_node       = LMR_GRAIN; ///< less at a PV node (1/1024 plies)
    int lmr_history_div   = 9288; ///< quiet ordering score / this, in plies, taken off
    int lmr_captures      = 0; ///< 1: late captures and promotions are reduced too (less 1)
    int lmr_tt_capture    = 0; ///< a quiet move this more where the stored move is a capture
    int lmr_cutoffs       = 0; ///< this more when this node's children failed high over 3 times
    int lmr_research      = 0; ///< 1: the re-search deeper or shallower by the reduced result
    /// 1: the first null-window search of every move after the first expects its child to
    /// fail high (an expected cut node), reduced or not, as Stockfish's and YaneuraOu's do;
    /// 0: a move searched at full depth alternates the node types as the first move does.
    int late_moves_cut = 0;
    /// Less at a node on a PV or once on one (the table's flag, Stockfish's ttPv), in 1/1024
    /// plies; the PV node's own relief (lmr_pv_node) comes on top.
    int lmr_tt_pv = 0;
    // Shallow pruning of moves.
    int lmp_base             = 3; ///< late move pruning after (base + depth^2) / (2 - improving)
    int lmp_max_depth        = 6;
    int lmp_checks           = 0; ///< 1: quiet checks are late-move pruned too (YaneuraOu)
    int history_prune_depth  = 3; ///< reduced depths below which two bad continuations prune
    int history_prune_margin = 0; ///< a quiet move whose history < -this * depth is pruned
    int prune_history_div    = 0; ///< the reduced depth of pruning + quiet history / this
    /// A quiet move whose last two continuation histories sum below -this * depth is pruned
    /// at any depth (Stockfish's continuation-history pruning); 0: none.
    int cont_prune_margin     = 0;
    int futility_base         = 100;
    int futility_per_depth    = 120;
    int futility_max_depth    = 12; ///< reduced depths below which quiet futility applies
    int futility_static_eval  = 0; ///< 1: futility on the static eval, not the sharpened one
    int see_quiet             = 35; ///< quiet SEE threshold -this * reduced depth^2
    int see_capture           = 100; ///< capture SEE threshold -this * depth
    int see_capture_max_depth = 6;
    /// 1: evasions are pruned too, by the SEE and history rules (not by move count or
    /// futility), as Stockfish and YaneuraOu prune them; 0: every evasion is searched.
    int prune_in_check = 0;
    /// A capture's SEE threshold moves by its capture history / this, at most by the
    /// threshold itself either way (Stockfish); 0: no history in the capture pruning.
    int see_capture_history_div = 0;
    int check_see_max_depth     = 4; ///< checks losing over 100 a ply are pruned to this depth
    /// 1: quiescence searches a capture that checks even past its delta pruning, past the two
    /// best captures, and losing up to 90 by SEE (YaneuraOu).
    int qs_checking_captures = 0;
    /// 1: promotions in quiescence, capturing or not, are pruned as the other captures are:
    /// by delta (their promotion gain counted) and by SEE; 0: every promotion is searched.
    int qs_prune_promotions = 0;
    /// 1: a capture skipped by quiescence's delta pruning raises the node's result to what it
    /// might have reached (below alpha), so that the stored upper bound stays sound (Stockfish).
    int qs_futility_best = 0;
    /// 1: quiescence's first node tests repetition, a declaration win and mate distance, as
    /// the main search's nodes do (Stockfish and YaneuraOu test repetition there); 0: it does
    /// not, and a quiet move at depth 1 that repeats the position is scored by the net.
    int qs_repetition = 0;
    /// 1: quiescence's stand-pat value is the stored search value where the entry bounds it
    /// in that direction, as the main search's pruning reads it; 0: the corrected evaluation.
    int qs_tt_stand_pat = 0;
    /// Quiescence's futility by exchange: far below alpha (stand pat + this <= alpha), a
    /// capture that does not win material by SEE is skipped, and the node's result counts
    /// stand pat + this (Stockfish's futilityBase); 0: only the delta pruning.
    int qs_see_futility = 0;
    /// Quiescence skips a capture that loses more than this by SEE (YaneuraOu and Stockfish
    /// let one lose up to about a pawn); 0: every losing capture is skipped.
    int qs_see_margin = 0;
    // Node pruning.
    int razor_margin    = 300; ///< per ply
    int razor_max_depth = 2;
    int rfp_margin      = 145; ///< reverse futility margin per ply
    int rfp_max_depth   = 10;
    int rfp_not_tt_pv   = 0; ///< 1: no reverse futility at a node once on a PV (Stockfish)
    /// 1: no reverse futility at a node whose stored move is quiet (a drop or a non-capture):
    /// a quiet move refuted something here before, a sign that the static evaluation misses
    /// a threat (Stockfish and YaneuraOu: only without a stored move or with a capture).
    int rfp_quiet_tt_move = 0;
    /// Reverse futility's margin falls by the history score of the move that led to the node
    /// / this, and rises by it for a move with a bad one (Stockfish's statScore of the parent):
    /// the reply to a poorly ordered move is pruned sooner; 0: no history in the margin.
    int rfp_history_div = 0;
    /// 1: a fail-high's value is pulled towards beta, the more the shallower the node:
    /// (value * depth + beta) / (depth + 1) at non-PV nodes, (value + beta) / 2 on
    /// quiescence's stand pat and (3 * value + beta) / 4 at its end (Stockfish), so that
    /// optimistic lower bounds feed the pruning above less; 0: the value as found.
    int fail_high_damp = 0;
    /// A stored result cuts a non-PV node only if its direction matches the node's expected
    /// type (a lower bound at a cut node, an upper bound at an all node) below this depth, and
    /// a lower bound above beta must be a ply deeper than the node (Stockfish: 6); 0: any
    /// usable bound.
    int tt_cut_node_type  = 0;
    int nmp_min_depth     = 3;
    int nmp_r_base        = 4; ///< null-move reduction: base + depth / div + min(excess / 200, 3)
    int nmp_r_div         = 4;
    int nmp_verify_depth  = 12; ///< from this depth a null-move cut-off is verified
    int nmp_cut_only      = 0; ///< 1: only at expected cut nodes (Stockfish)
    int probcut_margin    = 0; ///< ProbCut's beta is beta + this; 0: no ProbCut
    int probcut_min_depth = 5;
    // Extensions and the node's depth.
    int check_extension    = 1; ///< checks that keep their material are extended (2: at PV nodes)
    int singular_min_depth = 6;
    int singular_margin    = 2; ///< singular beta = stored value - margin * depth
    /// Non-PV: a stored move that stays singular by this much more is extended by two plies
    /// (Stockfish's double extension, at most MAX_DOUBLE_EXTENSIONS in a line); 0: never.
    int singular_double_margin = 0;
    int alpha_raise_reduces    = 0; ///< plies taken off once alpha is raised (Stockfish: 2)
    /// Internal iterative reduction: plies taken off a PV or expected cut node from this depth
    /// when the table holds no move for it.
    int iir_plies     = 1;
    int iir_min_depth = 6;
    // The root's aspiration window.
    int aspiration_delta = 40; ///< the first window's half-width; it grows by half on each fail
    /// 1: each fail-high in a row searches the root one ply shallower (Stockfish's
    /// failedHighCnt), so that a rising score is confirmed cheaply; a fail-low resets it.
    int aspiration_fail_high = 0;
    // Move ordering.
    int quiet_check_bonus = 0; ///< a quiet check that keeps its piece (SEE >= -75; YaneuraOu)
    int threat_escape     = 20000; ///< a threatened piece moved out of reach (search/threats.h)
    int threat_into       = 10000; ///< taken off a move into a cheaper attacker's reach
    int threat_drops      = 0; ///< 1: a drop into a cheaper attacker's reach loses threat_into
    /// The opponent's last quiet move learns, in the butterfly history, -this * (its side's
    /// static evaluation + ours) / 10: how much it gained by the net (Stockfish, YaneuraOu's
    /// "~9 Elo"); 0: not at all.
    int eval_diff_history = 0;
    /// When a node fails low, the opponent's quiet move that led to it refuted all of our
    /// moves: its butterfly and continuation histories gain this per cent of a cut-off's
    /// bonus (Stockfish's "prior countermove" bonus); 0: not at all.
    int fail_low_prior_bonus = 0;
    int capture_history_div  = 0; ///< capture ordering + capture history / this; 0: none
    /// A capture is ordered among the good ones if its SEE is at least -(7 * the victim's
    /// value + its capture history) / this (Stockfish: 18), so that taking a valuable piece
    /// comes early even at a small loss; 0: SEE >= 0.
    int good_capture_div = 0;
    /// A quiet move at ply p < LOW_PLY from the root is ordered + this * low-ply history /
    /// (p + 1) (Stockfish: 8); 0: no low-ply history.
    int low_ply_history = 0;
    /// Bit k-1 set: the continuation history of the move k plies back orders the quiet moves
    /// and learns from cut-offs (k = 1..6; default 1, 2 and 4).
    int continuation_plies = 0b001011;
    /// Weights, in per cent, of the butterfly history and of the last move's continuation
    /// history in the order of quiet moves (YaneuraOu orders by main + 2 * the last move's
    /// continuation + ...); the reductions and the pruning keep 200 and 100.
    int order_main_pct  = 200;
    int order_cont1_pct = 100;
    /// The continuation histories learn this per cent of the butterfly history's bonus
    /// (YaneuraOu's learn about three quarters of it, within a larger bound).
    int cont_bonus_pct = 100;
    /// The butterfly history is divided by this when a search begins (aged); 1: kept whole.
    int history_age_div = 2;
    /// A reduced move that failed high and was searched again at full depth: its continuation
    /// histories learn this per cent of a cut-off's bonus at that depth if it then failed high
    /// again, its malus if it failed low (Stockfish's update after the re-search); 0: none.
    int post_lmr_bonus = 0;
    // The static evaluation's correction (search/correction.h).
    int correction_weight = 108; ///< per cent of the learned correction added; 0: none
};

/// A named entry of SearchParams for the option table: `name` is set by `setoption name
/// Search_<name>`, within [min, max].
struct SearchParamInfo {
    std::string_view name;
    int SearchParams::*field;
    int                min, max;
};

/// Every SearchParams field with its name and range.
inline constexpr SearchParamInfo SEARCH_PARAM_INFO[] = {
    {"QuietPromotions", &SearchParams::quiet_promotions, 0, 2},
    {"LmrTableScale", &SearchParams::lmr_table_scale, 10, 200},
    {"LmrMinDepth", &SearchParams::lmr_min_depth, 1, 20},
    {"LmrFractional", &SearchParams::lmr_fractional, 0, 1},
    {"LmrCutNode", &SearchParams::lmr_cut_node, 0, 5 * LMR_GRAIN},
    {"LmrNotImproving", &SearchParams::lmr_not_improving, 0, 5 * LMR_GRAIN},
    {"LmrPvNode", &SearchParams::lmr_pv_node, 0, 5 * LMR_GRAIN},
    {"LmrHistoryDiv", &SearchParams::lmr_history_div, 1000, 100000},
    {"LmrCaptures", &SearchParams::lmr_captures, 0, 1},
    {"LmrTtCapture", &SearchParams::lmr_tt_capture, 0, 5 * LMR_GRAIN},
    {"LmrCutoffs", &SearchParams::lmr_cutoffs, 0, 5 * LMR_GRAIN},
    {"LmrResearch", &SearchParams::lmr_research, 0, 1},
    {"LateMovesCut", &SearchParams::late_moves_cut, 0, 1},
    {"LmrTtPv", &SearchParams::lmr_tt_pv, 0, 5 * LMR_GRAIN},
    {"LmpBase", &SearchParams::lmp_base, 0, 50},
    {"LmpMaxDepth", &SearchParams::lmp_max_depth, 0, 100},
    {"LmpChecks", &SearchParams::lmp_checks, 0, 1},
    {"PruneInCheck", &SearchParams::prune_in_check, 0, 1},
    {"HistoryPruneDepth", &SearchParams::history_prune_depth, 0, 20},
    {"HistoryPruneMargin", &SearchParams::history_prune_margin, 0, 100000},
    {"PruneHistoryDiv", &SearchParams::prune_history_div, 0, 100000},
    {"ContPruneMargin", &SearchParams::cont_prune_margin, 0, 100000},
    {"FutilityBase", &SearchParams::futility_base, 0, 1000},
    {"FutilityPerDepth", &SearchParams::futility_per_depth, 0, 1000},
    {"FutilityMaxDepth", &SearchParams::futility_max_depth, 0, 30},
    {"FutilityStaticEval", &SearchParams::futility_static_eval, 0, 1},
    {"SeeQuiet", &SearchParams::see_quiet, 0, 200},
    {"SeeCapture", &SearchParams::see_capture, 0, 500},
    {"SeeCaptureMaxDepth", &SearchParams::see_capture_max_depth, 0, 100},
    {"SeeCaptureHistoryDiv", &SearchParams::see_capture_history_div, 0, 1000},
    {"CheckSeeMaxDepth", &SearchParams::check_see_max_depth, 0, 100},
    {"QsCheckingCaptures", &SearchParams::qs_checking_captures, 0, 1},
    {"QsPrunePromotions", &SearchParams::qs_prune_promotions, 0, 1},
    {"QsFutilityBest", &SearchParams::qs_futility_best, 0, 1},
    {"QsRepetition", &SearchParams::qs_repetition, 0, 1},
    {"QsTtStandPat", &SearchParams::qs_tt_stand_pat, 0, 1},
    {"QsSeeFutility", &SearchParams::qs_see_futility, 0, 2000},
    {"QsSeeMargin", &SearchParams::qs_see_margin, 0, 1000},
    {"RazorMargin", &SearchParams::razor_margin, 0, 2000},
    {"RazorMaxDepth", &SearchParams::razor_max_depth, 0, 20},
    {"RfpMargin", &SearchParams::rfp_margin, 0, 500},
    {"RfpMaxDepth", &SearchParams::rfp_max_depth, 0, 30},
    {"RfpNotTtPv", &SearchParams::rfp_not_tt_pv, 0, 1},
    {"RfpQuietTtMove", &SearchParams::rfp_quiet_tt_move, 0, 1},
    {"RfpHistoryDiv", &SearchParams::rfp_history_div, 0, 100000},
    {"FailHighDamp", &SearchParams::fail_high_damp, 0, 1},
    {"TtCutNodeType", &SearchParams::tt_cut_node_type, 0, 100},
    {"NmpMinDepth", &SearchParams::nmp_min_depth, 1, 20},
    {"NmpRBase", &SearchParams::nmp_r_base, 1, 20},
    {"NmpRDiv", &SearchParams::nmp_r_div, 1, 20},
    {"NmpVerifyDepth", &SearchParams::nmp_verify_depth, 1, 100},
    {"NmpCutOnly", &SearchParams::nmp_cut_only, 0, 1},
    {"ProbcutMargin", &SearchParams::probcut_margin, 0, 2000},
    {"ProbcutMinDepth", &SearchParams::probcut_min_depth, 5, 100},
    {"CheckExtension", &SearchParams::check_extension, 0, 2},
    {"SingularMinDepth", &SearchParams::singular_min_depth, 2, 100},
    {"SingularMargin", &SearchParams::singular_margin, 0, 20},
    {"SingularDoubleMargin", &SearchParams::singular_double_margin, 0, 1000},
    {"AlphaRaiseReduces", &SearchParams::alpha_raise_reduces, 0, 3},
    {"IirPlies", &SearchParams::iir_plies, 0, 4},
    {"IirMinDepth", &SearchParams::iir_min_depth, 1, 30},
    {"AspirationDelta", &SearchParams::aspiration_delta, 5, 500},
    {"AspirationFailHigh", &SearchParams::aspiration_fail_high, 0, 1},
    {"QuietCheckBonus", &SearchParams::quiet_check_bonus, 0, 100000},
    {"ThreatEscape", &SearchParams::threat_escape, 0, 100000},
    {"ThreatInto", &SearchParams::threat_into, 0, 100000},
    {"ThreatDrops", &SearchParams::threat_drops, 0, 1},
    {"EvalDiffHistory", &SearchParams::eval_diff_history, 0, 1000},
    {"FailLowPriorBonus", &SearchParams::fail_low_prior_bonus, 0, 400},
    {"CaptureHistoryDiv", &SearchParams::capture_history_div, 0, 1000},
    {"GoodCaptureDiv", &SearchParams::good_capture_div, 0, 1000},
    {"LowPlyHistory", &SearchParams::low_ply_history, 0, 64},
    {"ContinuationPlies", &SearchParams::continuation_plies, 1, 63},
    {"OrderMainPct", &SearchParams::order_main_pct, 0, 800},
    {"OrderCont1Pct", &SearchParams::order_cont1_pct, 0, 800},
    {"ContBonusPct", &SearchParams::cont_bonus_pct, 0, 400},
    {"HistoryAgeDiv", &SearchParams::history_age_div, 1, 64},
    {"PostLmrBonus", &SearchParams::post_lmr_bonus, 0, 400},
    {"CorrectionWeight", &SearchParams::correction_weight, 0, 400},
};

} // namespace tsubame
