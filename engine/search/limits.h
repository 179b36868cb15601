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
    /// Milliseconds of this move's clock already spent before the search starts (by the root
    /// mate probe); the search counts its time from that earlier moment.
    int64_t spent_ms = 0;

    /// True when a clock governs the search (not depth, nodes, movetime or infinite alone).
    bool uses_clock() const {
        return time[BLACK] || time[WHITE] || inc[BLACK] || inc[WHITE] || byoyomi;
    }
};

} // namespace tsubame
