#pragma once

// What a `go` asks for: clocks, fixed limits and search modes.

#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/types.h"

namespace tsubame {

/// Limits of one search, as given by `go` (times in milliseconds).
struct SearchLimits {
    int64_t           time[COLOR_NB] = {0, 0}; ///< Main time left (btime, wtime).
    int64_t           inc[COLOR_NB]  = {0, 0}; ///< Fischer increment (binc, winc).
    int64_t           byoyomi        = 0;
    int64_t           movetime       = 0; ///< Exact time for this move.
    int               depth          = 0; ///< 0 = no limit.
    uint64_t          nodes          = 0; ///< 0 = no limit.
    bool              infinite       = false;
    bool              ponder         = false;
    std::vector<Move> searchmoves; ///< Restrict the root to these moves when not empty.
    /// When the move's clock started, in TimeSource milliseconds: the arrival of `go`, so that
    /// the root mate probe and any wait before the search count against the move. Below 0:
    /// when the search starts.
    int64_t start_ms = -1;

    /// True when a clock governs the search (not depth, nodes, movetime or infinite alone).
    bool uses_clock() const {
        return time[BLACK] || time[WHITE] || inc[BLACK] || inc[WHITE] || byoyomi;
    }
};

} // namespace tsubame
