#pragma once

// Self-play games as training data: the start position once, then per ply the move played and
// the search's score, so that a labelled position costs 4 bytes instead of the ~40 of a
// packed position. The trainer replays the games to get the positions back.
//
// A file is a header (magic, version, provenance text) followed by games, little-endian:
//   u16 SFEN length, SFEN bytes, u16 plies, i8 result for Black, u8 how the game ended,
//   then per ply: u16 move (Move::to16, as generate<LEGAL> makes it), i16 score.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "core/status.h"
#include "core/value.h"

namespace tsubame {

/// The score of a ply that was not searched (a random opening move): not a label.
constexpr int16_t NO_SCORE = INT16_MIN;

/// One ply of a recorded game: the move and, for the side to move, the search's score.
struct RecordedPly {
    uint16_t move16;
    int16_t  score;
};

/// How a recorded game ended.
enum class GameEnd : uint8_t {
    MAX_PLIES, ///< Drawn at the ply limit.
    EVAL_LIMIT, ///< Adjudicated: the search's score passed the limit.
    MATED, ///< The side to move had no legal move.
    REPETITION_DRAW,
    PERPETUAL_CHECK, ///< Decided by repetition with continuous check.
    DECLARATION, ///< Won by the entering-king declaration.
};

/// A game as the data generator played it.
struct GameRecord {
    std::string              start_sfen;
    std::vector<RecordedPly> plies;
    int8_t                   black_result = 0; ///< 1 Black won, 0 draw, -1 White won.
    GameEnd                  end          = GameEnd::MAX_PLIES;
};

/// Writes a file header with a free-text provenance (command, commit, seed).
void write_game_file_header(std::ostream& out, const std::string& provenance);
/// Reads a file header; the error says what is wrong with it.
Status read_game_file_header(std::istream& in, std::string& provenance);

/// Appends one game.
void write_game(std::ostream& out, const GameRecord& game);
/// Reads the next game. Returns false at a clean end of file; a truncated or malformed game
/// sets `error` and returns false.
bool read_game(std::istream& in, GameRecord& game, std::string& error);

/// A search's score as a ply records it: clamped to int16, never NO_SCORE.
inline int16_t recorded_score(Value v) {
    return int16_t(std::clamp<int>(v, -INT16_MAX, INT16_MAX));
}

/// Replays a game, calling `visit` with each position (its history behind it, so that a visitor
/// may search it, leaving it as it found it) before its ply is played. Fails on a bad start
/// SFEN or a move that is not legal where it stands.
Status replay_game(const GameRecord&                                         game,
                   const std::function<void(Position&, const RecordedPly&)>& visit);

} // namespace tsubame
