#pragma once

// The two clocks of a match game and the `go` command that tells an engine about them
// (usi.md §6): byoyomi, Fischer (the increment is usable for the move it is given for),
// sudden death, or no clock at all for fixed nodes or depth.

#include <cstdint>
#include <string>

#include "core/types.h"
#include "match/options.h"

namespace tsubame::usi {

/// Remaining main time of both sides under one time control.
class MatchClock {
public:
    /// Both sides start with the time control's main time.
    explicit MatchClock(const TimeControl& tc);

    /// `go btime .. wtime .. byoyomi ..` (or `binc .. winc ..`), plus `nodes`/`depth` limits;
    /// just the limits when there is no clock.
    std::string go_command() const;
    /// Milliseconds side c may use for its next move: main time + byoyomi + increment, or the
    /// move timeout when there is no clock.
    int64_t allowed_ms(Color c) const;
    /// How long to wait for side c's move before it loses on time: allowed + margin.
    int64_t deadline_ms(Color c) const;
    /// Charges side c for a move that took `elapsed_ms` and credits the increment. Returns
    /// false when the move came later than the deadline (a loss on time).
    bool charge(Color c, int64_t elapsed_ms);
    /// Main time left to side c.
    int64_t remaining_ms(Color c) const { return remaining_[c]; }

private:
    TimeControl tc_;
    int64_t     remaining_[COLOR_NB];
};

} // namespace tsubame::usi
