#include "tools/gensfen.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "core/notation.h"
#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "flags.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "tools/label_file.h"
#include "tools/selfplay.h"
#include "usi_loop.h"

namespace tsubame::usi {

namespace {

constexpr std::string_view GENSFEN_USAGE =
    "usage: tsubame gensfen --out FILE [--games N (100)] [--nodes N (5000)] [--seed S (1)]\n"
    "                       [--random-moves N (6)] [--random-max-ply N (32)]\n"
    "                       [--random-multipv N (8)] [--random-margin CP (100)]\n"
    "                       [--eval-limit CP (2000; 0: play every game to its end)]\n"
    "                       [--max-plies N (320)]\n"
    "                       [--eval-file NET (default: the built-in net)]\n"
    "                       [--openings FILE (book lines: `startpos moves ...` or `sfen ...`;\n"
    "                        each game starts with one drawn by the seed, and its random\n"
    "                        moves come after it)]\n";

// Parses the flags into the options; the error names the bad argument.
bool parse_gensfen_args(int argc, char* argv[], SelfPlayOptions& o, std::string& out,
                        std::string& eval_file, std::string& openings, std::string& error) {
    error = usi::FlagParser()
                .text("--out", out)
                .text("--eval-file", eval_file)
                .text("--openings", openings)
                .number("--games", o.games, 1)
                .number("--nodes", o.nodes, 1)
                .number("--seed", o.seed)
                .number("--random-moves", o.random_moves)
                .number("--random-max-ply", o.random_max_ply)
                .number("--random-multipv", o.random_multipv)
                .number("--random-margin", o.random_margin)
                .number("--eval-limit", o.eval_limit, 0)
                .number("--max-plies", o.max_plies, 1)
                .parse(usi::arguments(argc, argv, 2));
    if (error.empty() && out.empty()) error = "--out is required";
    return error.empty();
}

// The book lines of an openings file: every non-empty line that is not a `#` comment, with
// an optional leading `position`; each must set up a position (the error names the line).
bool load_book_lines(const std::string& path, std::vector<std::string>& lines, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot open --openings '" + path + "'";
        return false;
    }
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        line = openings_file_line(line);
        if (line.empty()) continue;
        line.erase(0, line.find_first_not_of(" \t"));
        if (line.starts_with("position ")) line.erase(0, 9);
        Game game;
        if (const Status s = game.set_position(line); !s.ok()) {
            error = "--openings '" + path + "' line " + std::to_string(number) + ": " + s.message();
            return false;
        }
        lines.push_back(line);
    }
    if (lines.empty()) error = "--openings '" + path + "' holds no line";
    return error.empty();
}

std::string provenance_of(const SelfPlayOptions& o, const std::string& eval_file,
                          const std::string& openings) {
    const std::string book = openings.empty()
                               ? ""
                               : " --openings " + openings.substr(openings.find_last_of('/') + 1)
                                     + " (" + std::to_string(o.openings.size()) + " lines)";
    return "tsubame gensfen --games " + std::to_string(o.games) + " --nodes "
         + std::to_string(o.nodes) + " --seed " + std::to_string(o.seed) + " --random-moves "
         + std::to_string(o.random_moves) + " --random-max-ply " + std::to_string(o.random_max_ply)
         + " --random-multipv " + std::to_string(o.random_multipv) + " --random-margin "
         + std::to_string(o.random_margin) + " --eval-limit " + std::to_string(o.eval_limit)
         + " --max-plies " + std::to_string(o.max_plies) + book + teacher_of(*o.network, eval_file)
         + "; engine " + ENGINE_NAME;
}

} // namespace

bool load_eval_file(const std::string& path, nnue::Network& net, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open --eval-file '" + path + "'";
        return false;
    }
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (const Status s = nnue::read_network(bytes, net); !s.ok()) {
        error = "--eval-file '" + path + "': " + s.message();
        return false;
    }
    return true;
}

std::string teacher_of(const nnue::Network& net, const std::string& eval_file) {
    const std::string named = nnue::hash_name(net.hash) + ": " + net.description + ")";
    if (eval_file.empty()) return " (the built-in net " + named;
    return " --eval-file " + eval_file.substr(eval_file.find_last_of('/') + 1) + " (net " + named;
}

int run_gensfen(int argc, char* argv[]) {
    SelfPlayOptions options;
    options.random_moves   = 6;
    options.random_max_ply = 32;
    options.random_multipv = 8;
    // Past 2000 the game is decided; the positions between there and 3000 would add little.
    options.eval_limit = 2000;
    std::string out_path, eval_file, openings, error;
    if (!parse_gensfen_args(argc, argv, options, out_path, eval_file, openings, error)) {
        if (error == "help") {
            std::cout << GENSFEN_USAGE;
            return 0;
        }
        std::cerr << "gensfen: " << error << "\n" << GENSFEN_USAGE;
        return 2;
    }
    if (!openings.empty() && !load_book_lines(openings, options.openings, error)) {
        std::cerr << "gensfen: " << error << "\n";
        return 1;
    }
    // The teacher: each net labels the positions the next one learns from; by default the
    // build's own net.
    std::unique_ptr<nnue::Network> network;
    if (!eval_file.empty()) {
        network = std::make_unique<nnue::Network>();
        if (!load_eval_file(eval_file, *network, error)) {
            std::cerr << "gensfen: " << error << "\n";
            return 1;
        }
        options.network = network.get();
    } else {
        options.network = &nnue::builtin_network();
    }
    const std::string part = out_path + ".part";
    std::ofstream     out(part, std::ios::binary | std::ios::trunc);
    if (!out) {
        std::cerr << "gensfen: cannot write " << part << "\n";
        return 1;
    }
    write_game_file_header(out, provenance_of(options, eval_file, openings));
    const auto start    = std::chrono::steady_clock::now();
    int        played   = 0;
    uint64_t   labelled = 0;
    self_play(options, [&](const GameRecord& game) {
        write_game(out, game);
        ++played;
        for (const RecordedPly& p : game.plies)
            labelled += p.score != NO_SCORE;
        if (played % 20 == 0 || played == options.games) {
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "gensfen: games " << played << "/" << options.games << ", positions "
                      << labelled << ", " << int(labelled / std::max(s, 1e-3)) << "/s, ETA "
                      << int(s / played * (options.games - played)) << " s\n";
        }
    });
    out.close();
    if (!out || std::rename(part.c_str(), out_path.c_str()) != 0) {
        std::cerr << "gensfen: cannot finish " << out_path << "\n";
        return 1;
    }
    return 0;
}

int run_games_dump(int argc, char* argv[]) {
    if (argc != 3) {
        std::cerr << "usage: tsubame games-dump FILE\n";
        return 2;
    }
    ShardReader shard;
    std::string error;
    if (Status s = shard.open(argv[2]); !s.ok()) error = s.message();
    GameRecord game;
    int        games = 0;
    while (error.empty() && shard.next(game, error)) {
        ++games;
        const Status s = replay_game(game, [&](const Position& pos, const RecordedPly& ply) {
            if (ply.score == NO_SCORE) return;
            const int result = pos.side_to_move() == BLACK ? game.black_result : -game.black_result;
            std::cout << pos.sfen() << '\t' << to_usi(generated_move_from16(pos, ply.move16))
                      << '\t' << ply.score << '\t' << result << '\n';
        });
        if (!s.ok()) error = "game " + std::to_string(games) + ": " + s.message();
    }
    if (!error.empty()) {
        std::cerr << "games-dump: " << error << "\n";
        return 1;
    }
    return 0;
}

} // namespace tsubame::usi
