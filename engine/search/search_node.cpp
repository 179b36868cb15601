// The alpha-beta node of the main search: table probe, static evaluation, node pruning
// (razoring, reverse futility, null move), then the moves with their pruning, extensions and
// late move reductions. The margins, reductions and switches are SearchParams
// (search/params.h).

#include <algorithm>
#include <cmath>

#include "search/movepick.h"
#include "search/search.h"
#include "search/search_internal.h"
#include "search/see.h"
#include "search/threats.h"

namespace tsubame {

namespace {

// The type CutoffStats counts a node under.
CutoffStats::NodeType expected_type(bool pv_node, bool cut_node) {
    return pv_node ? CutoffStats::PV : cut_node ? CutoffStats::CUT : CutoffStats::ALL;
}

// What kind of move m, which cut a node off, was in that node's order.
CutoffStats::MoveKind cutoff_kind(const Position& pos, Move m, Move tt_move, bool tactical,
                                  const Move* killers) {
    if (m == tt_move) return CutoffStats::TT_MOVE;
    if (is_capture(pos, m)) return CutoffStats::CAPTURE;
    if (m == killers[0] || m == killers[1]) return CutoffStats::KILLER;
    return tactical ? CutoffStats::OTHER : CutoffStats::QUIET;
}

// Double extensions allowed on one line, so that they cannot compound without end.
constexpr int MAX_DOUBLE_EXTENSIONS = 10;

} // namespace

void Searcher::init_reductions() {
    // log(depth) * log(move number), as in Stockfish's family, in 1/LMR_GRAIN plies (truncated).
    const double scale = params_.lmr_table_scale / 100.0;
    for (int d = 0; d < 64; ++d)
        for (int m = 0; m < 64; ++m)
            reduction_table_[d][m] =
                d && m ? int(std::log(double(d)) * std::log(double(m)) * scale * LMR_GRAIN) : 0;
}

int Searcher::reduction(int depth, int move_count) const {
    // Rounded to whole plies: floor((floor(x) + g/2) / g) is round(x / g).
    return (reduction_table_[std::min(depth, 63)][std::min(move_count, 63)] + LMR_GRAIN / 2)
         / LMR_GRAIN;
}

int Searcher::late_move_reduction(const Stack* ss, const Node& node, const MoveInfo& move, Color us,
                                  int move_count, int new_depth) const {
    int r = (params_.lmr_fractional
                 ? reduction_table_[std::min(node.depth, 63)][std::min(move_count, 63)]
                 : reduction(node.depth, move_count) * LMR_GRAIN)
          + params_.lmr_cut_node * node.cut_node + params_.lmr_not_improving * !node.improving
          - params_.lmr_pv_node * node.pv_node - params_.lmr_tt_pv * ss->tt_pv;
    if (move.tactical)
        r -= LMR_GRAIN;
    else {
        const int history = quiet_score(ss, us, move.m);
        r -= params_.lmr_fractional ? history * LMR_GRAIN / params_.lmr_history_div
                                    : history / params_.lmr_history_div * LMR_GRAIN;
        // The stored move takes a piece: the quiet ones are less likely to matter.
        r += params_.lmr_tt_capture * node.tt_capture;
    }
    // The children keep failing high: this looks like an all node.
    r += params_.lmr_cutoffs * ((ss + 1)->cutoff_count > 3);
    // Whole plies: truncated, or rounded once when the parts are fractions.
    const int plies = (std::max(r, 0) + (params_.lmr_fractional ? LMR_GRAIN / 2 : 0)) / LMR_GRAIN;
    return std::min(plies, std::max(new_depth - 1, 0));
}

Value Searcher::good_capture_threshold(const Position& pos, Move m) const {
    if (!params_.good_capture_div) return VALUE_ZERO;
    const int victim = capture_value(type_of(pos.piece_on(m.to())));
    return Value(-(7 * victim + capture_history_entry(pos, m)) / params_.good_capture_div);
}

bool Searcher::tt_cuts(const Node& node, int depth, Value beta, bool cut_node) const {
    const bool fail_high = node.tt_value >= beta;
    if (!(node.tt.bound & (fail_high ? BOUND_LOWER : BOUND_UPPER))) return false;
    if (!params_.tt_cut_node_type) return node.tt.depth >= depth;
    // A lower bound above beta is trusted from a deeper search only, and at shallow nodes only
    // a result in the direction the node was expected to go (Stockfish): an unexpected one is
    // searched again, so that a wrong guess does not spread through the table.
    return node.tt.depth >= depth + (node.tt_value > beta)
        && (depth >= params_.tt_cut_node_type || cut_node == fail_high);
}

// The ordering of a node's moves for MovePicker: the stored move, winning captures by value,
// promotions, killers and the counter move, quiet moves by history, losing captures last.
auto Searcher::move_scorer(const Position& pos, Stack* ss, uint16_t tt_move16) {
    const Move* counter_slot          = counter_move_slot((ss - 1)->current);
    const Move  counter               = counter_slot ? *counter_slot : Move::none();
    auto        capture_history_score = [this](const Position& p, Move m) {
        return params_.capture_history_div
                        ? capture_history_entry(p, m) / params_.capture_history_div
                        : 0;
    };
    return [this, &pos, ss, tt_move16, capture_history_score, counter, us = pos.side_to_move(),
            threats = Threats{}, have_threats = false](Move m) mutable {
        if (tt_move16 && m.to16() == tt_move16) return 1 << 30;
        // Captures that lose material by SEE go after the quiet moves.
        if (is_capture(pos, m))
            return (see_ge(pos, m, good_capture_threshold(pos, m)) ? GOOD_CAPTURE_SCORE
                                                                   : -GOOD_CAPTURE_SCORE)
                 + capture_score(pos, m) + capture_history_score(pos, m);
        if (tactical_promotion(m)) return (1 << 27) + promotion_gain(m);
        if (m == ss->killers[0]) return (1 << 26) + 2;
        if (m == ss->killers[1]) return (1 << 26) + 1;
        if (m == counter) return 1 << 26;
        int score = order_score(ss, us, m);
        if (params_.low_ply_history && ss->ply < LOW_PLY)
            score += params_.low_ply_history * low_ply_history_[ss->ply][from_index(m)][m.to()]
                   / (ss->ply + 1);
        // A check that keeps its piece early among the quiet moves (YaneuraOu).
        if (params_.quiet_check_bonus && pos.gives_check(m) && see_ge(pos, m, -75))
            score += params_.quiet_check_bonus;
        if (params_.threat_escape || params_.threat_into) {
            if (!have_threats) threats = threats_against(pos, us), have_threats = true;
            score += threat_score(threats, m, params_.threat_escape, params_.threat_into,
                                  params_.threat_drops);
        }
        return score;
    };
}

Value Searcher::search(Position& pos, Stack* ss, Value alpha, Value beta, int depth, bool pv_node,
                       bool cut_node) {
    if (depth <= 0) return qsearch(pos, ss, alpha, beta, pv_node);

    Node node;
    node.root = ss->ply == 0;
    if ((count_node() & check_mask_) == 0) check_time();
    if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
    seldepth_ = std::max(seldepth_, ss->ply + 1);

    if (!node.root)
        if (const auto v = early_value(pos, ss, alpha, beta)) return *v;

    // In the singular-extension test the node is searched without one move, so the stored
    // result (which counts that move) neither ends it nor is replaced by it.
    node.excluded = ss->excluded;
    node.key      = pos.key();
    node.tt_hit   = tt_.probe(node.key, node.tt);
    node.tt_value = node.tt_hit ? value_from_tt(node.tt.value, ss->ply) : VALUE_NONE;
    if (!node.excluded) ss->tt_pv = pv_node || (node.tt_hit && node.tt.is_pv);
    if (!pv_node && !node.excluded && node.tt_hit && tt_cuts(node, depth, beta, cut_node))
        return node.tt_value;

    node.in_check = pos.in_check();
    // The network's own score goes to the stack and the table; the pruning below uses it
    // sharpened by the stored bound. Storing the sharpened value made it drift towards old
    // search results (mate scores included, unadjusted for ply) on every visit.
    const TTData* tt = node.tt_hit ? &node.tt : nullptr;
    node.raw_eval    = node.in_check ? VALUE_NONE : stored_or_static_eval(pos, ss, tt);
    ss->static_eval  = corrected_eval(pos, ss, node.raw_eval);
    node.eval        = sharpened_eval(ss->static_eval, tt, node.tt_value);
    // The first visit stores the evaluation at once: a node cut below by a pruning rule stores
    // nothing else, and a revisit would evaluate it again.
    if (!node.tt_hit && !node.excluded && node.raw_eval != VALUE_NONE)
        tt_.store(node.key, VALUE_NONE, BOUND_NONE, DEPTH_UNSEARCHED, 0, node.raw_eval, ss->tt_pv);
    // Better than two plies ago: prune less, the position is going our way. A node in check
    // has no evaluation: then four plies ago, and with neither, improving (Stockfish's rule),
    // so that the defender's first quiet node after a check is not pruned as if losing ground.
    const Value before =
        (ss - 2)->static_eval != VALUE_NONE ? (ss - 2)->static_eval : (ss - 4)->static_eval;
    node.improving =
        ss->static_eval != VALUE_NONE && (before == VALUE_NONE || ss->static_eval > before);
    if (params_.eval_diff_history && !node.excluded) learn_from_eval_change(pos, ss);
    (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
    (ss + 2)->cutoff_count                      = 0;
    (ss + 1)->double_extensions                 = ss->double_extensions; // null move, ProbCut
    ss->stat_score = 0; // what the null move's and ProbCut's children read

    // One-move mate, tested before any pruning: a node that static measures would cut can
    // still be lost (or won) to a single drop. An entry of the main search means the node was
    // searched; a quiescence entry may be a stand-pat cut-off that never looked.
    if (!node.root && !node.in_check && (!node.tt_hit || node.tt.depth <= 0) && !node.excluded)
        if (const auto v = mate_in_one(pos, ss, depth, pv_node, node.raw_eval)) return *v;

    node.pv_node  = pv_node;
    node.cut_node = cut_node;
    node.depth    = depth;
    if (!pv_node && !node.in_check && !is_mate_score(beta) && !node.excluded)
        if (const auto v = prune_node(pos, ss, node, alpha, beta)) return *v;

    // Internal iterative reduction: without a stored move this node was never searched
    // deeply, and its move ordering is poor; a shallower search is cheaper and fills the table.
    if (!node.root && !node.excluded && depth >= params_.iir_min_depth && (pv_node || cut_node)
        && !(node.tt_hit && node.tt.move16))
        node.depth = std::max(node.depth - params_.iir_plies, 1);
    return search_moves(pos, ss, node, alpha, beta);
}

Value Searcher::search_moves(Position& pos, Stack* ss, Node& node, Value alpha, Value beta) {
    // The stored move first (looked up only now: most nodes cut before they need it), then
    // staged generation (see MovePicker).
    node.tt_move =
        !node.root && node.tt_hit ? generated_move_from16(pos, node.tt.move16) : Move::none();
    node.tt_capture            = node.tt_move != Move::none() && is_capture(pos, node.tt_move);
    const Color     us         = pos.side_to_move();
    auto            score_move = move_scorer(pos, ss, node.tt_hit ? node.tt.move16 : 0);
    const NodeMoves all        = node.root && !limits_.searchmoves.empty() ? NodeMoves::ALL_LEGAL
                               : node.in_check                             ? NodeMoves::EVASIONS
                                               : NodeMoves::NON_EVASIONS;
    MovePicker      picker(pos, node.tt_move, !node.root && !node.in_check, all, score_move);

    Move  pv[MAX_PLY + 1];
    Value best       = -VALUE_INFINITE;
    Move  best_move  = Move::none();
    int   move_count = 0;
    Move  quiets[64];
    int   quiet_count = 0;
    Move  captures[32];
    int   capture_count = 0;

    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (node.root && std::find(root_moves_.begin(), root_moves_.end(), m) == root_moves_.end())
            continue;
        if (m == node.excluded) continue;
        ++move_count;
        const MoveInfo move{m, is_capture(pos, m) || tactical_promotion(m), pos.gives_check(m)};

        // Shallow pruning once a move has avoided being mated.
        if (!node.root && (!node.in_check || params_.prune_in_check)
            && best > VALUE_MATED_IN_MAX_PLY && prune_move(pos, ss, node, move, move_count, alpha))
            continue;

        int extension = 0;
        if (const auto cut = extend(pos, ss, node, move, beta, extension)) return *cut;
        (ss + 1)->double_extensions = ss->double_extensions + (extension == 2);

        const Value v = search_move(pos, ss, node, move, alpha, beta, best,
                                    node.depth - 1 + extension, move_count, pv);
        if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;

        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (node.pv_node) update_pv(ss->pv, m, (ss + 1)->pv);
                if (node.root) root_best_ = v;
                if (v >= beta) {
                    ++ss->cutoff_count;
                    cutoff_stats_.cutoff(
                        expected_type(node.pv_node, node.cut_node), move_count,
                        cutoff_kind(pos, m, node.tt_move, move.tactical, ss->killers));
                    break;
                }
                // Once alpha is raised the other moves need only show they are worse: a
                // shallower search may do (Stockfish).
                if (node.depth > 2 && node.depth < 14 && !is_mate_score(v))
                    node.depth -= params_.alpha_raise_reduces;
                alpha = v;
            }
        }
        if (m == best_move) continue;
        if (!move.tactical && quiet_count < 64) quiets[quiet_count++] = m;
        if (move.tactical && is_capture(pos, m) && capture_count < 32)
            captures[capture_count++] = m;
    }

    // No move: at the root when searchmoves allowed nothing, or the excluded move was the only one.
    if (move_count == 0) return node.excluded ? alpha : mated_in(ss->ply);
    // A fail-high by far at a shallow node is likely an overestimate: pulled towards beta.
    if (params_.fail_high_damp && best >= beta && !node.pv_node && !is_mate_score(best)
        && !is_mate_score(beta))
        best = (best * node.depth + beta) / (node.depth + 1);
    cutoff_stats_.node(expected_type(node.pv_node, node.cut_node));
    const bool best_is_capture = best_move != Move::none() && is_capture(pos, best_move);
    if (best >= beta && best_move != Move::none() && !best_is_capture
        && !tactical_promotion(best_move))
        update_quiet_stats(ss, us, best_move, quiets, quiet_count, node.depth);
    if (best >= beta
        && (params_.capture_history_div || params_.see_capture_history_div
            || params_.good_capture_div))
        update_capture_stats(pos, best_move, best_is_capture, captures, capture_count, node.depth);
    if (best_move == Move::none() && params_.fail_low_prior_bonus && !node.excluded)
        reward_refuting_move(pos, ss, node.depth);
    // The correction learns from results that bound the evaluation's error on the side they
    // bound: not from a capture's (the material changed), nor a fail-high below the
    // evaluation, nor a fail-low above it.
    if (params_.correction_weight && !node.in_check && !node.excluded && !best_is_capture
        && !is_mate_score(best) && !(best >= beta && best <= ss->static_eval)
        && !(best_move == Move::none() && best >= ss->static_eval))
        update_correction(pos, ss, best, node.depth);
    // A node that fails low below a node once on a PV may become the PV's next alternative:
    // it keeps the flag (Stockfish).
    if (!node.excluded && best_move == Move::none() && (ss - 1)->tt_pv && node.depth > 3)
        ss->tt_pv = true;
    if (!node.excluded)
        store_node(node.key, ss->ply, best, beta, best_move, node.depth, node.pv_node, ss->tt_pv,
                   node.raw_eval);
    return best;
}

