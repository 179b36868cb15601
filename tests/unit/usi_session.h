#pragma once

// A UsiLoop fed line by line, with its output collected: the in-process USI test harness.

#include <sstream>
#include <string>
#include <string_view>

#include "usi_loop.h"

namespace tsubame::usi {

/// Feeds lines to a loop and collects its output. The hash is set small (the 256 MB default
/// would cost every test that sends isready its allocation, more under sanitizers).
struct Session {
    std::ostringstream out;
    UsiLoop            loop{out};

    Session() { loop.handle_line("setoption name USI_Hash value 16"); }

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
