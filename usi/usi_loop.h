#pragma once

// USI command loop: parses each line, drives the engine facade and formats its replies.
// The reading thread stays free during a search (which runs on the engine's thread), so
// `stop`, `ponderhit`, `isready`, `gameover` and `quit` are answered at any time.

#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "engine.h"

namespace tsubame::usi {

/// Reads USI commands line by line and writes the replies (whole lines, thread-safe).
class UsiLoop {
public:
    explicit UsiLoop(std::ostream& out);
    ~UsiLoop();

    /// Handles one line of input. Returns false when the engine should exit (`quit`).
    bool handle_line(std::string_view line);
    /// Handles lines from `in` until `quit` or end of input (which counts as `quit`).
    void run(std::istream& in);
    /// Waits until the running search, if any, has answered (for tests and scripts).
    void wait_for_search() { engine_.wait(); }

    /// The current game (for tests).
    const Game& game() const { return engine_.game(); }

private:
    void cmd_usi();
    void cmd_isready();
    void cmd_setoption(const std::vector<std::string_view>& tokens);
    void cmd_go(const std::vector<std::string_view>& tokens);
    void cmd_bench(const std::vector<std::string_view>& tokens);
    void cmd_display();
    void run_perft(int depth);
    void send(std::string_view line);
    void send_error(std::string_view message);
    void send_info(const SearchInfo& info);
    void send_bestmove(const BestMove& best);
    void send_checkmate(const MateResult& result);

    std::ostream& out_;
    std::mutex    out_mutex_;
    Engine        engine_;
    size_t        pending_hash_mb_ = 16; ///< USI_Hash, applied at `isready`.
};

} // namespace tsubame::usi
