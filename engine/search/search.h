#pragma once

// Alpha-beta search: iterative deepening with aspiration windows, principal variation search,
// quiescence, transposition table, move ordering by killers, counter-moves and butterfly and
// continuation histories, a one-move mate test at every node, null-move pruning, razoring,
// reverse futility, futility and SEE pruning at the reduced depth, continuation-history
// pruning, late move reductions and pruning, internal iterative reduction, check and singular
// extensions (with multi-cut), mate-distance pruning, and repetition scoring. In timed
// searches each new best root move is checked by the df-pn solver for a forced mate of the
// opponent after it (the defence probe). One Searcher is one search thread.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "core/large_memory.h"
#include "core/position.h"
#include "core/value.h"
#include "eval/nnue/network.h"
#include "eval/nnue/refresh_cache.h"
#include "mate/mate_solver.h"
#include "rules/declaration.h"
#include "search/clock.h"
#include "search/correction.h"
#include "search/cutoff_stats.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/params.h"
#include "search/time_manager.h"
#include "search/tt.h"

namespace tsubame {

/// One `info` report: an iteration's result (or the final one).
struct SearchInfo {
    int               depth    = 0;
    int               seldepth = 0;
    Value             score    = 0;
    Bound             bound    = BOUND_EXACT; ///< LOWER on fail-high, UPPER on fail-low.
    uint64_t          nodes    = 0;
    int64_t           time_ms  = 0;
    int               hashfull = 0;
    std::vector<Move> pv;
    int               multipv = 1; ///< Line number (1-based); the best line is 1.
};

/// Settings the search reads (USI options).
struct SearchOptions {
    Value draw_value = -2; ///< Score of a repetition draw for the side to move (YaneuraOu default).
    int   multi_pv   = 1; ///< Lines to search and report (MultiPV); line 1 gives the answer.
    /// MaxMovesToDraw: the game is drawn once this many moves are played, i.e. from game ply
    /// (Position::game_ply, the move number) limit + 1 on, unless the last move mated. 0 = none.
    int max_moves_to_draw = 0;
    /// Defence probe: in a timed search, each move that becomes the best one is checked with
    /// the df-pn solver for a forced mate of the opponent after it, with up to this share (per
    /// mille) of the optimum time; a refuted move is dropped from the root. Long check
    /// sequences lie far beyond the search's horizon, and a strong opponent finds them.
    /// 0 turns it off.
    int defence_probe_permille = 80;
    /// The declaration rule of the game: the root declares by it (root_decision.h), and a
    /// node whose side to move can declare a win (or, under the try rule, reach the try
    /// square) is won there.
    EnteringKingRule entering_king_rule = EnteringKingRule::CSA27;
    TimeOptions      time;
    /// The search's margins and reductions (defaults: search/params.h).
    SearchParams params;
    /// The evaluation network (shared, read-only, alive during the search); null: the built-in
    /// one (nnue::builtin_network()).
    const nnue::Network* network = nullptr;
    /// For tests: every evaluation also computes its accumulator from scratch and counts
    /// the differences (Searcher::accumulator_mismatches).
    bool verify_accumulators = false;
};

/// Result of a whole search.
struct SearchResult {
    Move              best   = Move::none(); ///< none() when there is no legal move.
    Move              ponder = Move::none();
    Value             score  = 0;
    int               depth  = 0;
    uint64_t          nodes  = 0;
    std::vector<Move> pv;
};

/// A single-threaded searcher. Stop and ponderhit may be signalled from another thread.
class Searcher {
public:
    explicit Searcher(TranspositionTable& tt);
    ~Searcher();
    Searcher(const Searcher&)            = delete;
    Searcher& operator=(const Searcher&) = delete;

    /// Searches pos (which is restored before returning). `on_info` gets each completed
    /// iteration. Returns when a limit is reached or stop() is called; under `infinite` or
    /// `ponder` it keeps waiting for stop()/ponderhit() after the last depth. The node and time
    /// limits never end the first iteration, so that the answer always has a searched line.
    SearchResult run(Position& pos, const SearchLimits& limits, const SearchOptions& options,
                     const std::function<void(const SearchInfo&)>& on_info);

