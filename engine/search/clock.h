#pragma once

// The clock a search reads: milliseconds on a monotonic clock, behind an interface so that
// tests can move a search's time by hand instead of racing the machine's load.

#include <cstdint>

namespace tsubame {

/// A monotonic millisecond clock.
class TimeSource {
public:
    virtual ~TimeSource() = default;
    /// Milliseconds since an arbitrary fixed point.
    virtual int64_t now_ms() const = 0;
    /// The process's steady clock (std::chrono::steady_clock).
    static const TimeSource& steady();
};

} // namespace tsubame
