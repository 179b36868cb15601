#include "tools/rescore.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "core/value.h"
#include "eval/nnue/embedded.h"
#include "eval/nnue/network.h"
#include "flags.h"
#include "search/search.h"
#include "search/tt.h"
#include "tools/game_record.h"
#include "tools/gensfen.h"
#include "tools/label_file.h"
#include "tools/nnue_data.h"
#include "usi_loop.h"

namespace tsubame::usi {

namespace {

constexpr std::string_view RESCORE_USAGE =
    "usage: tsubame rescore --in SHARD --out FILE.labels [--nodes N (20000)] [--min-ply N (16)]\n"
    "                       [--eval-file NET (default: the built-in net)] [--every-ply]\n"
    "Writes the new scores only, beside the source: readers of FILE.labels see SHARD's games\n"
    "with them. --every-ply: every position not in check is labelled (for nnue-data --leaf),\n"
    "not only the quiet ones.\n";

struct RescoreArgs {
    std::string in, out, eval_file;
    uint64_t    nodes     = 20000;
    uint64_t    min_ply   = 16;
    bool        every_ply = false;
};

bool parse_rescore_args(int argc, char* argv[], RescoreArgs& a, std::string& error) {
    error = usi::FlagParser()
                .text("--in", a.in)
                .text("--out", a.out)
                .text("--eval-file", a.eval_file)
                .number("--nodes", a.nodes, 1)
                .number("--min-ply", a.min_ply)
                .toggle("--every-ply", a.every_ply)
                .parse(usi::arguments(argc, argv, 2));
    if (error.empty() && (a.in.empty() || a.out.empty())) error = "--in and --out are required";
    return error.empty();
}

// The shard's header and games, read whole (a shard is a few MB at most).
bool read_shard(const std::string& path, std::string& provenance, std::vector<GameRecord>& games,
                std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open " + path;
        return false;
    }
    if (const Status s = read_game_file_header(in, provenance); !s.ok()) {
        error = path + ": " + s.message();
        return false;
    }
    GameRecord game;
    while (read_game(in, game, error))
        games.push_back(game);
    if (!error.empty()) error = path + ": game " + std::to_string(games.size() + 1) + ": " + error;
    return error.empty();
}

// A run cut short leaves its .part: the games written whole under the same header are kept
// (each game is labelled from a fresh search state, so they are the bytes a whole run writes),
// a game cut mid-way is dropped. Returns how many games to skip and the byte offset after
// them; 0 when there is nothing to keep.
size_t resumable_games(const std::string& part, const LabelFileHeader& header,
                       std::streamoff& keep_bytes) {
    std::ifstream   in(part, std::ios::binary);
    LabelFileHeader found;
    if (!in || !read_label_file_header(in, found).ok() || found != header) return 0;
    size_t               games = 0;
    std::vector<int16_t> scores;
    std::string          error;
    keep_bytes = in.tellg();
    while (read_labels(in, scores, error)) {
        ++games;
        keep_bytes = in.tellg();
    }
    return games;
}

// The source's path as the label file names it: relative to the label file's folder.
std::string source_path_from(const std::string& out, const std::string& in) {
    namespace fs = std::filesystem;
    return fs::relative(fs::absolute(in), fs::absolute(out).parent_path()).generic_string();
}

// Whether a search's answer is a label: a quiet best move and a score below a mate.
bool quiet_answer(const Position& pos, const SearchResult& r) {
    return r.best != Move::none() && !r.best.is_promotion() && pos.piece_on(r.best.to()) == NO_PIECE
        && !is_mate_score(r.score);
}

} // namespace