    /// Ends the search as soon as possible (thread-safe).
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    /// The predicted move was played at `at_ms` (the clock's reading when ponderhit came):
    /// the move's clock runs from then (thread-safe).
    void ponderhit(int64_t at_ms);
    /// Clock arguments that came with `ponderhit` (YaneuraOu's `ponderhit btime ...`): they
    /// replace those of `go ponder` once the search takes them (thread-safe).
    void set_ponderhit_clock(const SearchLimits& clock);
    /// With SearchOptions::verify_accumulators: evaluations checked, and how many of them had
    /// an incrementally kept accumulator that differed from a fresh one.
    uint64_t accumulators_verified() const { return accumulators_verified_; }
    uint64_t accumulator_mismatches() const { return accumulator_mismatches_; }
    /// Forgets a ponderhit clock left from an earlier search (call before run()).
    void discard_ponderhit_clock() { clock_pending_.store(false); }
    /// The current (or last) search's fail-high nodes, by which move cut them off (this
    /// thread's only; reset when a search begins).
    const CutoffStats& cutoff_stats() const { return cutoff_stats_; }
    /// Nodes searched so far in the current search (readable from other threads).
    uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    /// Sets the node count to 0 before a search (the owner, while this searcher is idle).
    void reset_nodes() { nodes_.store(0, std::memory_order_relaxed); }
    /// A node count shared by the threads of one search: each adds its nodes to it every few
    /// nodes, and `go nodes` limits the sum. Without one the limit counts this thread alone.
    void set_shared_nodes(std::atomic<uint64_t>* shared) { shared_nodes_ = shared; }
    /// Called once the first iteration is complete and the search goes on (Lazy SMP starts
    /// its helpers then, so that they never starve the main thread of its first answer).
    void set_after_first_iteration(std::function<void()> callback) {
        after_first_iteration_ = std::move(callback);
    }
    /// The clock the search reads (the steady clock unless a test sets another).
    void set_clock(const TimeSource& clock) { clock_ = &clock; }
    /// Forgets the histories, killers and counter-moves (a new game).
    void clear();
    /// Allocates now what a timed search would otherwise make on first use (the defence
    /// probe's mate table), so that no move pays for it.
    void prepare();
    /// Requests the owner sets before calling stop()/ponderhit(): the stop flag, and the time
    /// of ponderhit (-1 until it comes). run() resets its own state when it starts and then
    /// reads these, so a request that came before the search thread got going is not lost.
    void set_request_flags(const std::atomic<bool>* stop, const std::atomic<int64_t>* ponderhit) {
        stop_request_      = stop;
        ponderhit_request_ = ponderhit;
    }
    /// Lazy SMP helpers (index > 0) start at a later depth, so that threads sharing the table
    /// work on different iterations instead of repeating each other.
    void set_thread_index(int index) { thread_index_ = index; }
    /// A helper's main thread, whose clock also ends the helper's search.
    void set_main(const Searcher* main) { main_ = main; }

private:
    struct Stack {
        Move*           pv           = nullptr;
        Move            killers[2]   = {Move::none(), Move::none()};
        Move            current      = Move::none();
        PieceToHistory* cont_history = nullptr; ///< The table that follows `current`.
        int             ply          = 0;
        bool            null_ok      = true;
        Move            excluded     = Move::none(); ///< Skipped by the singular-extension test.
        Value           static_eval  = VALUE_NONE; ///< Corrected (search/correction.h).
        int             cutoff_count = 0; ///< Beta cut-offs of this ply's nodes under one parent.
        int             double_extensions = 0; ///< Double extensions on the line to this ply.
        /// The history score of `current` (0 for a tactical move or none), read by the
        /// child's reverse futility (SearchParams::rfp_history_div).
        int stat_score = 0;
        /// This node is on a principal variation, or its table entry says it was once
        /// (Stockfish's ttPv); stored again with the node's result.
        bool tt_pv = false;
        /// The network's first layer here, valid once accumulator_ready (computed lazily, from
        /// the parent's by the move that led here).
        nnue::Accumulator accumulator;
        bool              accumulator_ready = false;
    };

    /// A root move, its score in this iteration (-VALUE_INFINITE until its line is searched),
    /// its score in the last one, and its PV.
    struct RootMove {
        Move              move;
        Value             score          = -VALUE_INFINITE;
        Value             previous_score = -VALUE_INFINITE;
        std::vector<Move> pv             = {};
    };

