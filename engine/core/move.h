#pragma once

// Compact move encoding.
//
//   bits  0..6   destination square
//   bits  7..13  origin square, or the dropped piece type for a drop
//   bit   14     drop flag
//   bit   15     promotion flag
//   bits 16..20  the piece standing on the destination after the move (coloured, promoted if
//                the move promotes); lets move ordering skip a board lookup
//
// The low 16 bits identify the move within a position (what a transposition table stores).

#include <cstdint>

#include "core/types.h"

namespace tsubame {

/// A shogi move: board move (with optional promotion) or drop. Like a built-in integer, a
/// default-initialised Move is indeterminate (so move lists cost nothing to create);
/// `Move{}` and Move::none() are the empty move.
class Move {
public:
    Move() = default;
    /// The move whose raw() is `raw`.
    constexpr explicit Move(uint32_t raw) :
        data_(raw) { }

    /// Board move from `from` to `to`; `after` is the piece on `to` after the move.
    static constexpr Move make(Square from, Square to, Piece after, bool promote = false) {
        return Move(uint32_t(to) | (uint32_t(from) << 7) | (promote ? PROMOTE_FLAG : 0)
                    | (uint32_t(after) << 16));
    }
    /// Drop of a piece of colour c and type pt on `to`.
    static constexpr Move make_drop(Color c, PieceType pt, Square to) {
        return Move(uint32_t(to) | (uint32_t(pt) << 7) | DROP_FLAG
                    | (uint32_t(make_piece(c, pt)) << 16));
    }
    /// No move (used as "none" in tables and results).
    static constexpr Move none() { return Move(0u); }
    /// The null move of null-move pruning (origin == destination, never a legal move).
    static constexpr Move null() { return Move(uint32_t(1) | (uint32_t(1) << 7)); }

    /// The parts: destination, origin (a drop holds dropped_type() there instead), flags.
    constexpr Square    to() const { return Square(data_ & 0x7f); }
    constexpr Square    from() const { return Square((data_ >> 7) & 0x7f); }
    constexpr bool      is_drop() const { return (data_ & DROP_FLAG) != 0; }
    constexpr bool      is_promotion() const { return (data_ & PROMOTE_FLAG) != 0; }
    constexpr PieceType dropped_type() const { return PieceType((data_ >> 7) & 0x7f); }
    /// The piece standing on the destination after the move.
    constexpr Piece moved_piece_after() const { return Piece((data_ >> 16) & 0x1f); }
    /// The piece as it stood before the move (unpromoted for a promotion).
    constexpr Piece moved_piece_before() const {
        return is_promotion() ? Piece(int(moved_piece_after()) & ~PROMOTED) : moved_piece_after();
    }

    /// A real move: a drop, or a board move between two squares (not none() or null()).
    constexpr bool is_ok() const { return is_drop() || from() != to(); }
    /// The low 16 bits (squares or dropped type, and flags), as the hash table keeps them;
    /// generated_move_from16 restores the move.
    constexpr uint16_t to16() const { return uint16_t(data_); }
    /// All the bits, the moved piece included.
    constexpr uint32_t raw() const { return data_; }

    constexpr bool     operator==(const Move& other) const = default;
    constexpr explicit operator bool() const { return data_ != 0; }

private:
    static constexpr uint32_t DROP_FLAG    = 1u << 14;
    static constexpr uint32_t PROMOTE_FLAG = 1u << 15;

    uint32_t data_;
};

} // namespace tsubame
