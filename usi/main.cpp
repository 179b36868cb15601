// Tsubame: a USI shogi engine.
//
//   tsubame                      speaks USI on stdin/stdout
//   tsubame <command ...>        runs one USI command and exits, e.g.
//   tsubame perft 5 [sfen ...]   perft of the start position or of an SFEN
//   tsubame bench [depth]        the fixed bench search (node count and speed)
//   tsubame <tool> ...           a tool (usi/cli.cpp): gensfen, tsume, match, ...
//   tsubame --help | --version   the modes, tools and USI commands | version and commit

#include <cstdio>
#include <iostream>

#include "cli.h"
#include "usi_loop.h"

int main(int argc, char* argv[]) {
    // GUIs need every line at once; stdin buffering is left alone (usi.md §1).
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    std::ios::sync_with_stdio(true);

    if (argc > 1) return tsubame::usi::run_command_line(argc, argv);
    tsubame::usi::UsiLoop loop(std::cout);
    loop.run(std::cin);
    return 0;
}
