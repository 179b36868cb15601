#include "cli.h"

#include <iostream>
#include <string>
#include <string_view>

#include "tools/gensfen.h"
#include "tools/nnue_data.h"
#include "tools/tools.h"
#include "usi_loop.h"
#ifdef TSUBAME_HAVE_PROCESS_TOOLS
    #include "match/runner.h"
    #include "tools/perft_tools.h"
#endif

namespace tsubame::usi {

namespace {

// A tool of the command line: `tsubame <name> ...`.
struct Tool {
    std::string_view name;
    std::string_view brief;
    int (*run)(int argc, char* argv[]);
};

constexpr Tool TOOLS[] = {
    {"gensfen", "training games for the evaluation, as a game-record shard", run_gensfen},
    {"games-dump", "the labelled positions of a game-record shard, as text", run_games_dump},
    {"nnue-data", "training records of the network's features, from game-record shards",
     run_nnue_data},
    {"nnue-eval", "a net file's score of each SFEN of a file", run_nnue_eval},
    {"selfplay", "tuning data from self-play games", run_selfplay},
    {"features", "the feature dump of a selfplay file, for scripts/tuning/tune_eval.py",
     run_features},
    {"tsume", "the mate solver on a file of problems", run_tsume},
#ifdef TSUBAME_HAVE_PROCESS_TOOLS
    {"perft-bisect", "finds a move-generator difference with another USI engine",
     [](int argc, char* argv[]) { return run_perft_bisect(argc, argv, std::cout); }},
    {"perft-check", "checks a file of perft counts against an engine",
     [](int argc, char* argv[]) { return run_perft_check(argc, argv, std::cout); }},
    {"match", "plays a match between two USI engines",
     [](int argc, char* argv[]) { return run_match(argc, argv, std::cout, std::cerr); }},
#endif
};

} // namespace

std::optional<int> run_tool(int argc, char* argv[]) {
    if (argc < 2) return std::nullopt;
    for (const Tool& tool : TOOLS)
        if (tool.name == argv[1]) return tool.run(argc, argv);
    return std::nullopt;
}

int run_usi_command(int argc, char* argv[]) {
    UsiLoop     loop(std::cout);
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

} // namespace tsubame::usi
