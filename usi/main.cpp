// Tsubame: a USI shogi engine.
//
//   tsubame                      speaks USI on stdin/stdout
//   tsubame <command ...>        runs one USI command and exits, e.g.
//   tsubame perft 5 [sfen ...]   perft of the start position or of an SFEN
//   tsubame bench [depth]        the fixed bench search (node count and speed)
//   tsubame selfplay ...         tuning data; tsubame features ... its feature dump
//   tsubame perft-bisect ...     finds a move-generator difference with another USI engine
//   tsubame perft-check ...      checks a file of perft counts (see perft_tools.h)
//   tsubame match ...            plays a match between two USI engines (see match.h)
//   tsubame tsume <file> <ms> [hash-mb] [nodes] [shorten]   the mate solver on a file of problems

#include <cstdio>
#include <iostream>
#include <string>

#include "tools.h"
#ifdef TSUBAME_HAVE_PROCESS_TOOLS
    #include "match.h"
    #include "perft_tools.h"
#endif
#include "usi_loop.h"

int main(int argc, char* argv[]) {
    // GUIs need every line at once; stdin buffering is left alone (usi.md §1).
    std::setvbuf(stdout, nullptr, _IONBF, 0);
    std::ios::sync_with_stdio(true);

    if (argc > 1 && std::string(argv[1]) == "selfplay")
        return tsubame::usi::run_selfplay(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "features")
        return tsubame::usi::run_features(argc, argv);
#ifdef TSUBAME_HAVE_PROCESS_TOOLS
    if (argc > 1 && std::string(argv[1]) == "perft-bisect")
        return tsubame::usi::run_perft_bisect(argc, argv, std::cout);
    if (argc > 1 && std::string(argv[1]) == "perft-check")
        return tsubame::usi::run_perft_check(argc, argv, std::cout);
    if (argc > 1 && std::string(argv[1]) == "match")
        return tsubame::usi::run_match(argc, argv, std::cout, std::cerr);
#endif
    if (argc > 1 && std::string(argv[1]) == "tsume") return tsubame::usi::run_tsume(argc, argv);

    tsubame::usi::UsiLoop loop(std::cout);
    if (argc > 1) {
        std::string command = argv[1];
        if (command == "perft" && argc > 3) {
            // `perft N <position>`: set the position first, then count.
            std::string position = "position";
            for (int i = 3; i < argc; ++i)
                position += std::string(" ") + argv[i];
            loop.handle_line(position);
            loop.handle_line(std::string("go perft ") + argv[2]);
            return 0;
        }
        for (int i = 2; i < argc; ++i)
            command += std::string(" ") + argv[i];
        loop.handle_line(command);
        loop.wait_for_search();
        return 0;
    }
    loop.run(std::cin);
    return 0;
}
