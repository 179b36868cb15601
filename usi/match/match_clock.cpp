#include "match/match_clock.h"

#include <algorithm>

namespace tsubame::usi {

MatchClock::MatchClock(const TimeControl& tc) :
    tc_(tc),
    remaining_{tc.time_ms, tc.time_ms} { }

std::string MatchClock::go_command() const {
    std::string go = "go";
    if (tc_.has_clock()) {
        go += " btime " + std::to_string(remaining_[BLACK]) + " wtime "
            + std::to_string(remaining_[WHITE]);
        if (tc_.inc_ms > 0)
            go += " binc " + std::to_string(tc_.inc_ms) + " winc " + std::to_string(tc_.inc_ms);
        else
            go += " byoyomi " + std::to_string(tc_.byoyomi_ms); // `byoyomi 0`: sudden death
    }
    if (tc_.nodes > 0) go += " nodes " + std::to_string(tc_.nodes);
    if (tc_.depth > 0) go += " depth " + std::to_string(tc_.depth);
    return go;
}

int64_t MatchClock::allowed_ms(Color c) const {
    if (!tc_.has_clock()) return tc_.move_timeout_ms;
    return remaining_[c] + tc_.byoyomi_ms + tc_.inc_ms;
}

int64_t MatchClock::deadline_ms(Color c) const {
    return allowed_ms(c) + (tc_.has_clock() ? tc_.margin_ms : 0);
}

bool MatchClock::charge(Color c, int64_t elapsed_ms) {
    if (elapsed_ms > deadline_ms(c)) return false;
    if (tc_.has_clock())
        remaining_[c] = std::max<int64_t>(0, remaining_[c] + tc_.inc_ms - elapsed_ms);
    return true;
}

} // namespace tsubame::usi