std::optional<Value> Searcher::prune_node(Position& pos, Stack* ss, const Node& node, Value alpha,
                                          Value beta) {
    const int   depth = node.depth;
    const Value eval  = node.eval;
    // Razoring: far below alpha near the leaves, only captures could save the node.
    if (depth <= params_.razor_max_depth && eval + params_.razor_margin * depth <= alpha) {
        const Value v = qsearch(pos, ss, alpha, alpha + 1, false);
        if (v <= alpha) return v;
    }
    // Reverse futility: far above beta at low depth, a quiet move will not fall below it.
    // Not on a mate score from the table: that needs the depth the table entry lacked. The
    // value returned lies between beta and eval, which limits the harm when it is wrong.
    // A reply to a move with a poor history is pruned sooner (RfpHistoryDiv).
    const Value history_margin =
        params_.rfp_history_div ? (ss - 1)->stat_score / params_.rfp_history_div : 0;
    if (depth <= params_.rfp_max_depth && eval >= beta
        && eval - params_.rfp_margin * (depth - 2 * node.improving) - history_margin >= beta
        && !is_mate_score(eval)
        && !(params_.rfp_not_tt_pv && ss->tt_pv)
        // is_capture reads only the 16 bits the table keeps (destination and drop flag).
        && !(params_.rfp_quiet_tt_move && node.tt_hit && node.tt.move16
             && !is_capture(pos, Move(node.tt.move16))))
        return beta + (eval - beta) / 3;
    // Null move: if passing still leaves us above beta, the position is good enough.
    // Verified at high depth against zugzwang-like positions.
    if (ss->null_ok && depth >= params_.nmp_min_depth && eval >= beta
        && (node.cut_node || !params_.nmp_cut_only) && (ss - 1)->current != Move::null()) {
        // Deeper when the margin over beta is large, as in Stockfish.
        const int R =
            params_.nmp_r_base + depth / params_.nmp_r_div + std::min(int(eval - beta) / 200, 3);
        StateInfo st;
        ss->current                 = Move::null();
        ss->cont_history            = continuation_after(Move::null());
        (ss + 1)->accumulator_ready = false;
        ensure_accumulator(pos, ss);
        pos.do_null_move(st);
        (ss + 1)->null_ok = true;
        Value v = -search(pos, ss + 1, -beta, -beta + 1, depth - R, false, !node.cut_node);
        pos.undo_null_move();
        if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
        if (v >= beta) {
            if (v >= VALUE_MATE_IN_MAX_PLY) v = beta;
            if (depth < params_.nmp_verify_depth) return v;
            ss->null_ok   = false;
            const Value w = search(pos, ss, beta - 1, beta, depth - R, false, false);
            ss->null_ok   = true;
            if (w >= beta) return v;
        }
    }
    // ProbCut, unless the table already says a search this deep fell short of its beta.
    const Value probcut_beta = beta + params_.probcut_margin;
    if (params_.probcut_margin && depth >= params_.probcut_min_depth && !is_mate_score(probcut_beta)
        && !(node.tt_hit && node.tt.depth >= depth - 3 && node.tt_value != VALUE_NONE
             && node.tt_value < probcut_beta))
        if (const auto v = probcut(pos, ss, node, probcut_beta)) return *v - (probcut_beta - beta);
    return std::nullopt;
}

