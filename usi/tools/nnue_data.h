#pragma once

// The trainer's side of the network: `tsubame nnue-data` turns game-record shards into
// fixed-size training records of feature indices (so that Python never recomputes features),
// and `tsubame nnue-eval` scores positions with a net file, to compare with the trainer.

#include <cstdint>

#include "core/position.h"
#include "eval/nnue/features.h"
#include "tools/game_record.h"

namespace tsubame::usi {

/// Feature slots per perspective in a training record; unused ones hold nnue::INPUTS.
constexpr int RECORD_FEATURES = 40;

/// One training position, little-endian, 164 bytes: the features of the side to move, then the
/// other side's, the search's score for the side to move, and the game's result for it.
struct TrainingRecord {
    uint16_t us[RECORD_FEATURES];
    uint16_t them[RECORD_FEATURES];
    int16_t  score;
    int8_t   result; ///< 1 win, 0 draw, -1 loss, for the side to move.
    uint8_t  ply; ///< Game ply, capped at 255.
};
static_assert(sizeof(TrainingRecord) == 164, "the trainer reads records of 164 bytes");

/// Whether a recorded position has a label a record may keep: a score, below a mate, and the
/// side to move not in check.
bool is_label(const Position& pos, const RecordedPly& ply);

/// Whether a recorded position is a training label as it stands: searched (not a random move), not
/// in check, its score below a mate, and its move (the search's best) neither a capture nor a
/// promotion, so that the score is what the position is worth as it stands.
bool is_quiet_label(const Position& pos, const RecordedPly& ply);

/// `tsubame nnue-data --out FILE [--sfens FILE] [--min-ply N (16)] [--leaf] SHARD...`: writes a
/// record for every searched, quiet position of the shards (game files, or label files read with
/// their sources), or with `--leaf` for every label (is_label), each as the position at the end
/// of its capture line (search/capture_line.h) with the score for its side to move: not in check,
/// best move neither a capture nor a promotion, |score| below a mate, from ply N on.
/// `--architecture` prints the network architecture the records' feature indices belong to (run.sh
/// keys its record cache on it).
int run_nnue_data(int argc, char* argv[]);

/// `tsubame nnue-eval NET SFENS`: the net's score of each SFEN line, for the side to move.
int run_nnue_eval(int argc, char* argv[]);

} // namespace tsubame::usi
