#pragma once

// One engine of a match, driven as a GUI drives it (usi.md §2): started once and reused,
// `isready` + `usinewgame` before each game, `position` + `go` for each move, `gameover` at
// the end, and restarted after a crash or a hang. With pondering, `go ponder` on the position
// after its predicted move while the opponent thinks, then `ponderhit` or `stop` (usi.md §3).
// Every wait has a timeout and gives up early when the match is interrupted. POSIX only.

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
    /// The last `info time`: the search's time by the engine's own clock (from `go`, or from
    /// `go ponder` for a pondered move), beside elapsed_ms by the runner's.
    std::optional<int64_t> engine_ms;
    std::string            ponder; ///< The bestmove line's `ponder` move, if any.
    /// Answered after a `ponderhit`: the time runs from the ponderhit, the nodes from the ponder
    /// search's start.
    bool pondered = false;
    /// When the runner sent `stop` during the search (--random-stop): how long before the
    /// bestmove.
    std::optional<int64_t> stop_wait_ms;
    /// A ponder search's bestmove that came before `ponderhit` or `stop` (a protocol error:
    /// an engine must not end a ponder search on its own).
    bool early = false;
    /// A bestmove was waiting when this `go` was sent: one more than its search owed (an
    /// error: every `go` gets exactly one).
    bool stray = false;

    /// A result of `kind` with nothing else known.
    static GoResult of(Kind kind) {
        GoResult r;
        r.kind = kind;
        return r;
    }
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
    /// Sends the position and the go command and waits up to `deadline_ms` for `bestmove`;
    /// with `stop_after_ms`, sends `stop` if none came by then.
    GoResult go(const std::string& position, const std::string& go, int64_t deadline_ms,
                std::optional<int64_t> stop_after_ms = std::nullopt);
    /// Starts a ponder search and returns at once: `position` (with the predicted move played)
    /// and `go` (with `ponder` added after `go`).
    void start_ponder(const std::string& position, const std::string& go);
    /// True from start_ponder until ponderhit() or stop_ponder().
    bool pondering() const { return pondering_; }
    /// The predicted move was played: sends `ponderhit` and waits up to `deadline_ms` for the
    /// bestmove, timed from the ponderhit. A bestmove already sent is the answer at once, with
    /// `early` set.
    GoResult ponderhit(int64_t deadline_ms);
    /// Another move was played, or the game ended: sends `stop` and waits up to `wait_ms` for
    /// the ponder search's bestmove, which is dropped. False when none came (the engine is then
    /// killed, and restarted before its next game); `early` is set when it had come before.
    bool stop_ponder(int64_t wait_ms, bool& early);
    /// After a timeout: sends `stop` and waits up to `wait_ms` for the late bestmove; kills the
    /// engine if none comes (it is restarted before the next game). True when it came.
    bool stop_or_kill(int64_t wait_ms);
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
    // Reads one line within `timeout`, without its CR; nullopt on timeout or EOF.
    std::optional<std::string> read_line_within(Millis timeout);
    // Reads one line, waiting at most until `deadline` (steady clock, ms); gives up early when
    // interrupted. nullopt on timeout, EOF or interruption.
    std::optional<std::string> read_line_until(int64_t deadline_ms_abs);
    // Reads lines until a bestmove (into `result`, timed from `start`) or the deadline.
    GoResult await_bestmove(GoResult result, int64_t start, int64_t deadline_ms_abs);
    // Reads the lines already sent, without waiting: true when a bestmove was among them
    // (its move into `result`).
    bool read_pending(GoResult& result);

    std::string                                      command_;
    std::vector<std::pair<std::string, std::string>> options_;
    const std::atomic<bool>*                         interrupt_;
    std::unique_ptr<ChildProcess>                    process_;
    std::string                                      name_;
    int                                              starts_    = 0;
    bool                                             pondering_ = false;
};

/// Milliseconds of the steady clock (for deadlines).
int64_t steady_ms();

} // namespace tsubame::usi