std::optional<Value> Searcher::probcut(Position& pos, Stack* ss, const Node& node,
                                       Value probcut_beta) {
    OrderedMoves captures;
    captures.generate<GenType::CAPTURES>(pos);
    captures.score(
        [&](Move m) { return is_capture(pos, m) ? capture_score(pos, m) : promotion_gain(m); });
    for (Move m = captures.next(); m != Move::none(); m = captures.next()) {
        // Only a capture that wins enough by itself to lift the evaluation over the beta.
        if (!see_ge(pos, m, probcut_beta - ss->static_eval)) continue;
        StateInfo st;
        make_move(pos, ss, m, st);
        (ss + 1)->null_ok = true;
        // A quiescence search first: most candidates fail there, cheaply.
        Value v = -qsearch(pos, ss + 1, -probcut_beta, -probcut_beta + 1, false);
        if (v >= probcut_beta)
            v = -search(pos, ss + 1, -probcut_beta, -probcut_beta + 1, node.depth - 4, false,
                        !node.cut_node);
        pos.undo_move(m);
        if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
        if (v >= probcut_beta) {
            tt_.store(node.key, value_to_tt(v, ss->ply), BOUND_LOWER, node.depth - 3, m.to16(),
                      node.raw_eval, ss->tt_pv);
            return v;
        }
    }
    return std::nullopt;
}