int run_rescore(int argc, char* argv[]) {
    RescoreArgs a;
    std::string error;
    if (!parse_rescore_args(argc, argv, a, error)) {
        if (error == "help") {
            std::cout << RESCORE_USAGE;
            return 0;
        }
        std::cerr << "rescore: " << error << "\n" << RESCORE_USAGE;
        return 2;
    }
    std::unique_ptr<nnue::Network> loaded;
    const nnue::Network*           network = &nnue::builtin_network();
    if (!a.eval_file.empty()) {
        loaded = std::make_unique<nnue::Network>();
        if (!load_eval_file(a.eval_file, *loaded, error)) {
            std::cerr << "rescore: " << error << "\n";
            return 1;
        }
        network = loaded.get();
    }
    std::string             source;
    std::vector<GameRecord> games;
    if (!read_shard(a.in, source, games, error)) {
        std::cerr << "rescore: " << error << "\n";
        return 1;
    }
    std::error_code   fs_error;
    const std::string part = a.out + ".part";
    LabelFileHeader   header;
    header.provenance = "tsubame rescore --nodes " + std::to_string(a.nodes) + " --min-ply "
                      + std::to_string(a.min_ply) + (a.every_ply ? " --every-ply" : "")
                      + teacher_of(*network, a.eval_file) + "; engine " + ENGINE_NAME
                      + "; of: " + source;
    header.source_path        = source_path_from(a.out, a.in);
    header.source_provenance  = source;
    std::streamoff keep_bytes = 0;
    const size_t   resumed    = std::min(resumable_games(part, header, keep_bytes), games.size());
    std::ofstream  out;
    if (resumed > 0) {
        std::filesystem::resize_file(part, uintmax_t(keep_bytes), fs_error);
        out.open(part, std::ios::binary | std::ios::app);
        std::cerr << "rescore: resuming " << part << ", " << resumed << " games kept\n";
    } else {
        out.open(part, std::ios::binary | std::ios::trunc);
        write_label_file_header(out, header);
    }
    if (!out || fs_error) {
        std::cerr << "rescore: cannot write " << part << "\n";
        return 1;
    }

    TranspositionTable tt;
    (void)tt.resize(16);
    Searcher     searcher(tt);
    SearchLimits limits;
    limits.nodes = a.nodes;
    SearchOptions search;
    search.network = network;

    const auto start    = std::chrono::steady_clock::now();
    uint64_t   labelled = 0, dropped = 0;
    for (size_t g = resumed; g < games.size(); ++g) {
        GameRecord& game = games[g];
        // Every game from a fresh search state: its labels do not depend on the games before
        // it, so a run resumes at any game and gives the same bytes.
        tt.clear();
        searcher.clear();
        std::vector<int16_t> scores; // the new label of each ply
        const Status replayed = replay_game(game, [&](Position& pos, const RecordedPly& ply) {
            int16_t score = NO_SCORE;
            if (pos.game_ply() >= int(a.min_ply)
                && (a.every_ply ? !pos.in_check() : is_quiet_label(pos, ply))) {
                const SearchResult r = searcher.run(pos, limits, search, {});
                const bool keep = a.every_ply ? r.best != Move::none() && !is_mate_score(r.score)
                                              : quiet_answer(pos, r);
                if (keep) score = recorded_score(r.score);
                keep ? ++labelled : ++dropped;
            }
            scores.push_back(score);
        });
        if (!replayed.ok()) {
            std::cerr << "rescore: game " << g + 1 << ": " << replayed.message() << "\n";
            return 1;
        }
        write_labels(out, scores);
        out.flush();
        const size_t done = g + 1;
        if (done % 20 == 0 || done == games.size()) {
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "rescore: games " << done << "/" << games.size() << ", labels " << labelled
                      << " (dropped " << dropped << "), "
                      << int(double(labelled + dropped) / std::max(s, 1e-3)) << " searches/s, ETA "
                      << int(s / double(done - resumed) * double(games.size() - done)) << " s\n";
        }
    }
    out.close();
    if (!out || std::rename(part.c_str(), a.out.c_str()) != 0) {
        std::cerr << "rescore: cannot finish " << a.out << "\n";
        return 1;
    }
    return 0;
}

} // namespace tsubame::usi
