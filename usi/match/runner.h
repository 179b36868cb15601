#pragma once

// `tsubame match`: engine-vs-engine matches between two USI engines, with Tsubame's rules as
// the arbiter (see match_options.h for the flags and README "Match runner").
//
//   tsubame match --engine1 CMD --engine2 CMD [--opt1 N=V] [--opt2 N=V] --games N
//                 [--openings FILE] (--byoyomi MS | --time MS [--inc MS] | --nodes N |
//                 --depth N) [--concurrency K] [--out DIR] [--sprt E0,E1[,A,B]] [--plot F.svg]
//
// Per-game rows and the summary go to `out`; the live progress line and warnings to `err`.
// Ctrl-C (SIGINT) or SIGTERM stops the games in progress (they are not counted), ends the
// engines and prints the summary of what was played. POSIX only.

#include <ostream>
#include <string>
#include <vector>

namespace tsubame::usi {

/// Runs a match with the arguments after `match`. Returns 0 when it finished (also after an
/// SPRT decision), 2 for bad usage or an engine that cannot start, 130 when interrupted.
int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `tsubame match ...` from main: argv[1] is "match".
int run_match(int argc, char* argv[], std::ostream& out, std::ostream& err);

} // namespace tsubame::usi