bool Searcher::prune_move(const Position& pos, const Stack* ss, const Node& node,
                          const MoveInfo& move, int move_count, Value alpha) const {
    const Move m     = move.m;
    const int  depth = node.depth;
    // No move-count pruning or futility among evasions (only with PruneInCheck): the first
    // would skip the only escapes, the second has no static evaluation to read.
    const bool late = !node.in_check && depth <= params_.lmp_max_depth
                   && move_count > (params_.lmp_base + depth * depth) / (2 - node.improving);
    if (move.gives_check) {
        // A check is pruned only when it loses much material near the leaves (shogi's drops
        // give many such); mates in one are found at this node before any move is searched.
        if (params_.lmp_checks && late && !move.tactical) return true;
        return depth <= params_.check_see_max_depth && !see_ge(pos, m, -100 * depth);
    }
    if (move.tactical) { // a capture that loses material, more the shallower
        if (depth > params_.see_capture_max_depth) return false;
        int slack = params_.see_capture * depth;
        // A capture that has often worked may lose more (Stockfish).
        if (params_.see_capture_history_div && is_capture(pos, m))
            slack += std::clamp(capture_history_entry(pos, m) / params_.see_capture_history_div,
                                -slack, slack);
        return !see_ge(pos, m, -slack);
    }
    if (late) return true; // late move pruning
    // The move's history (both switches off by default): a move that keeps failing is pruned
    // outright, and history moves the depth the pruning rules below think in (Stockfish).
    const int history = params_.history_prune_margin || params_.prune_history_div
                          ? quiet_score(ss, pos.side_to_move(), m)
                          : 0;
    if (params_.history_prune_margin && history < -params_.history_prune_margin * depth)
        return true;
    // The depth this move would be searched at after its reduction.
    const int lmr_depth =
        std::max(depth - 1 - reduction(depth, move_count)
                     + (params_.prune_history_div ? history / params_.prune_history_div : 0),
                 0);
    const Piece pc = m.moved_piece_after();
    // Read only where a rule asks: most moves reach neither.
    const auto cont = [&](int back) { return int((*(ss - back)->cont_history)[pc][m.to()]); };
    if (params_.cont_prune_margin && cont(1) + cont(2) < -params_.cont_prune_margin * depth)
        return true;
    // Both recent continuations say this reply does not work.
    if (lmr_depth < params_.history_prune_depth && cont(1) < 0 && cont(2) < 0) return true;
    const Value eval = params_.futility_static_eval ? ss->static_eval : node.eval;
    if (!node.in_check && lmr_depth < params_.futility_max_depth
        && eval + params_.futility_base + params_.futility_per_depth * lmr_depth <= alpha)
        return true; // futility
    return !see_ge(pos, m, -params_.see_quiet * lmr_depth * lmr_depth);
}

