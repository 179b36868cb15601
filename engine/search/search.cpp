#include "search/search.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <new>
#include <optional>
#include <thread>

#include "eval/material.h"
#include "eval/nnue/embedded.h"
#include "mate/mate_in_one.h"
#include "movegen/movegen.h"
#include "rules/repetition.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/search_internal.h"
#include "search/see.h"

namespace tsubame {

namespace {

// Quiescence plies after which only recaptures are searched.
constexpr int QS_RECAPTURE_DEPTH = -5;
// The defence probe's table: its solves last a few tens of milliseconds.
constexpr size_t DEFENCE_HASH_MB = 16;

} // namespace

Searcher::Searcher(TranspositionTable& tt) :
    tt_(tt),
    continuation_(allocate_large<ContinuationTable>(1)) {
    if (!continuation_) throw std::bad_alloc();
}

Searcher::~Searcher() = default;

void Searcher::set_budget(const TimeBudget& budget) {
    budget_ = budget;
    maximum_ms_.store(budget.maximum_ms, std::memory_order_relaxed);
    timed_.store((limits_.uses_clock() || limits_.movetime) && !limits_.infinite,
                 std::memory_order_relaxed);
}

void Searcher::clear() {
    std::memset(history_, 0, sizeof(history_));
    std::memset(static_cast<void*>(continuation_.get()), 0, sizeof(ContinuationTable));
    std::memset(capture_history_, 0, sizeof(capture_history_));
    correction_ = {};
    for (auto& row : counter_moves_)
        std::fill(std::begin(row), std::end(row), Move::none());
}

void Searcher::prepare() {
    if (!defence_solver_) defence_solver_ = std::make_unique<MateSolver>(DEFENCE_HASH_MB);
}

void Searcher::set_ponderhit_clock(const SearchLimits& clock) {
    std::lock_guard lock(clock_mutex_);
    pending_clock_ = clock;
    clock_pending_.store(true);
}

void Searcher::ponderhit(int64_t at_ms) {
    ponderhit_at_ms_.store(at_ms, std::memory_order_relaxed);
    pondering_.store(false, std::memory_order_relaxed);
}

int64_t Searcher::elapsed_ms() const {
    return clock_->now_ms() - start_ms_;
}

int64_t Searcher::thinking_ms() const {
    const int64_t hit = ponderhit_at_ms_.load(std::memory_order_relaxed);
    return elapsed_ms() - (hit < 0 ? 0 : std::max<int64_t>(0, hit - start_ms_));
}

bool Searcher::time_up() const {
    if (pondering_.load(std::memory_order_relaxed) || !timed()) return false;
    return thinking_ms() >= maximum_ms_.load(std::memory_order_relaxed);
}

Value Searcher::move_limit_value(const Position& pos, int ply) const {
    // The move that reached the limit may have mated; anything else is a draw.
    if (MoveList<GenType::LEGAL>(pos).empty()) return mated_in(ply);
    return (ply % 2 == 0) ? options_.draw_value : -options_.draw_value;
}

void Searcher::apply_ponderhit_clock() {
    if (!clock_pending_.load(std::memory_order_relaxed)) return;
    std::lock_guard lock(clock_mutex_);
    clock_pending_.store(false);
    for (Color c : {BLACK, WHITE}) {
        limits_.time[c] = pending_clock_.time[c];
        limits_.inc[c]  = pending_clock_.inc[c];
    }
    limits_.byoyomi = pending_clock_.byoyomi;
    set_budget(allot_time(limits_, root_us_, root_ply_, options_.time));
}

void Searcher::check_time() {
    const uint64_t n     = nodes();
    uint64_t       total = n;
    if (shared_nodes_) {
        total = shared_nodes_->fetch_add(n - flushed_nodes_, std::memory_order_relaxed) + n
              - flushed_nodes_;
        flushed_nodes_ = n;
    }
    // A helper leaves when the main thread's time is up, so that on an overloaded machine
    // the main thread gets the cores to notice it and answer.
    if (main_ && main_->time_up()) stop();
    // The main thread's first iteration always ends: the answer needs a searched line.
    if (thread_index_ == 0 && root_depth_ <= 1) return;
    apply_ponderhit_clock();
    if (limits_.nodes && total >= limits_.nodes)
        stop();
    else if (time_up())
        stop();
}

SearchResult Searcher::run(Position& pos, const SearchLimits& limits, const SearchOptions& options,
                           const std::function<void(const SearchInfo&)>& on_info) {
    begin(pos, limits, options);

    SearchResult result;
    collect_root_moves(pos);
    if (root_moves_.empty()) return result; // mated (or no move allowed): the caller resigns
    result.best        = root_moves_.front();
    const int multi_pv = std::clamp(options.multi_pv, 1, int(root_ranking_.size()));

    // Sentinel entries below the root, so that the continuation histories up to 6 plies back
    // are always valid.
    constexpr int SENTINELS = 6;
    Stack         stack[MAX_PLY + SENTINELS + 6];
    for (int i = 0; i < MAX_PLY + SENTINELS + 6; ++i) {
        stack[i].ply          = i - SENTINELS;
        stack[i].cont_history = continuation_after(Move::none());
    }
    Stack* ss = stack + SENTINELS;
    Move   pv[MAX_PLY + 1];
    ss->pv = pv;

    Value  previous          = 0;
    Value  first_score       = 0; // the score of the early iterations, for the falling-score test
    double best_move_changes = 0; // decaying count, for the time manager
    Move   last_best         = Move::none();
    std::vector<Move> probed; // root moves the defence probe has checked
    uint64_t          reported_nodes = 0; // the node count of the last lines reported
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
    for (root_depth_ = 1 + thread_index_ % 2; root_depth_ <= max_depth; ++root_depth_) {
        // Once: the callback is dropped when called.
        if (after_first_iteration_ && root_depth_ > 1 + thread_index_ % 2) {
            after_first_iteration_();
            after_first_iteration_ = nullptr;
        }
        for (RootMove& rm : root_ranking_) {
            rm.previous_score = rm.score;
            rm.score          = -VALUE_INFINITE;
        }
        const int lines = search_lines(pos, ss, multi_pv, on_info);
        if (lines == 0) break; // an unfinished iteration does not replace a finished one

        const RootMove& first = root_ranking_[0];
        if (multi_pv > 1 && !first.pv.empty()) // later lines overwrote the root's table entry
            tt_.store(pos.key(), first.score, BOUND_EXACT, root_depth_, first.pv[0].to16(),
                      VALUE_NONE, true);
        result.score = first.score;
        result.depth = root_depth_;
        result.pv    = first.pv;
        if (!result.pv.empty()) {
            result.best   = result.pv[0];
            result.ponder = result.pv.size() > 1 ? result.pv[1] : Move::none();
        }
        if (on_info) report_lines(lines, multi_pv, on_info);
        reported_nodes = nodes();
        if (stop_.load(std::memory_order_relaxed)) break;
        // The maximum already spent (during the root mate probe, say): the next iteration
        // would be cut off, unless it is so small that it ends before the clock is read.
        if (time_up()) break;
        // A dropped best move: this depth again for the others, whatever the time spent (the
        // maximum still stops it; until then the result is the next move of the ranking).
        if (drop_refuted_best(pos, result, probed)) {
            --root_depth_;
            continue;
        }

        // Stop starting iterations once the target time is spent: longer while the best move
        // changes or the score falls. A proven mate needs no more.
        best_move_changes = best_move_changes / 2 + (result.best != last_best ? 1.0 : 0.0);
        last_best         = result.best;
        apply_ponderhit_clock();
        if (timed() && !pondering_.load() && root_depth_ > 1) {
            const int64_t target = adjusted_optimum(
                budget_, best_move_changes, int((first_score + previous) / 2 - result.score));
            if (thinking_ms() >= target) break;
        }
        if (root_depth_ <= 4) first_score = result.score;
        if (!limits.infinite && is_mate_score(result.score)
            && VALUE_MATE - std::abs(result.score) <= root_depth_)
            break;
        previous = result.score;
    }

    // A search stopped inside an iteration searched nodes that no line reported: the answer's
    // line once more with the whole count and time, so that the GUI's node count and speed,
    // and a match's records, see all of the search (YaneuraOu does the same).
    if (on_info && multi_pv == 1 && !result.pv.empty() && nodes() != reported_nodes)
        on_info({result.depth, std::max(seldepth_, result.depth), result.score, BOUND_EXACT,
                 nodes(), elapsed_ms(), tt_.hashfull(), result.pv, 1});
    // Under `go infinite` and `go ponder` the answer waits for stop (or ponderhit).
    while ((limits.infinite || pondering_.load()) && !stop_.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    result.nodes = nodes();
    if (result.best != Move::none() && result.ponder == Move::none())
        result.ponder = ponder_from_table(pos, result.best);
    return result;
}

Move Searcher::ponder_from_table(Position& pos, Move best) {
    StateInfo st;
    pos.do_move(best, st);
    TTData     tt{};
    const Move reply = tt_.probe(pos.key(), tt) && tt.move16 ? generated_move_from16(pos, tt.move16)
                                                             : Move::none();
    pos.undo_move(best);
    return reply; // generated_move_from16 gives only a legal move, or none()
}

void Searcher::begin(Position& pos, const SearchLimits& limits, const SearchOptions& options) {
    start_ms_ = limits.start_ms >= 0 ? limits.start_ms : clock_->now_ms();
    limits_   = limits;
    options_  = options;
    params_   = options.params;
    init_reductions();
    continuation_ply_count_ = 0;
    for (int back = 1; back <= 6; ++back)
        if (params_.continuation_plies >> (back - 1) & 1)
            continuation_plies_[continuation_ply_count_++] = back;
    network_ = options.network ? options.network : &nnue::builtin_network();
    // The cache holds a net's sums: a search may come with another net than the last one.
    refresh_cache_.reset(*network_);
    nodes_.store(0, std::memory_order_relaxed);
    flushed_nodes_ = 0;
    cutoff_stats_  = {};
    // Time is read every 256 nodes; a node limit is read more often when it is small, since
    // every thread may overshoot it by one period.
    check_mask_ =
        limits.nodes ? std::bit_floor(std::clamp<uint64_t>(limits.nodes / 1024, 1, 256)) - 1 : 255;
    seldepth_ = 0;
    stop_.store(false);
    pondering_.store(limits.ponder);
    ponderhit_at_ms_.store(-1);
    root_us_  = pos.side_to_move();
    root_ply_ = pos.game_ply();
    // Requests that arrived before this thread started (see set_request_flags).
    if (ponderhit_request_ && ponderhit_request_->load() >= 0)
        ponderhit(ponderhit_request_->load());
    if (stop_request_ && stop_request_->load()) stop();
    set_budget(allot_time(limits, pos.side_to_move(), pos.game_ply(), options.time));
    for (auto& side : history_)
        for (auto& row : side)
            for (int& h : row)
                h /= params_.history_age_div; // keep some of the previous search's knowledge
    if (params_.low_ply_history) std::memset(low_ply_history_, 0, sizeof(low_ply_history_));
    if (thread_index_ == 0) tt_.new_search(); // once a search, not once a thread
}

void Searcher::collect_root_moves(Position& pos) {
    // Root moves: all legal ones if `searchmoves` names any (it may list never-better
    // non-promotions), else the search's move set.
    root_moves_.clear();
    if (!limits_.searchmoves.empty()) {
        for (Move m : LegalMoves(pos))
            if (std::find(limits_.searchmoves.begin(), limits_.searchmoves.end(), m)
                != limits_.searchmoves.end())
                root_moves_.push_back(m);
    } else {
        for (Move m : MoveList<GenType::LEGAL>(pos))
            root_moves_.push_back(m);
    }
    root_ranking_.clear();
    for (Move m : root_moves_)
        root_ranking_.push_back({m});
}

bool Searcher::ranks_before(const RootMove& a, const RootMove& b) {
    return a.score != b.score ? a.score > b.score : a.previous_score > b.previous_score;
}

int Searcher::search_lines(Position& pos, Stack* ss, int multi_pv,
                           const std::function<void(const SearchInfo&)>& on_info) {
    // MultiPV: line k chooses among the root moves that lines 1..k-1 did not take.
    int         lines = 0; // lines finished in this iteration
    const Move* pv    = ss->pv;
    for (int pv_idx = 0; pv_idx < multi_pv; ++pv_idx) {
        root_moves_.clear();
        for (size_t i = pv_idx; i < root_ranking_.size(); ++i)
            root_moves_.push_back(root_ranking_[i].move);
        Value value =
            search_root(pos, ss, root_ranking_[pv_idx].previous_score, multi_pv == 1, on_info);
        // An unfinished line does not replace a finished one (but depth 1 is all we have),
        // except for a move it searched to the end that beat the last best move: then the
        // iteration has already shown that move to be better (Stockfish does the same).
        if (stop_.load(std::memory_order_relaxed) && (root_depth_ > 1 || pv_idx > 0)) {
            if (multi_pv > 1 || pv[0] == Move::none() || pv[0] == root_ranking_[0].move) break;
            value = root_best_;
        }

        RootMove* line = &root_ranking_[pv_idx];
        for (size_t i = pv_idx; i < root_ranking_.size(); ++i)
            if (root_ranking_[i].move == pv[0]) line = &root_ranking_[i];
        line->score = value;
        line->pv.clear();
        for (const Move* m = pv; *m != Move::none(); ++m)
            line->pv.push_back(*m);
        // The line's move joins the finished lines, which stay sorted by score.
        std::stable_sort(root_ranking_.begin() + pv_idx, root_ranking_.end(), ranks_before);
        std::stable_sort(root_ranking_.begin(), root_ranking_.begin() + pv_idx + 1, ranks_before);
        lines = pv_idx + 1;
        // No PV: no move of the search's set is left (searchmoves may name others).
        if (pv[0] == Move::none() || stop_.load(std::memory_order_relaxed)) break;
    }
    return lines;
}

void Searcher::report_lines(int lines, int multi_pv,
                            const std::function<void(const SearchInfo&)>& on_info) const {
    // All lines together; in a stopped iteration, lines it did not reach repeat the
    // last iteration's result.
    const uint64_t n    = nodes();
    const int64_t  time = elapsed_ms();
    const int      full = tt_.hashfull();
    for (int i = 0; i < multi_pv; ++i) {
        const RootMove& rm      = root_ranking_[i];
        const bool      updated = i < lines;
        if (!updated && rm.previous_score == -VALUE_INFINITE) continue;
        const int depth = updated ? root_depth_ : root_depth_ - 1;
        // Lines cut short by the table reach less deep than the nominal depth.
        on_info({depth, std::max(seldepth_, depth), updated ? rm.score : rm.previous_score,
                 BOUND_EXACT, n, time, full, rm.pv, i + 1});
    }
}

bool Searcher::drop_refuted_best(Position& pos, SearchResult& result, std::vector<Move>& probed) {
    if (!timed() || pondering_.load() || thread_index_ != 0 || options_.multi_pv != 1
        || options_.defence_probe_permille <= 0 || root_depth_ < 4 || root_ranking_.size() < 2)
        return false;
    const Move best = root_ranking_[0].move;
    if (std::find(probed.begin(), probed.end(), best) != probed.end()) return false;
    probed.push_back(best);
    const int64_t left = budget_.maximum_ms - thinking_ms();
    const int64_t ms =
        std::min(budget_.optimum_ms * options_.defence_probe_permille / 1000, left / 2);
    if (ms <= 0) return false;

    StateInfo st;
    pos.do_move(best, st);
    bool refuted = false;
    // A check leaves the opponent to evade first: the solver's attacker is never in check.
    if (!pos.in_check()) {
        if (!defence_solver_) defence_solver_ = std::make_unique<MateSolver>(DEFENCE_HASH_MB);
        MateLimits probe;
        probe.time_ms = ms;
        probe.stop    = &stop_;
        probe.shorten = false;
        refuted       = defence_solver_->solve(pos, probe).status == MateStatus::MATE;
    }
    pos.undo_move(best);
    if (!refuted) return false;

    root_ranking_.erase(root_ranking_.begin());
    const RootMove& next = root_ranking_[0];
    result.best          = next.move;
    if (next.pv.empty() || next.pv[0] != next.move) {
        result.pv     = {next.move};
        result.ponder = Move::none();
    } else {
        result.pv     = next.pv;
        result.ponder = next.pv.size() > 1 ? next.pv[1] : Move::none();
    }
    return true;
}

Value Searcher::search_root(Position& pos, Stack* ss, Value previous, bool report_bounds,
                            const std::function<void(const SearchInfo&)>& on_info) {
    Value delta = params_.aspiration_delta;
    Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    int   failed_high = 0; // fail-highs in a row, with AspirationFailHigh
    if (root_depth_ >= 5 && previous != -VALUE_INFINITE) {
        alpha = std::max(previous - delta, -VALUE_INFINITE);
        beta  = std::min(previous + delta, VALUE_INFINITE);
    }
    Move* const pv = ss->pv;
    while (true) {
        pv[0]             = Move::none();
        const int   depth = std::max(root_depth_ - failed_high, 1);
        const Value value = search(pos, ss, alpha, beta, depth, true, false);
        if (stop_.load(std::memory_order_relaxed)) return value;
        Bound bound;
        // A mate score opens its side of the window at once: widening step by step towards
        // it would repeat the whole iteration a dozen times.
        if (value <= alpha) {
            bound       = BOUND_UPPER;
            failed_high = 0;
            beta        = (alpha + beta) / 2;
            alpha =
                is_mate_score(value) ? -VALUE_INFINITE : std::max(value - delta, -VALUE_INFINITE);
        } else if (value >= beta) {
            bound = BOUND_LOWER;
            beta  = is_mate_score(value) ? VALUE_INFINITE : std::min(value + delta, VALUE_INFINITE);
            if (params_.aspiration_fail_high && !is_mate_score(value)) ++failed_high;
        } else {
            return value;
        }
        // Fail-high/low lines only in long searches, where the GUI would wait otherwise.
        if (report_bounds && on_info && elapsed_ms() > 3000) {
            SearchInfo info{root_depth_,    std::max(seldepth_, root_depth_),
                            value,          bound,
                            nodes(),        elapsed_ms(),
                            tt_.hashfull(), {}};
            for (Move* m = pv; *m != Move::none(); ++m)
                info.pv.push_back(*m);
            on_info(info);
        }
        delta += delta / 2;
    }
}

Value Searcher::stored_or_static_eval(const Position& pos, Stack* ss, const TTData* tt) {
    return tt && tt->eval != VALUE_NONE ? tt->eval : static_eval(pos, ss);
}

Value Searcher::sharpened_eval(Value raw_eval, const TTData* tt, Value tt_value) {
    if (raw_eval == VALUE_NONE || !tt) return raw_eval;
    // A stored bound on the search's value is a better estimate than the network's in the
    // direction it bounds.
    return (tt->bound & (tt_value > raw_eval ? BOUND_LOWER : BOUND_UPPER)) ? tt_value : raw_eval;
}

std::optional<Value> Searcher::mate_in_one(Position& pos, Stack* ss, int depth, bool pv_node,
                                           Value eval) {
    const Move mate = mate::find_mate_in_one(pos);
    if (mate == Move::none()) return std::nullopt;
    const Value v = mate_in(ss->ply + 1);
    if (pv_node) ss->pv[0] = mate, ss->pv[1] = Move::none();
    tt_.store(pos.key(), value_to_tt(v, ss->ply), BOUND_EXACT, std::min(depth + 6, MAX_PLY - 1),
              mate.to16(), eval, ss->tt_pv);
    return v;
}

void Searcher::store_node(uint64_t key, int ply, Value best, Value beta, Move best_move, int depth,
                          bool pv_node, bool tt_pv, Value eval) {
    const Bound bound = best >= beta                           ? BOUND_LOWER
                      : (pv_node && best_move != Move::none()) ? BOUND_EXACT
                                                               : BOUND_UPPER;
    tt_.store(key, value_to_tt(best, ply), bound, depth,
              best_move != Move::none() ? best_move.to16() : 0, eval, tt_pv);
}

std::optional<Value> Searcher::early_value(Position& pos, Stack* ss, Value& alpha, Value& beta) {
    const int ply = ss->ply;
    // Repetition: the first recurrence of the board decides (rules.md §4).
    switch (find_repetition(pos, 16)) {
        case Repetition::DRAW:
            return (ply % 2 == 0) ? options_.draw_value : -options_.draw_value;
        case Repetition::WIN:
            return mate_in(ply);
        case Repetition::LOSS:
            return mated_in(ply);
        default:
            // A board that recurs with other hands (SUPERIOR, INFERIOR) is no repetition
            // under the rules: the game goes on, and the search does too, with the material
            // the cycle won or lost in the evaluation. A fixed value there (YaneuraOu's
            // VALUE_SUPERIOR) outranked a longer mate, so a mated side reported it in place
            // of the mate and played delaying drops for it.
            break;
    }
    if (past_move_limit(pos)) return move_limit_value(pos, ply);
    // A side that can declare a win (or step onto the try square) wins here: a search that
    // did not know it let the opponent's king walk in and declare.
    if (wins_by_rule(pos, options_.entering_king_rule)) return mate_in(ply + 1);
    // Mate-distance pruning: no line here can beat a shorter mate already found.
    alpha = std::max(mated_in(ply), alpha);
    beta  = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
    if (ply >= MAX_PLY - 2) return static_eval(pos, ss);
    return std::nullopt;
}

void Searcher::make_move(Position& pos, Stack* ss, Move m, StateInfo& st) {
    tt_.prefetch(pos.key_after(m)); // the child's first act is to probe its entry
    ss->current      = m;
    ss->cont_history = continuation_after(m);
    // The child's accumulator follows from this node's, which must therefore exist first (a
    // node that took its eval from the table has not made it yet).
    ensure_accumulator(pos, ss);
    (ss + 1)->accumulator_ready = false;
    pos.do_move(m, st);
}

void Searcher::ensure_accumulator(const Position& pos, Stack* ss) {
    if (ss->accumulator_ready) return;
    const Stack* parent = ss - 1;
    if (ss->ply > 0 && parent->accumulator_ready)
        nnue::update_accumulator(*network_, parent->accumulator, pos, parent->current,
                                 ss->accumulator, &refresh_cache_);
    else
        nnue::refresh_accumulator(*network_, pos, ss->accumulator, &refresh_cache_);
    ss->accumulator_ready = true;
}

Value Searcher::static_eval(const Position& pos, Stack* ss) {
    ensure_accumulator(pos, ss);
    if (options_.verify_accumulators) {
        nnue::Accumulator fresh;
        nnue::refresh_accumulator(*network_, pos, fresh);
        ++accumulators_verified_;
        if (std::memcmp(&fresh, &ss->accumulator, sizeof fresh) != 0) ++accumulator_mismatches_;
    }
    return nnue::evaluate(*network_, ss->accumulator, pos);
}

void Searcher::update_quiet_stats(Stack* ss, Color us, Move best, const Move* quiets,
                                  int quiet_count, int depth) {
    if (ss->killers[0] != best) {
        ss->killers[1] = ss->killers[0];
        ss->killers[0] = best;
    }
    if (Move* slot = counter_move_slot((ss - 1)->current)) *slot = best;
    const int  bonus   = history_bonus(depth);
    const bool low_ply = params_.low_ply_history && ss->ply < LOW_PLY;
    auto       apply   = [&](Move m, int delta) {
        apply_bonus(history_[us][from_index(m)][m.to()], delta);
        update_continuation(ss, m, delta);
        if (low_ply) apply_bonus(low_ply_history_[ss->ply][from_index(m)][m.to()], delta);
    };
    apply(best, bonus);
    for (int i = 0; i < quiet_count; ++i)
        apply(quiets[i], -bonus);
}

Move Searcher::last_quiet_move(const Position& pos, const Stack* ss) const {
    const Move last = (ss - 1)->current;
    if (!is_board_move(last) || pos.captured_piece() != NO_PIECE || tactical_promotion(last))
        return Move::none();
    return last;
}

void Searcher::learn_from_eval_change(const Position& pos, const Stack* ss) {
    const Move last = last_quiet_move(pos, ss);
    if (last == Move::none()) return;
    const Value before = (ss - 1)->static_eval, now = ss->static_eval;
    if (before == VALUE_NONE || now == VALUE_NONE) return; // a side was in check
    // From the mover's view the change is -(now + before); a move that lost nothing still
    // earns a little, as in Stockfish (its bounds scaled to HISTORY_MAX).
    const int bonus = std::clamp(-params_.eval_diff_history * (before + now) / 10, -4300, 3200);
    apply_bonus(history_[~pos.side_to_move()][from_index(last)][last.to()], bonus + 1400);
}

void Searcher::reward_refuting_move(const Position& pos, Stack* ss, int depth) {
    const Move last = last_quiet_move(pos, ss);
    if (last == Move::none()) return;
    const int bonus = history_bonus(depth) * params_.fail_low_prior_bonus / 100;
    apply_bonus(history_[~pos.side_to_move()][from_index(last)][last.to()], bonus);
    update_continuation(ss - 1, last, bonus);
}

void Searcher::update_continuation(Stack* ss, Move m, int bonus) {
    bonus = bonus * params_.cont_bonus_pct / 100;
    for (int i = 0; i < continuation_ply_count_; ++i) {
        const int  back = continuation_plies_[i];
        const Move prev = (ss - back)->current;
        if (prev == Move::none()) break; // before the root
        if (prev == Move::null()) continue; // its table is a shared sentinel, not a history
        int16_t& h = (*(ss - back)->cont_history)[m.moved_piece_after()][m.to()];
        apply_bonus(h, bonus);
    }
}

void Searcher::update_capture_stats(const Position& pos, Move best, bool best_is_capture,
                                    const Move* captures, int capture_count, int depth) {
    const int bonus = history_bonus(depth);
    if (best_is_capture) apply_bonus(capture_history_entry(pos, best), bonus);
    for (int i = 0; i < capture_count; ++i)
        apply_bonus(capture_history_entry(pos, captures[i]), -bonus);
}

std::pair<int16_t*, int16_t*> Searcher::correction_entries(const Position& pos, const Stack* ss) {
    const Color us   = pos.side_to_move();
    const Move  last = (ss - 1)->current;
    return {&correction_.pawn[us][pawn_structure_index(pos)],
            is_board_move(last) ? &correction_.last_move[us][last.moved_piece_after()][last.to()]
                                : nullptr};
}

Value Searcher::corrected_eval(const Position& pos, const Stack* ss, Value raw) {
    if (!params_.correction_weight || raw == VALUE_NONE) return raw;
    const auto [pawn, last] = correction_entries(pos, ss);
    const int sum           = *pawn + (last ? *last : 0);
    // The two tables learn the same errors: their mean is the estimate.
    const Value v = raw + sum * params_.correction_weight / (2 * 100 * CORRECTION_GRAIN);
    return std::clamp(v, VALUE_MATED_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

void Searcher::update_correction(const Position& pos, const Stack* ss, Value best, int depth) {
    const int bonus         = correction_bonus(best - ss->static_eval, depth);
    const auto [pawn, last] = correction_entries(pos, ss);
    apply_bonus(*pawn, bonus, CORRECTION_LIMIT);
    if (last) apply_bonus(*last, bonus, CORRECTION_LIMIT);
}

int Searcher::history_score(const Stack* ss, Color us, Move m, int main_pct, int cont1_pct) const {
    const Piece  pc    = m.moved_piece_after();
    const Square to    = m.to();
    int          score = history_[us][from_index(m)][to] * main_pct / 100;
    for (int i = 0; i < continuation_ply_count_; ++i) {
        const int h = (*(ss - continuation_plies_[i])->cont_history)[pc][to];
        score += continuation_plies_[i] == 1 ? h * cont1_pct / 100 : h;
    }
    return score;
}

int Searcher::quiet_score(const Stack* ss, Color us, Move m) const {
    return history_score(ss, us, m, 200, 100);
}

int Searcher::order_score(const Stack* ss, Color us, Move m) const {
    return history_score(ss, us, m, params_.order_main_pct, params_.order_cont1_pct);
}

std::optional<Value> Searcher::qs_prunable_gain(const Position& pos, Move m) const {
    const bool  capture = is_capture(pos, m);
    const Value victim  = capture ? capture_value(type_of(pos.piece_on(m.to()))) : VALUE_ZERO;
    if (!m.is_promotion()) return capture ? std::optional<Value>(victim) : std::nullopt;
    // Without QsPrunePromotions every promotion escapes the pruning: a rook that takes a
    // defended pawn and promotes is searched however much it loses.
    if (!params_.qs_prune_promotions) return std::nullopt;
    return victim + promotion_gain(m);
}

Value Searcher::qsearch(Position& pos, Stack* ss, Value alpha, Value beta, bool pv_node,
                        int qdepth) {
    if ((count_node() & check_mask_) == 0) check_time();
    if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
    const int ply = ss->ply;
    seldepth_     = std::max(seldepth_, ply + 1);
    if (past_move_limit(pos)) return move_limit_value(pos, ply);
    if (ply >= MAX_PLY - 2) return static_eval(pos, ss);

    // The frontier's node, reached by a main-search move, may repeat or be won by declaration
    // like any other. Deeper nodes follow a capture or a promotion, which cannot be undone:
    // no position from before it comes back within quiescence's few plies.
    if (qdepth == 0 && params_.qs_repetition)
        if (const auto v = early_value(pos, ss, alpha, beta)) return *v;

    const uint64_t key = pos.key();
    TTData         tt{};
    const bool     tt_hit   = tt_.probe(key, tt);
    const Value    tt_value = tt_hit ? value_from_tt(tt.value, ply) : VALUE_NONE;
    if (!pv_node && tt_hit && (tt.bound & (tt_value >= beta ? BOUND_LOWER : BOUND_UPPER)))
        return tt_value;
    const bool tt_pv = pv_node || (tt_hit && tt.is_pv);

    const bool in_check  = pos.in_check();
    Value      best      = -VALUE_INFINITE;
    Value      eval      = VALUE_NONE; // the net's, stored; the stand-pat value is corrected
    Value      stand_pat = VALUE_NONE;
    if (!in_check) {
        eval      = tt_hit && tt.eval != VALUE_NONE ? tt.eval : static_eval(pos, ss);
        stand_pat = best = corrected_eval(pos, ss, eval); // the side may decline every capture
        // A stored bound in its direction is a better guess at the node's worth than the net's
        // (Stockfish, YaneuraOu); not a mate score, which standing pat cannot claim.
        if (params_.qs_tt_stand_pat && tt_hit && !is_mate_score(tt_value))
            stand_pat = best = sharpened_eval(stand_pat, &tt, tt_value);
        if (best >= beta) {
            if (params_.fail_high_damp && !is_mate_score(best)) best = (best + beta) / 2;
            // Stored so that the next visit skips the evaluation (most qsearch nodes end here).
            if (!tt_hit || tt.bound == BOUND_NONE)
                tt_.store(key, value_to_tt(best, ply), BOUND_LOWER, 0, 0, eval, tt_pv);
            return best;
        }
        // Captures alone would miss a mating drop, the commonest way to win at once.
        if (mate::find_mate_in_one(pos) != Move::none()) return mate_in(ply + 1);
        alpha = std::max(alpha, best);
    }

    OrderedMoves moves;
    // Deep in quiescence only recaptures: shogi positions are full of capturable pieces, and
    // unbounded capture chains swamp the search (YaneuraOu does the same).
    const Move last = (ss - 1)->current;
    if (in_check)
        moves.generate<GenType::EVASIONS>(pos);
    else if (qdepth > QS_RECAPTURE_DEPTH)
        moves.generate<GenType::CAPTURES>(pos);
    else if (is_board_move(last))
        moves.generate_captures_on(pos, last.to());
    if (in_check && moves.size() == 0) return mated_in(ply);
    moves.score([&](Move m) {
        if (tt_hit && m.to16() == tt.move16) return 1 << 30;
        return is_capture(pos, m) ? (1 << 28) + capture_score(pos, m) : promotion_gain(m);
    });

    Move best_move  = Move::none();
    int  move_count = 0;
    for (Move m = moves.next(); m != Move::none(); m = moves.next()) {
        if (!in_check) {
            // A capture that checks may win more than its victim (YaneuraOu lets it lose
            // up to a pawn's worth and skips the delta pruning).
            const bool check = params_.qs_checking_captures && pos.gives_check(m);
            if (const auto gain = qs_prunable_gain(pos, m)) {
                // Delta pruning: a capture that cannot lift the score to alpha. With
                // QsFutilityBest the node's result counts what the pruned move might have
                // reached, so that its stored upper bound holds at a higher alpha too.
                const Value futility = stand_pat + *gain + 200;
                if (!check && futility <= alpha) {
                    if (params_.qs_futility_best) best = std::max(best, futility);
                    continue;
                }
                // Far below alpha, only a capture that wins material can reach it
                // (QsSeeFutility); the bound counts what the skipped one might have reached.
                const Value futility_base = stand_pat + params_.qs_see_futility;
                if (params_.qs_see_futility && !check && futility_base <= alpha
                    && !see_ge(pos, m, Value(1))) {
                    best = std::max(best, futility_base);
                    continue;
                }
                // Captures that lose material in the exchange (more than QsSeeMargin).
                if (!see_ge(pos, m, check ? Value(-90) : Value(-params_.qs_see_margin))) continue;
            }
            // Past the two best captures searched only recaptures (YaneuraOu): shogi positions
            // hold many capturable pieces, and most later captures only trade. Counted after
            // the pruning, so that two defended victims do not hide a free third one.
            if (move_count >= 2 && !check && !(is_board_move(last) && m.to() == last.to()))
                continue;
        }
        ++move_count;
        StateInfo st;
        make_move(pos, ss, m, st);
        const Value v = -qsearch(pos, ss + 1, -beta, -alpha, pv_node, qdepth - 1);
        pos.undo_move(m);
        if (stop_.load(std::memory_order_relaxed)) return VALUE_ZERO;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (v >= beta) break;
                alpha = v;
            }
        }
    }

    if (params_.fail_high_damp && best > beta && !is_mate_score(best)) best = (3 * best + beta) / 4;
    const Bound bound = best >= beta ? BOUND_LOWER : BOUND_UPPER;
    tt_.store(key, value_to_tt(best, ply), bound, 0,
              best_move != Move::none() ? best_move.to16() : 0, eval, tt_pv);
    return best;
}

} // namespace tsubame
