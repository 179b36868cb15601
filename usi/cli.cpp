#include "cli.h"

#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "command.h"
#include "rules/game.h"
#include "tools/gensfen.h"
#include "tools/makebook.h"
#include "tools/nnue_data.h"
#include "tools/rescore.h"
#include "tools/tools.h"
#include "usi_loop.h"
#include "version.h"
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
    /// The usage `tsubame <name> --help` prints, for a tool that does not print it itself.
    std::string_view usage = {};
};

constexpr Tool TOOLS[] = {
    {"gensfen", "training games for the evaluation, as a game-record shard", run_gensfen},
    {"games-dump", "the labelled positions of a game-record shard, as text", run_games_dump,
     "usage: tsubame games-dump FILE\n"
     "  one line per labelled position of the game-record shard FILE (or of a label file's\n"
     "  source shard, with its labels): SFEN, move, score and game result for the side to move\n"},
    {"rescore", "a game-record shard labelled again by a deeper search, as a label file",
     run_rescore},
    {"nnue-data", "training records of the network's features, from game-record shards",
     run_nnue_data},
    {"nnue-eval", "a net file's score of each SFEN of a file", run_nnue_eval,
     "usage: tsubame nnue-eval NET SFENS\n"
     "  the score of each SFEN line of the file SFENS for the side to move, by the net file NET\n"},
    {"tsume", "the mate solver on a file of problems", run_tsume},
    {"makebook", "an opening book (YaneuraOu's format) from lines of moves, searched to a depth",
     run_makebook},
#ifdef TSUBAME_HAVE_PROCESS_TOOLS
    {"perft-bisect", "finds a move-generator difference with another USI engine",
     [](int argc, char* argv[]) { return run_perft_bisect(argc, argv, std::cout); }},
    {"perft-check", "checks a file of perft counts against an engine",
     [](int argc, char* argv[]) { return run_perft_check(argc, argv, std::cout); }},
    {"match", "plays a match between two USI engines",
     [](int argc, char* argv[]) { return run_match(argc, argv, std::cout, std::cerr); }},
#endif
};

// The commands of the USI loop, for --help. Every first word here is one parse_command knows
// (the transcript tests check it).
constexpr std::string_view USI_COMMANDS =
    R"(USI commands (read on stdin; any of them also as `tsubame <command ...>`):
  usi                                  id name, id author, the options, usiok
  isready                              readyok, once the tables are made
  setoption name <id> [value <x>]      options take effect at the next isready
  usinewgame
  position startpos|sfen <sfen> [moves <move> ...]
  go [btime <ms>] [wtime <ms>] [byoyomi <ms>] [binc <ms>] [winc <ms>] [movetime <ms>]
     [depth <n>] [nodes <n>] [infinite] [ponder] [searchmoves <move> ...]
                                       info lines, then bestmove <move> [ponder <move>]
  go mate <ms>|infinite                checkmate <moves>|nomate|timeout
  go perft <depth>                     leaf count per root move, then the totals
  perft <depth>                        the same
  stop                                 ends the search; its bestmove follows
  ponderhit [btime .. wtime .. byoyomi .. binc .. winc ..]
  gameover win|lose|draw
  bench [depth]                        the fixed positions to depth 8, or <depth>
  d                                    the board, its SFEN and key
  quit
)";

void print_help(std::ostream& out) {
    out << ENGINE_NAME << ", a USI shogi engine\n\n"
        << "usage: tsubame                        the engine: USI on stdin and stdout (for GUIs)\n"
           "       tsubame <usi command ...>      runs one USI command and exits, e.g.\n"
           "                                      tsubame bench [depth]\n"
           "                                      tsubame perft <depth> [startpos|sfen <sfen>] "
           "[moves ...]\n"
           "       tsubame <tool> [arguments]     runs a tool (`tsubame <tool> --help`: its "
           "usage)\n"
           "       tsubame --help | -h | help     this text\n"
           "       tsubame --version | -v         the version, git commit and build date\n\n"
           "tools:\n";
    for (const Tool& tool : TOOLS)
        out << "  " << tool.name << std::string(14 - tool.name.size(), ' ') << tool.brief << '\n';
    out << '\n' << USI_COMMANDS;
}

bool is_help(std::string_view arg) {
    return arg == "--help" || arg == "-h";
}

// A command line that is no mode: the message on stderr, exit status 2.
int usage_error(const std::string& message) {
    std::cerr << "tsubame: " << message << "\ntry 'tsubame --help'\n";
    return 2;
}

// `tsubame <tool> ...`, or nullopt when argv[1] names no tool.
std::optional<int> run_tool(int argc, char* argv[]) {
    for (const Tool& tool : TOOLS) {
        if (tool.name != argv[1]) continue;
        if (!tool.usage.empty() && argc == 3 && is_help(argv[2])) {
            std::cout << tool.usage;
            return 0;
        }
        return tool.run(argc, argv);
    }
    return std::nullopt;
}

// `tsubame <usi command ...>`: the command, checked first, then run to its end.
int run_usi_command(int argc, char* argv[]) {
    std::string command = argv[1];
    for (int i = 2; i < argc; ++i)
        command += std::string(" ") + argv[i];
    const ParsedCommand parsed = parse_command(command);
    if (const auto* invalid = std::get_if<InvalidCommand>(&parsed.command)) {
        if (command.starts_with("-"))
            return usage_error("unknown option '" + std::string(argv[1]) + "'");
        if (invalid->message.starts_with("unknown command"))
            return usage_error("'" + std::string(argv[1])
                               + "' is neither a tool nor a USI command");
        return usage_error(invalid->message);
    }
    UsiLoop loop(std::cout);
    if (std::string_view(argv[1]) == "perft" && argc > 3) {
        // `perft N <position>`: set the position first, then count.
        std::string spec = argv[3];
        for (int i = 4; i < argc; ++i)
            spec += std::string(" ") + argv[i];
        Game game;
        if (Status s = game.set_position(spec); !s.ok()) return usage_error(s.message());
        loop.handle_line("position " + spec);
        loop.handle_line(std::string("go perft ") + argv[2]);
        return 0;
    }
    loop.handle_line(command);
    loop.wait_for_search();
    return 0;
}

} // namespace

int run_command_line(int argc, char* argv[]) {
    const std::string_view first = argv[1];
    if (is_help(first) || first == "help") {
        print_help(std::cout);
        return 0;
    }
    if (first == "--version" || first == "-v") {
        std::cout << version_text();
        return 0;
    }
    if (const auto status = run_tool(argc, argv)) return *status;
    return run_usi_command(argc, argv);
}

} // namespace tsubame::usi