std::optional<Value> Searcher::extend(Position& pos, Stack* ss, const Node& node,
                                      const MoveInfo& move, Value beta, int& extension) {
    const int depth = node.depth;
    // Bounded so that no line runs away.
    if (ss->ply >= 2 * root_depth_) return std::nullopt;
    // Check extension; checks that lose the checking piece are not: shogi has many such drops.
    // At 2 only on the PV, so that no extension compounds through the null-window tree.
    if (params_.check_extension && move.gives_check
        && (params_.check_extension == 1 || node.pv_node) && see_ge(pos, move.m, 0))
        extension = 1;
    // Singular extension: the stored move is extended when every other move falls well short
    // of its score. When even without it the node beats beta, several moves do, and the node
    // is cut at once (multi-cut).
    const TTData& tt = node.tt;
    if (node.root || node.excluded || depth < params_.singular_min_depth || !node.tt_hit
        || move.m.to16() != tt.move16 || !(tt.bound & BOUND_LOWER) || tt.depth < depth - 3
        || is_mate_score(node.tt_value))
        return std::nullopt;
    const Value singular_beta = node.tt_value - params_.singular_margin * depth;
    ss->excluded              = move.m;
    const Value v =
        search(pos, ss, singular_beta - 1, singular_beta, (depth - 1) / 2, false, node.cut_node);
    ss->excluded = Move::none();
    if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
    if (v < singular_beta)
        extension = params_.singular_double_margin && !node.pv_node
                         && v < singular_beta - params_.singular_double_margin
                         && ss->double_extensions < MAX_DOUBLE_EXTENSIONS
                      ? 2
                      : 1;
    else if (singular_beta >= beta)
        return singular_beta; // multi-cut
    // Another move nearly as good, and the stored move expected to fail high anyway: it needs
    // less depth than usual to prove it (a negative extension).
    else if (node.tt_value >= beta && extension == 0)
        extension = -1;
    return std::nullopt;
}

