#pragma once

// USI text for squares and moves (rules.md §2): `7g7f`, `8h2b+`, `P*5e`.

#include <optional>
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/types.h"

namespace tsubame {

/// A move as written in USI, before it is checked against a position.
struct MoveText {
    bool      drop    = false;
    PieceType piece   = NO_PIECE_TYPE; ///< Dropped type (drops only).
    Square    from    = SQ_NONE; ///< Origin (board moves only).
    Square    to      = SQ_NONE;
    bool      promote = false;
};

/// "7g" style name of a square.
std::string to_usi(Square s);
/// Parses "7g"; nullopt if it is not a square.
std::optional<Square> parse_square(std::string_view text);

/// USI text of a move: "7g7f", "8h2b+", "P*5e"; "none" and "null" for the special values.
std::string to_usi(Move m);
/// Reads the syntax of a USI move (drop letters are upper case for both sides).
/// Returns nullopt when the text is not a move at all.
std::optional<MoveText> parse_move_text(std::string_view text);

} // namespace tsubame
