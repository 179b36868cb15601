#include "tools/nnue_data.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "core/value.h"
#include "eval/nnue/network.h"
#include "flags.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/capture_line.h"
#include "tools/game_record.h"
#include "tools/label_file.h"

namespace tsubame::usi {

namespace {

constexpr std::string_view NNUE_DATA_USAGE =
    "usage: tsubame nnue-data --out FILE [--sfens FILE] [--min-ply N (16)] [--leaf] SHARD...\n"
    "       tsubame nnue-data --architecture\n"
    "A SHARD is a game-record shard or a label file (its source shard with its labels).\n"
    "--leaf: every label not in check, each at the end of its position's capture line, not only\n"
    "the quiet ones.\n";

// Fills one perspective's slots; false when the position has more features than a record holds.
bool fill(const Position& pos, Color perspective, uint16_t (&slots)[RECORD_FEATURES]) {
    nnue::FeatureList list;
    nnue::active_features(pos, perspective, list);
    if (list.size > RECORD_FEATURES) return false;
    for (int i = 0; i < RECORD_FEATURES; ++i)
        slots[i] = i < list.size ? list.index[i] : uint16_t(nnue::INPUTS);
    return true;
}

void put_record(std::ostream& out, const TrainingRecord& r) {
    // Written field by field in little-endian order, whatever the host.
    std::string bytes;
    auto        put16 = [&](uint16_t v) {
        bytes.push_back(char(v & 0xff));
        bytes.push_back(char(v >> 8));
    };
    for (uint16_t f : r.us)
        put16(f);
    for (uint16_t f : r.them)
        put16(f);
    put16(uint16_t(r.score));
    bytes.push_back(char(r.result));
    bytes.push_back(char(r.ply));
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

// The record of a labelled position as it stands (the record's position, score and result for
// its side to move); false when its features do not fit.
bool record_of(const Position& pos, int16_t score, int8_t black_result, TrainingRecord& r) {
    if (!fill(pos, pos.side_to_move(), r.us) || !fill(pos, ~pos.side_to_move(), r.them))
        return false;
    r.score  = score;
    r.result = int8_t(pos.side_to_move() == BLACK ? black_result : -black_result);
    r.ply    = uint8_t(std::min(pos.game_ply(), 255));
    return true;
}

// The record of a labelled position at the end of its capture line (search/capture_line.h): the
// score, from the side to move at the end, is the position's; false when the line ends in check
// or the features do not fit.
bool leaf_record_of(Position& pos, int16_t score, int8_t black_result, TrainingRecord& r,
                    std::string* leaf_sfen) {
    const std::vector<Move> line = capture_line(pos);
    std::vector<StateInfo>  states(line.size());
    for (size_t i = 0; i < line.size(); ++i)
        pos.do_move(line[i], states[i]);
    const bool kept = !pos.in_check()
                   && record_of(pos, line.size() % 2 ? int16_t(-score) : score, black_result, r);
    if (kept && leaf_sfen) *leaf_sfen = pos.sfen();
    for (size_t i = line.size(); i-- > 0;)
        pos.undo_move(line[i]);
    return kept;
}

} // namespace

bool is_label(const Position& pos, const RecordedPly& ply) {
    return ply.score != NO_SCORE && !pos.in_check() && !is_mate_score(ply.score);
}

bool is_quiet_label(const Position& pos, const RecordedPly& ply) {
    if (!is_label(pos, ply)) return false;
    const Move best = generated_move_from16(pos, ply.move16);
    return !best.is_promotion() && pos.piece_on(best.to()) == NO_PIECE;
}

int run_nnue_data(int argc, char* argv[]) {
    std::string              out_path, sfens_path;
    uint64_t                 min_ply      = 16;
    bool                     architecture = false, leaf = false;
    std::vector<std::string> shards;
    const std::string        bad_args = usi::FlagParser()
                                     .text("--out", out_path)
                                     .text("--sfens", sfens_path)
                                     .number("--min-ply", min_ply)
                                     .toggle("--architecture", architecture)
                                     .toggle("--leaf", leaf)
                                     .positional(shards)
                                     .parse(usi::arguments(argc, argv, 2));
    if (bad_args == "help") {
        std::cout << NNUE_DATA_USAGE;
        return 0;
    }
    if (!bad_args.empty()) {
        std::cerr << "nnue-data: " << bad_args << "\n" << NNUE_DATA_USAGE;
        return 2;
    }
    if (architecture) {
        std::cout << nnue::ARCHITECTURE << "\n";
        return 0;
    }
    if (out_path.empty() || shards.empty()) {
        std::cerr << NNUE_DATA_USAGE;
        return 2;
    }
    std::ofstream out(out_path, std::ios::binary | std::ios::trunc), sfens;
    if (!sfens_path.empty()) sfens.open(sfens_path, std::ios::trunc);
    if (!out || (!sfens_path.empty() && !sfens)) {
        std::cerr << "nnue-data: cannot write " << out_path << "\n";
        return 1;
    }
    uint64_t games = 0, written = 0, skipped = 0;
    for (const std::string& shard : shards) {
        ShardReader reader;
        std::string error;
        if (Status s = reader.open(shard); !s.ok()) error = s.message();
        GameRecord game;
        while (error.empty() && reader.next(game, error)) {
            ++games;
            const Status s = replay_game(game, [&](Position& pos, const RecordedPly& ply) {
                TrainingRecord r;
                std::string    sfen;
                const bool     kept =
                    pos.game_ply() >= int(min_ply)
                    && (leaf ? is_label(pos, ply)
                                   && leaf_record_of(pos, ply.score, game.black_result, r,
                                                     sfens.is_open() ? &sfen : nullptr)
                             : is_quiet_label(pos, ply)
                                   && record_of(pos, ply.score, game.black_result, r));
                if (!kept) {
                    ++skipped;
                    return;
                }
                put_record(out, r);
                if (sfens.is_open()) sfens << (leaf ? sfen : pos.sfen()) << '\n';
                ++written;
            });
            if (!s.ok()) error = "game " + std::to_string(games) + ": " + s.message();
        }
        if (!error.empty()) {
            std::cerr << "nnue-data: " << shard << ": " << error << "\n";
            return 1;
        }
    }
    std::cerr << "nnue-data: games " << games << ", records " << written << ", skipped " << skipped
              << "\n";
    return out ? 0 : 1;
}

int run_nnue_eval(int argc, char* argv[]) {
    if (argc != 4) {
        std::cerr << "usage: tsubame nnue-eval NET SFENS\n";
        return 2;
    }
    std::ifstream sfens(argv[3]);
    if (!sfens) {
        std::cerr << "nnue-eval: cannot open " << argv[3] << "\n";
        return 1;
    }
    std::ifstream net_file(argv[2], std::ios::binary);
    if (!net_file) {
        std::cerr << "nnue-eval: cannot open " << argv[2] << "\n";
        return 1;
    }
    const std::string bytes((std::istreambuf_iterator<char>(net_file)), {});
    auto              net = std::make_unique<nnue::Network>();
    if (Status s = nnue::read_network(bytes, *net); !s.ok()) {
        std::cerr << "nnue-eval: " << s.message() << "\n";
        return 1;
    }
    for (std::string line; std::getline(sfens, line);) {
        Game game;
        if (Status s = game.set_sfen(line); !s.ok()) {
            std::cerr << "nnue-eval: " << s.message() << "\n";
            return 1;
        }
        nnue::Accumulator acc;
        nnue::refresh_accumulator(*net, game.position(), acc);
        std::cout << nnue::evaluate(*net, acc, game.position()) << '\n';
    }
    return 0;
}

} // namespace tsubame::usi
