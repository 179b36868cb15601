#include "search/clock.h"

#include <chrono>

namespace tsubame {

namespace {
class SteadyClock final : public TimeSource {
public:
    int64_t now_ms() const override {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
};
} // namespace

const TimeSource& TimeSource::steady() {
    static const SteadyClock clock;
    return clock;
}

} // namespace tsubame