    /// Sets up a search: limits, clock and budget, requests that came early, aged histories.
    void begin(Position& pos, const SearchLimits& limits, const SearchOptions& options);
    /// The root moves: every legal one named by `searchmoves` (never-better non-promotions
    /// too), else the search's move set; and their ranking, in generation order.
    void collect_root_moves(Position& pos);
    /// Ranking order of root moves: best score first; moves not searched yet in this
    /// iteration keep the last one's order.
    static bool ranks_before(const RootMove& a, const RootMove& b);
    /// Searches the iteration's lines (MultiPV: line k among the moves lines 1..k-1 did not
    /// take) and ranks them; returns how many lines finished.
    int search_lines(Position& pos, Stack* ss, int multi_pv,
                     const std::function<void(const SearchInfo&)>& on_info);
    /// Reports the iteration's lines together; in a stopped iteration, lines it did not reach
    /// repeat the last iteration's result.
    void report_lines(int lines, int multi_pv,
                      const std::function<void(const SearchInfo&)>& on_info) const;
    /// Searches one line at the root with an aspiration window around `previous` (a full
    /// window at low depth or when unknown); the line's PV is left in ss->pv. Reports fail-high
    /// and fail-low results of long searches when `report_bounds` is set.
    Value search_root(Position& pos, Stack* ss, Value previous, bool report_bounds,
                      const std::function<void(const SearchInfo&)>& on_info);
    Value search(Position& pos, Stack* ss, Value alpha, Value beta, int depth, bool pv_node,
                 bool cut_node);
    /// What ends a node before its table entry is read: a repetition, the move limit, a win
    /// by declaration, the deepest ply, or a shorter mate already found (mate-distance
    /// pruning, which also narrows the window). nullopt when the node is to be searched.
    std::optional<Value> early_value(Position& pos, Stack* ss, Value& alpha, Value& beta);
    /// What a node of search() knows once its table entry and evaluation are read.
    struct Node {
        bool     root = false, pv_node = false, cut_node = false, in_check = false;
        bool     improving = false; ///< Better than two plies ago: prune less.
        int      depth     = 0; ///< Less once alpha is raised (and by internal reduction).
        Move     excluded  = Move::none(); ///< Skipped by the singular-extension test.
        uint64_t key       = 0;
        TTData   tt{};
        bool     tt_hit     = false;
        Value    tt_value   = VALUE_NONE; ///< From the node's view (mates by ply).
        Move     tt_move    = Move::none(); ///< The stored move, if legal here.
        bool     tt_capture = false; ///< The stored move takes a piece.
        Value    raw_eval   = VALUE_NONE; ///< The net's score; VALUE_NONE in check.
        Value    eval       = VALUE_NONE; ///< raw_eval sharpened by the stored bound.
    };
    /// A move of a node being searched.
    struct MoveInfo {
        Move m;
        bool tactical    = false; ///< A capture, or a tactical_promotion().
        bool gives_check = false;
    };
    /// Whether the stored result ends a non-PV node searched to `depth` against `beta`: a
    /// bound in the right direction, deep enough, and with SearchParams::tt_cut_node_type in
    /// the direction the node was expected to go.
    bool tt_cuts(const Node& node, int depth, Value beta, bool cut_node) const;
    /// The SEE a capture needs to be ordered among the good captures
    /// (SearchParams::good_capture_div).
    Value good_capture_threshold(const Position& pos, Move m) const;
    /// Fills the late-move-reduction table from the parameters.
    void init_reductions();
    /// The base late move reduction (plies) of the move_count-th move at `depth`.
    int reduction(int depth, int move_count) const;
    /// The reduction (plies) of a late move searched at `new_depth` without it: the table and
    /// the node's and the move's adjustments, summed in 1/LMR_GRAIN plies.
    int late_move_reduction(const Stack* ss, const Node& node, const MoveInfo& move, Color us,
                            int move_count, int new_depth) const;
    /// The moves of a node, searched in order with their pruning, extensions and reductions;
    /// stores the result.
    Value search_moves(Position& pos, Stack* ss, Node& node, Value alpha, Value beta);
    /// Razoring, reverse futility and null move, at a non-PV node not in check: the node's
    /// value when one of them settles it.
    std::optional<Value> prune_node(Position& pos, Stack* ss, const Node& node, Value alpha,
                                    Value beta);
    /// ProbCut: a capture whose reduced search beats `probcut_beta` would very likely beat
    /// beta at full depth; its value then, else nullopt.
    std::optional<Value> probcut(Position& pos, Stack* ss, const Node& node, Value probcut_beta);
    /// Shallow pruning of a move (late move, continuation history, futility, SEE): true to
    /// skip it.
    bool prune_move(const Position& pos, const Stack* ss, const Node& node, const MoveInfo& move,
                    int move_count, Value alpha) const;
    /// The move's extension (check and singular; negative when the stored move has a rival),
    /// into `extension`. Returns the node's value when the singular test shows that several
    /// moves beat beta (multi-cut), or VALUE_ZERO when stopped.
    std::optional<Value> extend(Position& pos, Stack* ss, const Node& node, const MoveInfo& move,
                                Value beta, int& extension);
    /// Plays the move at ss and searches it: the first move with the full window, the others
    /// with a reduced null window, searched again when they beat alpha (in full at a PV node,
    /// the PV into `pv`).
    Value search_move(Position& pos, Stack* ss, const Node& node, const MoveInfo& move, Value alpha,
                      Value beta, Value best, int new_depth, int move_count, Move* pv);
    /// Quiescence: captures and pawn promotions (evasions in check), the best two of them and
    /// then recaptures only. `qdepth` counts down from 0; below QS_RECAPTURE_DEPTH only
    /// recaptures on the last move's square are generated.
    Value qsearch(Position& pos, Stack* ss, Value alpha, Value beta, bool pv_node, int qdepth = 0);
    /// For a move of quiescence that its pruning applies to, the material it may win (the
    /// victim, with QsPrunePromotions the promotion's gain too); none for a move never pruned.
    std::optional<Value> qs_prunable_gain(const Position& pos, Move m) const;
    /// True past the MaxMovesToDraw limit (see SearchOptions).
    bool past_move_limit(const Position& pos) const {
        return options_.max_moves_to_draw > 0 && pos.game_ply() > options_.max_moves_to_draw;
    }
    /// Score of a node past the limit: mated when the side to move has no legal move, else a
    /// draw.
    Value move_limit_value(const Position& pos, int ply) const;
    void  check_time();
    /// The defence probe (SearchOptions::defence_probe_permille) at the end of an iteration:
    /// when the best root move, not probed before (`probed`), lets the opponent mate, drops it
    /// and makes the next root move the result. True when a move was dropped.
    bool drop_refuted_best(Position& pos, SearchResult& result, std::vector<Move>& probed);
    /// A reply to `best` for the ponder move when the PV has none: the table's move after it,
    /// if legal (a line cut short by a repetition or a table hit still gets one).
    Move ponder_from_table(Position& pos, Move best);
    /// Takes over a clock that came with ponderhit and recomputes the budget (search thread).
    void apply_ponderhit_clock();
    /// Counts a node; returns the new count.
    uint64_t count_node() {
        const uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
        nodes_.store(n, std::memory_order_relaxed);
        return n;
    }
    /// The hard time limit is reached (thread-safe: helpers ask the main thread).
    bool time_up() const;
    /// Milliseconds since the move's clock started (SearchLimits::start_ms).
    int64_t elapsed_ms() const;
    /// Milliseconds the move's clock has run: since the start, or since ponderhit.
    int64_t thinking_ms() const;
    /// A search for a move on the clock (byoyomi, main time or movetime), not `go infinite`.
    bool timed() const { return timed_.load(std::memory_order_relaxed); }
    /// Sets the budget, and what other threads read of it and of the limits.
    void set_budget(const TimeBudget& budget);
    /// The scoring function of a node's moves for MovePicker.
    auto move_scorer(const Position& pos, Stack* ss, uint16_t tt_move16);
    /// The node's static evaluation: the table's copy of it, or the net's score; `tt` is null
    /// without a table hit.
    Value stored_or_static_eval(const Position& pos, Stack* ss, const TTData* tt);
    /// The static evaluation replaced by the stored search value when the entry's bound says
    /// the value lies beyond it on that side; VALUE_NONE (in check) stays so.
    static Value sharpened_eval(Value raw_eval, const TTData* tt, Value tt_value);
    /// A one-move mate of the side to move, stored and returned as the node's value.
    std::optional<Value> mate_in_one(Position& pos, Stack* ss, int depth, bool pv_node, Value eval);
    /// Stores a searched node's result with the bound its value has against the window.
    /// `tt_pv` marks the entry as stored by a node on, or once on, a principal variation.
    void store_node(uint64_t key, int ply, Value best, Value beta, Move best_move, int depth,
                    bool pv_node, bool tt_pv, Value eval);
    /// The net's score of pos, from the side to move's view.
    Value static_eval(const Position& pos, Stack* ss);
    /// Makes ss->accumulator valid: from the parent's, or from scratch at the root.
    void ensure_accumulator(const Position& pos, Stack* ss);
    /// Plays m at ss: records it, readies the child's accumulator update and prefetches the
    /// table entry.
    void make_move(Position& pos, Stack* ss, Move m, StateInfo& st);
    /// Killers, counter-move and histories after a quiet move caused a beta cutoff.
    void update_quiet_stats(Stack* ss, Color us, Move best, const Move* quiets, int quiet_count,
                            int depth);
    /// Capture history after a node's search: a bonus to the capture that cut it, a malus to
    /// the captures searched before its best move.
    void update_capture_stats(const Position& pos, Move best, bool best_is_capture,
                              const Move* captures, int capture_count, int depth);
    /// The capture history's entry of the capture m in pos.
    const int16_t& capture_history_entry(const Position& pos, Move m) const {
        return capture_history_[m.moved_piece_after()][m.to()][type_of(pos.piece_on(m.to()))];
    }
    /// The same entry, to update.
    int16_t& capture_history_entry(const Position& pos, Move m) {
        return const_cast<int16_t&>(std::as_const(*this).capture_history_entry(pos, m));
    }
    /// The node's correction entries: by pawn structure, and by the move that led to it (null
    /// when that was no board move).
    std::pair<int16_t*, int16_t*> correction_entries(const Position& pos, const Stack* ss);
    /// The static evaluation with the learned correction (SearchParams::correction_weight).
    Value corrected_eval(const Position& pos, const Stack* ss, Value raw);
    /// Teaches the correction tables a searched node's error (result minus corrected eval).
    void update_correction(const Position& pos, const Stack* ss, Value best, int depth);
    /// The move that led to pos if it was a quiet board move (no capture, no tactical
    /// promotion), else Move::none().
    Move last_quiet_move(const Position& pos, const Stack* ss) const;
    /// Teaches the butterfly history the opponent's last quiet move by the change of the static
    /// evaluation across it (SearchParams::eval_diff_history).
    void learn_from_eval_change(const Position& pos, const Stack* ss);
    /// After a fail-low, a bonus to the opponent's last quiet move, which refuted every move
    /// of ours (SearchParams::fail_low_prior_bonus).
    void reward_refuting_move(const Position& pos, Stack* ss, int depth);
    /// Adds `bonus` to the continuation histories of the moves some plies back
    /// (SearchParams::continuation_plies).
    void update_continuation(Stack* ss, Move m, int bonus);
    /// A quiet move's butterfly history and continuation histories summed, the butterfly's
    /// and the last move's continuation's weighted by main_pct and cont1_pct per cent.
    int history_score(const Stack* ss, Color us, Move m, int main_pct, int cont1_pct) const;
    /// Quiet-move history score, as the reductions and the pruning read it: twice the
    /// butterfly history plus the continuation histories.
    int quiet_score(const Stack* ss, Color us, Move m) const;
    /// Quiet-move ordering score: the same tables, weighted by SearchParams::order_main_pct
    /// and order_cont1_pct.
    int order_score(const Stack* ss, Color us, Move m) const;
    /// A promotion the search orders and searches with the captures; the others are quiet
    /// moves (SearchParams::quiet_promotions: 1 keeps only a pawn's, 2 a bishop's and a
    /// rook's too, 0 every one).
    bool tactical_promotion(Move m) const {
        if (!m.is_promotion() || !params_.quiet_promotions) return m.is_promotion();
        const PieceType pt = type_of(m.moved_piece_before());
        return pt == PAWN || (params_.quiet_promotions == 2 && (pt == BISHOP || pt == ROOK));
    }
    /// True for a move that was played on the board (not none, not the null move).
    static bool is_board_move(Move m) { return m != Move::none() && m != Move::null(); }
    /// The continuation table that follows move m (a shared one for the null move).
    PieceToHistory* continuation_after(Move m) {
        return is_board_move(m) ? &continuation_[0].entry[m.moved_piece_after()][m.to()]
                                : &continuation_[0].entry[0][0];
    }
    /// The counter-move slot of the move `prev`, or nullptr when prev is not a board move.
    Move* counter_move_slot(Move prev) {
        return is_board_move(prev) ? &counter_moves_[prev.moved_piece_after()][prev.to()] : nullptr;
    }

