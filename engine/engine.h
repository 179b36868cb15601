#pragma once

// The engine facade: what a protocol layer drives. It owns the game, the transposition table
// and the search thread, and reports through callbacks; it never prints.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "book/book.h"
#include "core/status.h"
#include "eval/nnue/embedded.h"
#include "mate/mate_solver.h"
#include "movegen/perft.h"
#include "root_decision.h"
#include "rules/game.h"
#include "search/clock.h"
#include "search/search.h"
#include "search/threads.h"
#include "search/tt.h"

namespace tsubame {

/// The answer to a `go`.
struct BestMove {
    /// Play `move`, resign, or declare an entering-king win.
    enum class Kind {
        MOVE,
        RESIGN,
        WIN
    };
    Kind     kind   = Kind::RESIGN;
    Move     move   = Move::none();
    Move     ponder = Move::none(); ///< A legal reply to `move`, or none().
    uint64_t nodes  = 0; ///< Nodes of every thread, when the answer was made.
};

/// Engine settings a protocol layer exposes as options.
struct EngineOptions {
    SearchOptions search;
    int           threads     = 1; ///< Search threads (Lazy SMP when above 1).
    int           depth_limit = 0; ///< Applied when `go` gives no depth (0 = none).
    uint64_t      nodes_limit = 0; ///< Applied when `go` gives no nodes (0 = none).
    /// Resign when the final score (side to move's view) is at or below -resign_value, in a
    /// search whose move is played: not under `go infinite`, nor pondering without ponderhit.
    Value resign_value = NEVER_RESIGN;
    /// Root mate probe: before a timed search for a move to play, the df-pn solver looks for
    /// a forced mate with up to this share (per mille) of the thinking time; a proven mate is
    /// played without searching. 0 turns it off.
    int root_mate_permille = 60;
    /// How the opening book is used (BookMoves, BookEvalDiff, ...); the book is set_book's.
    BookOptions book;
    /// Stochastic_Ponder (YaneuraOu's): `go ponder` searches the position before the last
    /// move (the predicted one), so every reply of the opponent is in the table; `ponderhit`
    /// then starts a new search of the position given, on the clock from then on.
    bool stochastic_ponder = false;
};

/// Size of go mate's table, in MB (the MateHash default).
constexpr size_t DEFAULT_MATE_HASH_MB = 64;

/// Totals of a bench run.
struct BenchResult {
    uint64_t    nodes   = 0;
    int64_t     time_ms = 0;
    CutoffStats cutoffs; ///< The move ordering's record over every position.
};

/// One position of a bench run, reported as soon as its search ends.
struct BenchPosition {
    int      number  = 0; ///< 1-based, of `count`.
    int      count   = 0; ///< Positions in the run.
    uint64_t nodes   = 0;
    int64_t  time_us = 0; ///< Microseconds: a position may take less than a millisecond.
};

/// Facade over game, search and table. Every go() is answered by exactly one on_bestmove
/// call and every go_mate() by exactly one on_checkmate call (from the search thread), unless
/// quit() silences it.
class Engine {
public:
    /// Where the engine reports, from its search thread.
    struct Callbacks {
        std::function<void(const SearchInfo&)> on_info; ///< A search's progress report.
        std::function<void(const BestMove&)>   on_bestmove; ///< The answer to a go.
        std::function<void(const MateResult&)> on_checkmate = {}; ///< The answer to a go_mate.
    };

    explicit Engine(Callbacks callbacks);
    ~Engine();
    Engine(const Engine&)            = delete;
    Engine& operator=(const Engine&) = delete;

    /// Sets the position: the start `sfen` and the `moves` (USI notation) played from it. A bad
    /// SFEN keeps the previous position; a bad move keeps the moves before it.
    Status set_position(std::string_view sfen, const std::vector<std::string>& moves);
    /// The position set by set_position, with its moves.
    const Game& game() const { return game_; }

    /// Starts searching the current position; returns at once. The move's clock starts at
    /// limits.start_ms, or now when that is unset.
    void go(const SearchLimits& limits);
    /// Solves the current position as a mate problem for the side to move, within `time_ms`
    /// milliseconds (below 0: until solved or stopped); returns at once. `stop` ends it with
    /// a TIMEOUT result unless it has already solved the problem.
    void go_mate(int64_t time_ms);
    /// Ends the current search (its bestmove or checkmate follows); no effect when idle.
    void stop();
    /// The pondered move was played: the clock starts now. `clock`, when given, replaces the
    /// clock arguments of `go ponder` (for a `go ponder` sent without them). A stochastic
    /// ponder search ends without an answer and a search of the position given starts (the
    /// go's limits without ponder, from now); `on_restart` is called in between.
    void ponderhit(const SearchLimits*          clock      = nullptr,
                   const std::function<void()>& on_restart = {});
    /// Waits for the current search to end.
    void wait();
    /// Stops any search without reporting it and waits: nothing is reported after this.
    void quit();
    /// A go or go_mate is running.
    bool searching() const { return searching_.load(); }

