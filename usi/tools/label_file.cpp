#include "tools/label_file.h"

#include <cstring>
#include <filesystem>

#include "tools/file_fields.h"

namespace tsubame {

namespace {

constexpr char     MAGIC[8] = {'T', 'S', 'B', 'L', 'A', 'B', 'E', 'L'};
constexpr uint16_t VERSION  = 1;

// Whether the file at `path` starts as a label file does.
bool is_label_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char          magic[sizeof MAGIC];
    return in.read(magic, sizeof magic) && std::memcmp(magic, MAGIC, sizeof MAGIC) == 0;
}

} // namespace

void write_label_file_header(std::ostream& out, const LabelFileHeader& header) {
    put_file_start(out, MAGIC, VERSION);
    put_text(out, header.provenance);
    put_text(out, header.source_path);
    put_text(out, header.source_provenance);
}

Status read_label_file_header(std::istream& in, LabelFileHeader& header) {
    if (Status s = get_file_start(in, MAGIC, VERSION, "label file"); !s.ok()) return s;
    if (!get_text(in, header.provenance) || !get_text(in, header.source_path)
        || !get_text(in, header.source_provenance))
        return Status::failure("label file header truncated");
    return Status::success();
}

void write_labels(std::ostream& out, const std::vector<int16_t>& scores) {
    put16(out, uint16_t(scores.size()));
    for (const int16_t score : scores)
        put16(out, uint16_t(score));
}

bool read_labels(std::istream& in, std::vector<int16_t>& scores, std::string& error) {
    error.clear();
    uint16_t plies = 0;
    if (!get16(in, plies)) {
        if (in.gcount() != 0) error = "truncated labels";
        return false;
    }
    scores.resize(plies);
    for (int16_t& score : scores) {
        uint16_t v = 0;
        if (!get16(in, v)) {
            error = "truncated labels";
            return false;
        }
        score = int16_t(v);
    }
    return true;
}

Status ShardReader::open(const std::string& path) {
    has_labels_            = is_label_file(path);
    std::string games_path = path;
    std::string games_provenance;
    if (has_labels_) {
        labels_.open(path, std::ios::binary);
        LabelFileHeader header;
        if (Status s = read_label_file_header(labels_, header); !s.ok()) return s;
        provenance_ = header.provenance;
        games_path  = (std::filesystem::path(path).parent_path() / header.source_path).string();
        games_provenance = header.source_provenance;
    }
    games_.open(games_path, std::ios::binary);
    if (!games_) return Status::failure("cannot open " + games_path);
    std::string source_provenance;
    if (Status s = read_game_file_header(games_, source_provenance); !s.ok())
        return Status::failure(games_path + ": " + s.message());
    if (!has_labels_)
        provenance_ = source_provenance;
    else if (source_provenance != games_provenance)
        return Status::failure(games_path + " is not the shard these labels were made from");
    return Status::success();
}

bool ShardReader::next(GameRecord& game, std::string& error) {
    if (!read_game(games_, game, error)) {
        // The label file must end with its source.
        std::vector<int16_t> extra;
        if (error.empty() && has_labels_ && read_labels(labels_, extra, error))
            error = "more labelled games than the source shard holds";
        return false;
    }
    if (!has_labels_) return true;
    std::vector<int16_t> scores;
    if (!read_labels(labels_, scores, error)) {
        if (error.empty()) error = "fewer labelled games than the source shard holds";
        return false;
    }
    if (scores.size() != game.plies.size()) {
        error = "labels for " + std::to_string(scores.size()) + " plies, the game has "
              + std::to_string(game.plies.size());
        return false;
    }
    for (size_t i = 0; i < scores.size(); ++i)
        game.plies[i].score = scores[i];
    return true;
}

} // namespace tsubame
