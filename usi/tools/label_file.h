#pragma once

// Deeper labels kept beside their source shard: `tsubame rescore` writes, for the games of a
// shard, only their new scores (2 bytes a ply) instead of a second copy of the games (4 bytes a
// ply and every start SFEN). A reader opens the label file and its source together and sees the
// source's games with the new scores (ShardReader).
//
// A label file, little-endian: the magic TSBLABEL, u16 version, then three texts (u16 length and
// bytes): the labeller's provenance, the source shard's path relative to the label file's folder,
// and the source's own provenance (which must match the source's header, so that a label file is
// never read against another shard); then per game: u16 plies, and per ply an i16 score
// (NO_SCORE where the ply has no label).

#include <fstream>
#include <string>
#include <vector>

#include "core/status.h"
#include "tools/game_record.h"

namespace tsubame {

/// The header of a label file.
struct LabelFileHeader {
    std::string provenance; ///< How the labels were made (command, teacher, engine).
    std::string source_path; ///< The source shard, relative to the label file's folder.
    std::string source_provenance; ///< The source shard's header text.

    /// The same in all three texts (a .part is resumed only under the same header).
    bool operator==(const LabelFileHeader&) const = default;
};

/// Writes a label file's header.
void write_label_file_header(std::ostream& out, const LabelFileHeader& header);
/// Reads a label file's header; the error says what is wrong with it.
Status read_label_file_header(std::istream& in, LabelFileHeader& header);

/// Appends the scores of one game's plies.
void write_labels(std::ostream& out, const std::vector<int16_t>& scores);
/// Reads the next game's scores. Returns false at a clean end of file; a truncated entry sets
/// `error` and returns false.
bool read_labels(std::istream& in, std::vector<int16_t>& scores, std::string& error);

/// Reads the games of a shard file: a game file as it stands, or a label file's source shard with
/// every ply's score replaced by the label file's.
class ShardReader {
public:
    /// Opens `path`, and for a label file its source; fails on a file of neither kind, a missing
    /// source, or a source whose header is not the one the labels were made from.
    Status open(const std::string& path);
    /// The provenance of the scores read: the game file's, or the label file's.
    const std::string& provenance() const { return provenance_; }
    /// The next game, as read_game reads it; a label entry whose plies differ from its game's
    /// is an error.
    bool next(GameRecord& game, std::string& error);

private:
    std::ifstream games_, labels_;
    bool          has_labels_ = false;
    std::string   provenance_;
};

} // namespace tsubame