Value Searcher::search_move(Position& pos, Stack* ss, const Node& node, const MoveInfo& move,
                            Value alpha, Value beta, Value best, int new_depth, int move_count,
                            Move* pv) {
    const Move m = move.m;
    // Read before the move is made: the history of the move from this position.
    int        r         = 0;
    const bool reducible = move_count > 1 && node.depth >= params_.lmr_min_depth
                        && (!move.tactical || params_.lmr_captures);
    if (reducible)
        r = late_move_reduction(ss, node, move, pos.side_to_move(), move_count, new_depth);
    ss->stat_score =
        params_.rfp_history_div && !move.tactical ? quiet_score(ss, pos.side_to_move(), m) : 0;
    StateInfo st;
    make_move(pos, ss, m, st);
    (ss + 1)->null_ok = true;
    Value v;
    if (move_count == 1) {
        if (node.pv_node) (ss + 1)->pv = pv, pv[0] = Move::none();
        // Below a non-PV node the expected node types alternate: the first reply to an
        // expected cut node is an expected all node, and the reverse.
        v = -search(pos, ss + 1, -beta, -alpha, new_depth, node.pv_node,
                    !node.pv_node && !node.cut_node);
    } else {
        // A reduced search expects its child to fail high; a move searched at full depth
        // alternates the node types as the first move does, unless LateMovesCut.
        v = -search(pos, ss + 1, -alpha - 1, -alpha, new_depth - r, false,
                    reducible || !node.cut_node || params_.late_moves_cut);
        if (v > alpha && r > 0) {
            const int reduced = new_depth - r;
            // A result well above the best so far deserves more depth, one barely above it
            // less (Stockfish).
            if (params_.lmr_research)
                new_depth += (v > best + 50 + 2 * new_depth) - (v < best + 10);
            if (new_depth > reduced) {
                v = -search(pos, ss + 1, -alpha - 1, -alpha, new_depth, false, !node.cut_node);
                // What the full depth said of a move the reduction doubted (PostLmrBonus).
                if (params_.post_lmr_bonus && (v <= alpha || v >= beta)
                    && !stop_.load(std::memory_order_relaxed)) {
                    const int bonus = history_bonus(new_depth) * params_.post_lmr_bonus / 100;
                    update_continuation(ss, m, v >= beta ? bonus : -bonus);
                }
            }
        }
        // Every move that raises alpha at a PV node gets a full-window search, so that the
        // PV below it is its own and never a stale line of another move.
        if (node.pv_node && v > alpha) {
            (ss + 1)->pv = pv;
            pv[0]        = Move::none();
            v            = -search(pos, ss + 1, -beta, -alpha, new_depth, true, false);
        }
    }
    pos.undo_move(m);
    return v;
}

} // namespace tsubame
