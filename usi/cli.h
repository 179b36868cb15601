#pragma once

// The command line of `tsubame` besides the USI loop: the tools, each by name with a brief,
// and one USI command run at once (`tsubame perft 5`, `tsubame bench`).

#include <optional>

namespace tsubame::usi {

/// Runs the tool named by argv[1] (selfplay, features, tsume, and on POSIX perft-bisect,
/// perft-check and match) with the arguments that follow; its exit status, or nullopt when
/// argv[1] names no tool.
std::optional<int> run_tool(int argc, char* argv[]);

/// Runs argv[1..] as one USI command (`perft N [position]` sets the position first), waits
/// for its search, and returns the exit status.
int run_usi_command(int argc, char* argv[]);

} // namespace tsubame::usi
