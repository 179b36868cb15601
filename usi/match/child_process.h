#pragma once

// A USI engine behind two pipes, as a GUI runs it: lines go to its stdin, its stdout is read
// line by line with timeouts. POSIX only; used by the tools (perft bisection) and the
// transcript tests.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace tsubame::usi {

using Millis = std::chrono::milliseconds;

/// A child process speaking over pipes (its stderr is left alone). The destructor kills it if
/// it still runs.
class ChildProcess {
public:
    /// Runs the program at `path` without arguments.
    explicit ChildProcess(const std::string& path) :
        ChildProcess(std::vector<std::string>{path}) { }
    /// Runs argv[0] with the arguments argv[1...] (no shell). Throws std::runtime_error if the
    /// pipes or the process cannot be made; a program that does not exist exits at once (127).
    /// With `own_process_group` the child gets a process group of its own, so a Ctrl-C in the
    /// terminal reaches only the parent (which then ends the child itself).
    explicit ChildProcess(const std::vector<std::string>& argv, bool own_process_group = false);
    ~ChildProcess();
    ChildProcess(const ChildProcess&)            = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Writes `line` and a line feed.
    void send(std::string_view line) { send_raw(std::string(line) + "\n"); }
    /// Writes bytes as they are (for CR-LF and half-written lines).
    void send_raw(std::string_view bytes);
    /// Closes the engine's stdin (end of input).
    void close_input();

    /// The next output line (without its line feed), or nullopt after `timeout` or at EOF.
    std::optional<std::string> read_line(Millis timeout);
    /// Lines up to and including the first that starts with `prefix`; nullopt if none comes
    /// within `timeout` (the lines read are then in `last_lines()`).
    std::optional<std::vector<std::string>> read_until(std::string_view prefix, Millis timeout);
    /// Every line that arrives within `duration`.
    std::vector<std::string> read_for(Millis duration);
    /// Lines read by the last read_until, also when it failed.
    const std::vector<std::string>& last_lines() const { return last_lines_; }
    /// True once the engine closed its stdout.
    bool at_eof() const { return eof_; }
    /// Waits for the process to exit; true if it did within `timeout`.
    bool wait_exit(Millis timeout);
    /// The exit status once wait_exit has seen the process exit on its own; nullopt before,
    /// and for a process ended by a signal.
    std::optional<int> exit_status() const { return exit_status_; }
    /// Kills the process (SIGKILL) and reaps it; does nothing if it already exited.
    void kill_now();
    /// The process id.
    pid_t pid() const { return pid_; }

private:
    pid_t                    pid_        = -1;
    int                      to_child_   = -1;
    int                      from_child_ = -1;
    bool                     eof_        = false;
    bool                     exited_     = false;
    bool                     own_group_  = false;
    std::optional<int>       exit_status_;
    std::string              buffer_;
    std::vector<std::string> last_lines_;
};

} // namespace tsubame::usi
