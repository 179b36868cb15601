#pragma once

// One engine of a match, driven as a GUI drives it (usi.md §2): started once and reused,
// `isready` + `usinewgame` before each game, `position` + `go` for each move, `gameover` at
// the end, and restarted after a crash or a hang. Every wait has a timeout and gives up early
// when the match is interrupted. POSIX only.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/child_process.h"

namespace tsubame::usi {

/// What an engine answered to one `go`.
struct GoResult {
    /// How the wait ended.
    enum class Kind {
        BESTMOVE, ///< A `bestmove` line came in time.
        TIMEOUT, ///< Nothing before the deadline.
        CRASH, ///< The engine closed its output.
        INTERRUPTED, ///< The match is being stopped.
    };
    Kind                   kind = Kind::TIMEOUT;
    std::string            move; ///< The bestmove token (`7g7f`, `resign`, `win`, ...).
    int64_t                elapsed_ms = 0; ///< From sending `go` to reading `bestmove`.
    std::optional<int>     depth; ///< The last `info depth` of the search.
    std::string            score; ///< The last `info score` (`cp 30`, `mate 5`), if any.
    std::optional<int64_t> nodes; ///< The last `info nodes`.
};

/// A USI engine process with the options it gets after every (re)start.
class MatchEngine {
public:
    /// Nothing is started yet. `interrupt`, when set, makes every wait return at once.
    MatchEngine(std::string command, std::vector<std::pair<std::string, std::string>> options,
                const std::atomic<bool>* interrupt);
    ~MatchEngine();
    MatchEngine(const MatchEngine&)            = delete;
    MatchEngine& operator=(const MatchEngine&) = delete;

    /// Starts the engine if it does not run (usi -> usiok, then the options; `USI_Ponder` is
    /// set to false unless given), then isready -> readyok. False with `error` set on failure
    /// (the process is then killed).
    bool prepare(int64_t usi_timeout_ms, int64_t ready_timeout_ms, std::string& error);
    /// Sends `usinewgame`.
    void new_game();
    /// Sends the position and the go command and waits up to `deadline_ms` for `bestmove`.
    GoResult go(const std::string& position, const std::string& go, int64_t deadline_ms);
    /// After a timeout: sends `stop` and waits up to `wait_ms` for the late bestmove; kills the
    /// engine if none comes (it is restarted before the next game).
    void stop_or_kill(int64_t wait_ms);
    /// Sends `gameover win|lose|draw` if the engine runs.
    void game_over(const std::string& result);
    /// Sends `quit`, waits up to `wait_ms`, then kills the engine.
    void quit(int64_t wait_ms);
    /// Kills the engine now.
    void kill();
    /// True while the process runs and its output is open.
    bool alive() const;
    /// The engine's `id name` (the command until it answered `usi`).
    const std::string& name() const { return name_; }
    /// How many times the process was started.
    int starts() const { return starts_; }

private:
    bool interrupted() const { return interrupt_ && interrupt_->load(); }
    // Reads one line, waiting at most until `deadline` (steady clock, ms); gives up early when
    // interrupted. nullopt on timeout, EOF or interruption.
    std::optional<std::string> read_line_until(int64_t deadline_ms_abs);

    std::string                                      command_;
    std::vector<std::pair<std::string, std::string>> options_;
    const std::atomic<bool>*                         interrupt_;
    std::unique_ptr<ChildProcess>                    process_;
    std::string                                      name_;
    int                                              starts_ = 0;
};

/// Milliseconds of the steady clock (for deadlines).
int64_t steady_ms();

} // namespace tsubame::usi
