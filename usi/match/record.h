#pragma once

// Game records in CSA standard format V2.2 (http://www2.computer-shogi.org/protocol/
// record_v22.html) and in KIF (Kakinoki's format, http://kakinoki.o.oo7.jp/kif_format.html, in
// UTF-8 as ShogiHome writes it), which Shogidokoro, ShogiGUI and ShogiHome open.

#include <ostream>
#include <string>

#include "core/move.h"
#include "match/match_game.h"
#include "match/options.h"

namespace tsubame::usi {

/// A move in CSA notation: `+7776FU`, `-0055KA`, `+2822RY` (the piece after the move).
std::string to_csa(Move m);

/// Writes a finished game: names, start time, the start position (PI for the standard one,
/// else P1..P9 with hands), every move with its time `T<seconds>` and a comment with depth,
/// score and milliseconds, and the ending as a CSA special move (%TORYO, %TIME_UP,
/// %SENNICHITE, %KACHI, %ILLEGAL_MOVE, ...) with the reason in a comment.
void write_csa(const GameResult& game, const MatchOptions& options, std::ostream& out);

/// A move in KIF notation, UTF-8: `７六歩(77)`, `２二角成(88)`, `４五角打`, and `同　銀(31)` when
/// it lands where `previous` did (Move::none() for the first move).
std::string to_kif(Move m, Move previous);

/// Writes a finished game in KIF, UTF-8, as ShogiHome writes it: the encoding line, start and
/// end time, the event, the start position (`手合割：平手`, or a BOD diagram with the hands and
/// the side to move), the players, then every move numbered from 1 with its time and the
/// side's total (`   1 ７六歩(77)   ( 0:01/00:00:01)`), a comment with depth and score, and
/// the ending (`投了`, `詰み`, `千日手`, `切れ負け`, `反則負け`, ...) with a `まで` line.
void write_kif(const GameResult& game, const MatchOptions& options, std::ostream& out);

} // namespace tsubame::usi
