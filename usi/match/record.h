#pragma once

// Game records in CSA standard format V2.2 (http://www2.computer-shogi.org/protocol/
// record_v22.html), which Shogidokoro, ShogiGUI and ShogiHome open.

#include <ostream>
#include <string>

#include "core/move.h"
#include "match/game.h"
#include "match/options.h"

namespace tsubame::usi {

/// A move in CSA notation: `+7776FU`, `-0055KA`, `+2822RY` (the piece after the move).
std::string to_csa(Move m);

/// Writes a finished game: names, start time, the start position (PI for the standard one,
/// else P1..P9 with hands), every move with its time `T<seconds>` and a comment with depth,
/// score and milliseconds, and the ending as a CSA special move (%TORYO, %TIME_UP,
/// %SENNICHITE, %KACHI, %ILLEGAL_MOVE, ...) with the reason in a comment.
void write_csa(const GameResult& game, const MatchOptions& options, std::ostream& out);

} // namespace tsubame::usi