    TranspositionTable&         tt_;
    std::unique_ptr<MateSolver> defence_solver_; ///< The defence probe's; made on first use.
    const TimeSource*           clock_ = &TimeSource::steady();
    SearchLimits                limits_;
    SearchOptions               options_;
    SearchParams                params_; ///< options_.params, read at every node.
    int reduction_table_[64][64] = {}; ///< In 1/LMR_GRAIN plies; see init_reductions.
    /// The plies back whose continuation histories count (SearchParams::continuation_plies).
    int                         continuation_plies_[6] = {}, continuation_ply_count_ = 0;
    uint64_t                    accumulators_verified_ = 0, accumulator_mismatches_ = 0;
    const nnue::Network*        network_ = nullptr; ///< The search's net (set by begin()).
    nnue::RefreshCache          refresh_cache_; ///< Reset for network_ by begin().
    TimeBudget                  budget_;
    std::atomic<int64_t>        maximum_ms_{0}; ///< budget_.maximum_ms, for other threads.
    std::atomic<bool>           timed_{false}; ///< timed(), for other threads.
    const Searcher*             main_ = nullptr; ///< See set_main.
    std::atomic<int64_t>        start_ms_{0}; ///< When the move's clock started.
    std::atomic<bool>           stop_{false};
    std::atomic<bool>           pondering_{false};
    std::atomic<int64_t>        ponderhit_at_ms_{-1}; ///< When ponderhit came (clock ms), or -1.
    std::atomic<bool>           clock_pending_{false}; ///< pending_clock_ waits to be applied.
    std::mutex                  clock_mutex_; ///< Guards pending_clock_.
    SearchLimits                pending_clock_;
    Color                       root_us_  = BLACK; ///< Side to move at the root (for the budget).
    int                         root_ply_ = 0; ///< Game ply at the root (for the budget).
    std::atomic<uint64_t>       nodes_{0}; // written by this thread only; relaxed, no RMW
    std::atomic<uint64_t>*      shared_nodes_  = nullptr; ///< See set_shared_nodes.
    uint64_t                    flushed_nodes_ = 0; ///< Of nodes_, added to *shared_nodes_.
    uint64_t                    check_mask_    = 255; ///< check_time every mask + 1 nodes.
    std::function<void()>       after_first_iteration_;
    int                         thread_index_      = 0;
    const std::atomic<bool>*    stop_request_      = nullptr;
    const std::atomic<int64_t>* ponderhit_request_ = nullptr;
    int                         seldepth_          = 0;
    int                         root_depth_        = 0;
    std::vector<Move>           root_moves_; ///< The moves the current root line may choose from.
    std::vector<RootMove>       root_ranking_; ///< Every root move, the current lines first.
    ButterflyHistory            history_         = {};
    CaptureHistory              capture_history_ = {};
    LowPlyHistory               low_ply_history_ = {}; ///< Cleared by begin().
    CorrectionHistory           correction_      = {};
    /// Score of the root move that last raised alpha (kept for a stopped iteration).
    Value       root_best_ = VALUE_NONE;
    CutoffStats cutoff_stats_; ///< See cutoff_stats(); reset by begin().
    /// In large pages: 13 MB a thread, whose first touch is paid at `isready`.
    LargeArray<ContinuationTable> continuation_;
    /// The quiet reply that last refuted a move, by that move's piece and destination.
    Move counter_moves_[PIECE_NB][SQ_NB] = {};
};

} // namespace tsubame
