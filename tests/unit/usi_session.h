#pragma once

// A UsiLoop fed line by line, with its output collected: the in-process USI test harness.

#include <sstream>
#include <string>
#include <string_view>

#include "usi_loop.h"

namespace tsubame::usi {

/// Feeds lines to a loop and collects its output.
struct Session {
    std::ostringstream out;
    UsiLoop            loop{out};

    /// Sends a line and returns the output it caused, waiting for a search to answer.
    std::string send(std::string_view line) {
        out.str("");
        loop.handle_line(line);
        loop.wait_for_search();
        return out.str();
    }
    /// The current position's SFEN.
    std::string sfen() const { return loop.game().position().sfen(); }
};

} // namespace tsubame::usi
