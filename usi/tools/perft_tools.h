#pragma once

// Perft tools for checking move generators, Tsubame's or another USI engine's:
//   tsubame perft-bisect --engine CMD [--option NAME=VALUE]... [--position SPEC] --depth N
//     compares `go perft N` divides and descends into the first root move whose counts
//     differ, until it names the position and the move one engine generates and the other
//     does not;
//   tsubame perft-check --file FILE [--engine CMD] [--max-count N]
//     checks rows `sfen<TAB>depth<TAB>count` against the engine (Tsubame itself by default).

#include <ostream>

namespace tsubame::usi {

/// `tsubame perft-bisect ...`; returns 0 when the engines agree, 1 when a difference was
/// found, 2 on a usage or engine error.
int run_perft_bisect(int argc, char* argv[], std::ostream& out);

/// `tsubame perft-check ...`; returns 0 when every row matches, 1 on a mismatch, 2 on a
/// usage or engine error.
int run_perft_check(int argc, char* argv[], std::ostream& out);

} // namespace tsubame::usi
