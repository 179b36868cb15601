#pragma once

// The command line of `tsubame` besides the USI loop: help, version, the tools (each by name
// with a brief), and one USI command run at once (`tsubame perft 5`, `tsubame bench`).

namespace tsubame::usi {

/// Runs the command line `tsubame argv[1] ...` (argc > 1): `--help`/`-h`/`help` and
/// `--version`/`-v` print to stdout; a tool's name (selfplay, tsume, ..., and on POSIX
/// perft-bisect, perft-check and match) runs the tool with the arguments that follow, and
/// `<tool> --help` prints its usage; any other line is one USI command, run to its end
/// (`perft N [position]` sets the position first). Returns the exit status: a line that is
/// neither (an unknown option or word, a malformed command) gets a message on stderr and 2.
int run_command_line(int argc, char* argv[]);

} // namespace tsubame::usi
