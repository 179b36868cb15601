#pragma once

// The GUI side of USI: starts another engine, does the handshake and asks it for perft
// divides. Tools use it to compare Tsubame with other engines. POSIX only.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/child_process.h"

namespace tsubame::usi {

/// Perft split by root move, as an engine prints it (moves in USI notation).
struct DivideCounts {
    std::map<std::string, uint64_t> moves;
    uint64_t                        total = 0;
};

/// What an engine said in reply to `usi`.
struct EngineHello {
    std::string              name; ///< `id name`, empty if none came.
    std::string              author; ///< `id author`, empty if none came.
    std::vector<std::string> options; ///< The `option ...` lines.
};

/// Sends `usi` and reads up to `usiok`, skipping banners printed before it (usi.md §8.1);
/// nullopt if no `usiok` comes within `timeout` or the engine closes its output first.
std::optional<EngineHello> usi_handshake(ChildProcess& process, Millis timeout);

/// The words of a command line (split at spaces; no quoting).
std::vector<std::string> split_command(const std::string& command);

/// Another USI engine, driven as a GUI would.
class UsiClient {
public:
    /// Starts `command` (program and arguments separated by spaces), sends `usi`, the options
    /// (name, value) and `isready`. Throws std::runtime_error when the engine does not answer.
    UsiClient(const std::string&                                      command,
              const std::vector<std::pair<std::string, std::string>>& options);
    ~UsiClient();

    /// The engine's `id name`.
    const std::string& name() const { return name_; }
    /// `position <spec>` + `go perft <depth>`; nullopt if no total comes within `timeout`.
    /// Reads lines `<move>: <count>` and the total from a `Nodes searched` line (or their sum).
    std::optional<DivideCounts> divide(const std::string& spec, int depth, Millis timeout);

private:
    std::unique_ptr<ChildProcess> process_;
    std::string                   name_;
};

/// Tsubame's own divide of the position `spec` (what follows `position`); nullopt if the
/// position does not load (`error` says why).
std::optional<DivideCounts> own_divide(const std::string& spec, int depth, std::string& error);

} // namespace tsubame::usi
