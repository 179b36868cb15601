#pragma once

// One game of a match: both engines get ready, move in turn under the clock, the arbiter
// judges every answer, and both get `gameover`. With pondering, an engine that names a ponder
// move thinks on it during the opponent's turn, as GUIs drive it (usi.md §3). POSIX only (it
// drives engine processes).

#include <array>
#include <atomic>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "match/arbiter.h"
#include "match/match_engine.h"
#include "match/options.h"

namespace tsubame::usi {

/// One move an engine played, with what it said about it.
struct MoveRecord {
    Move                   move;
    int64_t                elapsed_ms = 0;
    std::optional<int>     depth; ///< Last `info depth` before the bestmove.
    std::string            score; ///< Last `info score` (`cp 30`, `mate 5`).
    std::optional<int64_t> nodes; ///< Last `info nodes` before the bestmove.
    std::optional<int64_t> engine_ms = std::nullopt; ///< Last `info time`: the engine's own clock.
    bool                   pondered  = false; ///< Answered after a `ponderhit`.
};

/// Per-engine totals over moves (for averages in the summary).
struct EngineTally {
    int     moves         = 0; ///< Moves played (bestmoves received).
    int64_t time_ms       = 0; ///< Their total thinking time.
    int64_t max_ms        = 0; ///< The longest one.
    int64_t depth_sum     = 0; ///< Sum of the depths reported.
    int     depth_count   = 0; ///< Moves with a depth.
    int64_t nodes_sum     = 0; ///< Nodes of the moves with a node count, not pondered.
    int64_t nodes_time_ms = 0; ///< Their thinking time (for the nodes per second in games).
    int     late          = 0; ///< Moves over the clock but within the margin.
    int     ponder_hits   = 0; ///< Moves answered after a `ponderhit`.
    int     ponder_misses = 0; ///< Ponder searches stopped because another move came.
    /// Ponder searches the engine ended on its own, before `ponderhit` or `stop` (an error).
    int     ponder_early     = 0;
    int     extra_bestmoves  = 0; ///< Bestmoves beyond one per `go`.
    int     stops            = 0; ///< Searches the runner stopped at random (--random-stop).
    int64_t max_stop_wait_ms = 0; ///< The longest wait for a bestmove after such a `stop`.

    /// Adds another tally.
    void add(const EngineTally& other);
};

/// Which game to play.
struct GameSetup {
    int         number         = 1; ///< 1-based game number.
    int         opening_number = 1; ///< 1-based line of the openings list.
    std::string opening        = "startpos"; ///< `startpos [moves ...]` or `sfen ... [moves ...]`.
    int         black          = 0; ///< Engine index (0 = engine 1) that plays Black.
};

/// A finished game.
struct GameResult {
    GameSetup                  setup;
    Outcome                    outcome;
    std::string                start_sfen; ///< The opening's start position.
    std::vector<Move>          opening_moves; ///< The opening's moves from start_sfen.
    std::vector<MoveRecord>    moves; ///< The moves the engines played.
    std::string                final_sfen; ///< Position where the game ended.
    std::array<std::string, 2> names; ///< Engine names, Black first.
    std::time_t                started = 0, ended = 0; ///< Wall-clock times.
    std::array<EngineTally, 2> tally; ///< Per engine index (0 = engine 1).

    /// Engine index of the winner, or -1 for a draw.
    int winner_engine() const;
    /// Plies from the opening's start position (opening moves included).
    int plies() const { return int(opening_moves.size() + moves.size()); }
};

/// Plays one game between engines[0] (engine 1) and engines[1] (engine 2). Ends with
/// INTERRUPTED when `interrupt` is set during it.
GameResult play_game(const GameSetup& setup, const std::array<MatchEngine*, 2>& engines,
                     const MatchOptions& options, const std::atomic<bool>& interrupt);

} // namespace tsubame::usi
