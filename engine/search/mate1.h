#pragma once

// A fast one-move mate test for the search: in shogi a drop from the hand often mates at
// once, and a search that sees it at every node avoids both missing mates and walking into
// them (a quiet-looking node can be lost to a single drop).

#include "core/move.h"
#include "core/position.h"

namespace tsubame {

/// A move of the side to move that checkmates at once, or Move::none() (also when in check).
/// Tries drops next to the enemy king that another piece protects, knight drops, and board
/// moves onto protected squares next to the king: nearly every one-move mate, at a fraction
/// of the cost of generating every check. It can miss rare mates (a lone long-range check,
/// a board knight check); it never reports a move that does not mate. pos is restored.
Move find_mate_in_1(Position& pos);

/// For a side to move that is in check: true when a cheap test finds a legal evasion (a safe
/// king step, taking a lone checker with an unpinned piece, or a gold, silver, bishop or rook
/// drop between checker and king). False means "not sure", never "mated": the mate test then
/// asks the full evasion generator.
bool has_quick_evasion(const Position& pos);

} // namespace tsubame