    /// The settings the next go takes (a running search keeps its own copy).
    EngineOptions&       options() { return options_; }
    const EngineOptions& options() const { return options_; }
    /// Resizes the hash table (waits for a running search). False if memory ran out.
    bool   set_hash_size(size_t mb);
    size_t hash_size_mb() const { return tt_.size_mb(); }
    /// `isready`: makes the helper threads for the `Threads` option and every table a search
    /// or `go mate` uses, and clears what earlier searches left (as new_game()), so that no
    /// move's clock pays for allocation, first touch or clearing. No effect during a search.
    void prepare();
    /// Sets the mate solver's table size (allocated at the next go_mate; waits for a running
    /// search). False if memory ran out.
    bool   set_mate_hash_size(size_t mb);
    size_t mate_hash_size_mb() const { return mate_hash_mb_; }
    /// Evaluates with the net in `bytes` (a net file's contents) from the next search on
    /// (waits for a running search), and clears the hash table, whose scores came from the
    /// other evaluation. On error the evaluation in use stays.
    Status load_network(std::string_view bytes);
    /// Evaluates with the built-in net again (clearing the hash table if that changes it).
    void use_builtin_network();
    /// The net in use: the one load_network read, or the built-in one.
    const nnue::Network& network() const { return network_ ? *network_ : nnue::builtin_network(); }
    /// Plays from `book` (read by the protocol layer; null: no book) from the next go on,
    /// under options().book (waits for a running search).
    void set_book(std::shared_ptr<const Book> book);
    /// The book in use, or null.
    const Book* book() const { return book_.get(); }
    /// `usinewgame`: clears the hash table and per-game search state, unless nothing has
    /// searched since the last clear (GUIs send it right after `isready`, which cleared).
    void new_game();
    /// Clears the hash table and per-game search state now (the ClearHash button).
    void clear();

    /// The clock searches read; a test may set another before any search.
    void              set_clock(const TimeSource& clock);
    const TimeSource& clock() const { return *clock_; }

    /// Perft divide of the current position.
    PerftDivide perft(int depth);
    /// Searches the fixed bench positions to `depth` with one thread and a fresh 16 MB table;
    /// `on_position` hears each position's nodes and time when its search ends.
    BenchResult bench(int depth, const std::function<void(const SearchInfo&)>& on_info = {},
                      const std::function<void(const BenchPosition&)>& on_position = {});

private:
    void join();
    /// The main search with its Lazy SMP helpers; returns the answer.
    BestMove search(Game& game, const SearchLimits& limits, const EngineOptions& options);
    /// Reports the root probe's proven mate as the search's line, and takes its second move
    /// for the ponder move.
    void report_mate(const MateResult& mate, BestMove& answer);
    /// Reports the book's choice as the search's line (value, depth and book line) and takes
    /// its ponder move.
    void report_book(const BookChoice& choice, int64_t start_ms, BestMove& answer);
    /// A legal answer in `pos` for a stochastic ponder search stopped before ponderhit (it
    /// searched the position before): the table's move there, else any legal move.
    BestMove answer_in(const Position& pos) const;
    /// Under `go ponder` and `go infinite`, returns only once `stop` (or, pondering,
    /// `ponderhit`) has come, so that an answer known at once is not given before it.
    void hold_answer(const SearchLimits& limits) const;

    Callbacks                      callbacks_;
    EngineOptions                  options_;
    Game                           game_;
    const TimeSource*              clock_ = &TimeSource::steady();
    TranspositionTable             tt_;
    std::unique_ptr<Searcher>      searcher_; ///< The main thread's searcher.
    HelperThreads                  helpers_{tt_}; ///< Lazy SMP helpers, kept across searches.
    std::atomic<uint64_t>          shared_nodes_{0}; ///< The current search's nodes, all threads.
    std::unique_ptr<MateSolver>    mate_solver_; ///< go mate's; made at isready or first use.
    size_t                         mate_hash_mb_ = DEFAULT_MATE_HASH_MB;
    std::unique_ptr<MateSolver>    root_mate_solver_; ///< The probe's own small table.
    std::unique_ptr<nnue::Network> network_; ///< The net load_network read; null: built-in.
    std::shared_ptr<const Book>    book_; ///< The opening book; null: none.
    std::mt19937_64                book_rng_; ///< The book's choices (search thread only).
    std::thread                    thread_;
    bool                           stale_ = false; ///< A search ran since the last clear.
    std::atomic<bool>              searching_{false};
    std::atomic<bool>              stop_request_{false}; ///< `stop` for the current search.
    /// When `ponderhit` came for the current search (clock ms), or -1.
    std::atomic<int64_t> ponderhit_request_{-1};
    std::atomic<bool>    silent_{false};
    /// The running search ponders the position before the predicted move (Stochastic_Ponder;
    /// the protocol thread's alone), and the limits of its go.
    bool         stochastic_ = false;
    SearchLimits stochastic_limits_;
};

} // namespace tsubame
