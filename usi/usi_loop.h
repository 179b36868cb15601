#pragma once

// Minimal USI command loop: enough for GUIs to register the engine, set positions and run
// `go perft`. The full protocol layer (reader thread, options, search) builds on it.

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"

namespace tsubame::usi {

/// Reads USI commands line by line and writes the replies.
class UsiLoop {
public:
    explicit UsiLoop(std::ostream& out) :
        out_(out) { }

    /// Handles one line of input. Returns false when the engine should exit (`quit`).
    bool handle_line(std::string_view line);
    /// Handles lines from `in` until `quit` or end of input.
    void run(std::istream& in);

    /// The current game (for tests).
    const Game& game() const { return game_; }

private:
    void cmd_usi();
    void cmd_position(const std::vector<std::string_view>& tokens);
    void cmd_go(const std::vector<std::string_view>& tokens);
    void cmd_display();
    void run_perft(int depth);
    void send(std::string_view line);
    void send_error(std::string_view message);

    std::ostream& out_;
    Game          game_;
};

/// Splits a line into whitespace-separated tokens (spaces, tabs, a trailing CR).
std::vector<std::string_view> split_tokens(std::string_view line);

} // namespace tsubame::usi
