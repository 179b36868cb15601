#pragma once

// Basic shogi types: colours, squares, piece types and pieces.
//
// Squares are numbered file-major as in YaneuraOu and Apery: 1a = 0, 1b = 1, ..., 1i = 8,
// 2a = 9, ..., 9i = 80. "Rank 1" is rank a (the top row from Black's side).

#include <cstdint>

namespace tsubame {

/// Side: Black (sente, moves first, upper case in SFEN) or White (gote).
enum Color : int {
    BLACK,
    WHITE,
    COLOR_NB
};

/// The other side.
constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}

/// File 1..9 as 0..8 (file 1 is on Black's right).
enum File : int {
    FILE_1,
    FILE_2,
    FILE_3,
    FILE_4,
    FILE_5,
    FILE_6,
    FILE_7,
    FILE_8,
    FILE_9,
    FILE_NB
};

/// Rank a..i as 0..8 (rank a is White's back rank).
enum Rank : int {
    RANK_1,
    RANK_2,
    RANK_3,
    RANK_4,
    RANK_5,
    RANK_6,
    RANK_7,
    RANK_8,
    RANK_9,
    RANK_NB
};

/// One of the 81 squares, or SQ_NONE (e.g. the missing king of a tsume attacker).
enum Square : int {
    SQ_11   = 0,
    SQ_NB   = 81,
    SQ_NONE = 81
};

/// The square on file f, rank r.
constexpr Square make_square(File f, Rank r) {
    return Square(int(f) * 9 + int(r));
}
/// File of a square.
constexpr File file_of(Square s) {
    return File(int(s) / 9);
}
/// Rank of a square.
constexpr Rank rank_of(Square s) {
    return Rank(int(s) % 9);
}
/// True when file and rank indexes (0..8 each) lie on the board.
constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < 9 && rank >= 0 && rank < 9;
}
/// True for the 81 board squares (false for SQ_NONE).
constexpr bool is_ok(Square s) {
    return s >= SQ_11 && s < SQ_NB;
}

/// Rank seen from colour c: relative RANK_1 is the opponent's back rank.
constexpr Rank relative_rank(Color c, Rank r) {
    return c == BLACK ? r : Rank(8 - int(r));
}

/// True when rank r is in the promotion zone of colour c (the opponent's three ranks).
constexpr bool in_promotion_zone(Color c, Rank r) {
    return relative_rank(c, r) <= RANK_3;
}

/// Piece kinds. Promoted kinds are the base kind plus PROMOTED.
enum PieceType : int {
    NO_PIECE_TYPE,
    PAWN,
    LANCE,
    KNIGHT,
    SILVER,
    BISHOP,
    ROOK,
    GOLD,
    KING,
    PRO_PAWN,
    PRO_LANCE,
    PRO_KNIGHT,
    PRO_SILVER,
    HORSE,
    DRAGON,
    PIECE_TYPE_NB = 16,

    PROMOTED        = 8,
    HAND_TYPE_BEGIN = PAWN, ///< First type that can be held in hand.
    HAND_TYPE_END   = KING, ///< One past the last type that can be held in hand.
};

/// Whether a piece of this type may promote (pawn, lance, knight, silver, bishop, rook).
constexpr bool can_promote(PieceType pt) {
    return pt >= PAWN && pt <= ROOK;
}
/// The promoted form of a promotable type.
constexpr PieceType promoted(PieceType pt) {
    return PieceType(pt | PROMOTED);
}
/// The type a captured piece of type pt becomes in the captor's hand.
constexpr PieceType unpromoted(PieceType pt) {
    return pt == KING ? KING : PieceType(pt & ~PROMOTED);
}
/// True for the six promoted types.
constexpr bool is_promoted(PieceType pt) {
    return pt > KING;
}

/// A coloured piece: the type in bits 0..3 and the colour in bit 4.
enum Piece : int {
    NO_PIECE,
    PIECE_NB = 32
};

/// The piece of colour c and type pt.
constexpr Piece make_piece(Color c, PieceType pt) {
    return Piece((int(c) << 4) | int(pt));
}
/// Owner of a piece.
constexpr Color color_of(Piece pc) {
    return Color(int(pc) >> 4);
}
/// Type of a piece.
constexpr PieceType type_of(Piece pc) {
    return PieceType(int(pc) & 15);
}

/// The direction of "forward" for colour c in square-index steps (towards rank a for Black).
constexpr int forward_step(Color c) {
    return c == BLACK ? -1 : 1;
}

/// Room for the legal moves of any position the engine accepts. With standard material the
/// maximum is 593 (YaneuraOu sizes lists at 600). SFENs may carry more material, up to what
/// a hand can hold (a published perft position has three rooks); the extra pieces add at
/// most their own moves (at most about 250 for everything the hand fields allow), so 1024
/// leaves room to spare.
constexpr int MAX_MOVES = 1024;

} // namespace tsubame
