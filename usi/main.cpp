// Tsubame: a USI shogi engine.
//
//   tsubame                      speaks USI on stdin/stdout
//   tsubame <command ...>        runs one USI command and exits, e.g.
//   tsubame perft 5 [sfen ...]   perft of the start position or of an SFEN
//   tsubame bench [depth]        the fixed bench search (node count and speed)
//   tsubame <tool> ...           a tool (usi/cli.cpp): selfplay, features, tsume,
//                                perft-bisect, perft-check, match

#include <cstdio>
#include <iostream>

#include "cli.h"
#include "usi_loop.h"

int main(int argc, char* argv[]) {
    // GUIs need every line at once; stdin buffering is left alone (usi.md §1).
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    std::ios::sync_with_stdio(true);

    if (const auto status = tsubame::usi::run_tool(argc, argv)) return *status;
    if (argc > 1) return tsubame::usi::run_usi_command(argc, argv);
    tsubame::usi::UsiLoop loop(std::cout);
    loop.run(std::cin);
    return 0;
}
