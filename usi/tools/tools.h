#pragma once

// Command-line tools beside the USI loop: the tsume benchmark, and the help they share.

namespace tsubame::usi {

/// True when an argument after the tool's name is `--help` or `-h`: the tool then prints its
/// usage to stdout and exits 0.
bool asks_for_help(int argc, char* argv[]);

/// `tsubame tsume <file> <ms-per-problem> [hash-mb]`: solves every `sfen<TAB>plies...` row
/// with the mate solver and reports solved/total, wrong answers, times and speed. A row whose
/// second field is neither a number nor `unknown` is expected to have no mate.
int run_tsume(int argc, char* argv[]);

} // namespace tsubame::usi
