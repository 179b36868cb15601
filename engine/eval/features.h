#pragma once

// The evaluation as a sum of weighted features, shared by evaluate() and by the tuner's data
// dump so that both always agree on what a feature is.
//
// Features (each counted +1 for a Black piece, -1 for a White one, so a weight is from the
// owner's point of view):
//   - material: one per piece type on the board, one per type in hand (per piece held);
//   - placement: per piece type, the piece's offset from its own king and from the enemy
//     king, seen from the owner's side and mirrored left-right (|file difference| 0..8, rank
//     difference -8..8). This is the "KP" table indexed by king and piece square, folded by
//     translation so that few games suffice to tune it;
//   - king safety: for each king, how many of its neighbours the enemy attacks, how many safe
//     flight squares it has, and the attacked count crossed with the enemy's hand, since
//     pieces in hand turn attacked squares into mating drops;
//   - king shelter: for each king, the state of every square of the 5x5 box around it (off
//     the board, or who stands there, how many enemy pieces attack it, whether another of
//     the owner's pieces defends it), per square folded left-right;
//   - activity: each piece's mobility, and the side to move's undefended attacked pieces;
//   - absolute placement: per piece type (the king too), its square seen from the owner's
//     side and mirrored left-right (the rules are symmetric, so is the true value), since
//     the king-relative tables cannot tell a castle on the edge from one in the centre, nor
//     how far a pawn has advanced.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "core/attacks.h"
#include "core/position.h"

namespace tsubame::eval {

constexpr int OFFSETS         = 9 * 17;
constexpr int BOARD_MATERIAL  = 0; // + PieceType
constexpr int HAND_MATERIAL   = 16; // + hand PieceType
constexpr int NEAR_OWN_KING   = 24; // + PieceType * OFFSETS + offset
constexpr int NEAR_ENEMY_KING = NEAR_OWN_KING + 16 * OFFSETS;
// King safety, per king from its owner's view (one-hot buckets, so the tuner learns curves):
constexpr int KING_ZONE_ATTACKED = NEAR_ENEMY_KING + 16 * OFFSETS; // + attacked neighbours 0..8
constexpr int KING_ESCAPES       = KING_ZONE_ATTACKED + 9; // + safe flight squares 0..8
constexpr int KING_HAND_PRESSURE = KING_ESCAPES + 9; // + hand bucket 0..4 * 9 + attacked 0..8
// Activity: + PieceType, coefficient = squares the piece attacks that hold no own piece.
constexpr int MOBILITY = KING_HAND_PRESSURE + 5 * 9;
// Threats: + PieceType, the side to move's pieces that the enemy attacks and nothing defends
// (a quiescence search's stand-pat would otherwise ignore that one of them is lost).
constexpr int HANGING_TO_MOVE = MOBILITY + 16;
constexpr int SQUARES         = 5 * 9; // files folded onto 1-5
constexpr int PIECE_SQUARE    = HANGING_TO_MOVE + 16; // + PieceType * SQUARES + owner_square
// King shelter, per king from its owner's view: each square of the 5x5 box around the king
// (offset folded left-right: |file difference| 0..2 x rank difference -2..2) in one of
// SHELTER_STATES states (off the board, or occupant x enemy attackers 0/1/2+ x defended by
// one of the owner's other pieces). This is the pattern table hand-made engines such as GPS
// use: the attack count alone cannot tell a defended square from an open one.
constexpr int SHELTER_OFFSETS = 3 * 5;
constexpr int SHELTER_STATES  = 1 + 3 * 3 * 2;
constexpr int KING_SHELTER    = PIECE_SQUARE + 16 * SQUARES; // + offset * STATES + state
constexpr int FEATURE_COUNT   = KING_SHELTER + SHELTER_OFFSETS * SHELTER_STATES;

/// Square s seen from colour c's side (White's board turned round), files mirrored onto 1-5:
/// 0..44.
constexpr int owner_square_of(Color c, Square s) {
    int file = int(file_of(s)), rank = int(rank_of(s));
    if (c == WHITE) file = 8 - file, rank = 8 - rank;
    return std::min(file, 8 - file) * 9 + rank;
}

/// Offset of square s from king k, seen from colour c's side, mirrored left-right: 0..152.
constexpr int king_offset_of(Color c, Square k, Square s) {
    int df = int(file_of(s)) - int(file_of(k));
    int dr = int(rank_of(s)) - int(rank_of(k));
    if (c == WHITE) dr = -dr; // White looks at the board turned round; |df| hides the file flip
    return (df < 0 ? -df : df) * 17 + dr + 8;
}

/// owner_square_of and king_offset_of as tables: the evaluation asks for them for every piece
/// it scores (a king move rescores them all), and a load beats the divisions by 9.
inline constexpr auto OWNER_SQUARES = [] {
    std::array<uint8_t, int(COLOR_NB) * int(SQ_NB)> table{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int s = 0; s < SQ_NB; ++s)
            table[c * SQ_NB + s] = uint8_t(owner_square_of(Color(c), Square(s)));
    return table;
}();
inline constexpr auto KING_OFFSETS = [] {
    std::array<std::array<uint8_t, SQ_NB>, int(COLOR_NB) * int(SQ_NB)> table{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int k = 0; k < SQ_NB; ++k)
            for (int s = 0; s < SQ_NB; ++s)
                table[c * SQ_NB + k][s] = uint8_t(king_offset_of(Color(c), Square(k), Square(s)));
    return table;
}();

/// owner_square_of, read from its table.
inline int owner_square(Color c, Square s) {
    return OWNER_SQUARES[int(c) * SQ_NB + s];
}

/// How much the enemy hand threatens a king, 0..4: drops are shogi's main attacking force.
inline int hand_pressure(Hand h) {
    const int weight = 3 * h.count(ROOK) + 2 * (h.count(BISHOP) + h.count(GOLD) + h.count(SILVER))
                     + h.count(KNIGHT) + h.count(LANCE) + (h.count(PAWN) > 0);
    return std::min(4, (weight + 1) / 2);
}

/// king_offset_of, read from its table.
inline int king_offset(Color c, Square k, Square s) {
    return KING_OFFSETS[int(c) * SQ_NB + k][s];
}

/// Calls f(feature, coefficient) for the features of one non-king piece of colour c and type
/// pt on square s, with the kings on `own` and `foe` (coefficient +1 for Black's pieces).
template <typename F>
void for_each_piece_feature(Color c, PieceType pt, Square s, Square own, Square foe, F&& f) {
    const int sign = c == BLACK ? 1 : -1;
    f(BOARD_MATERIAL + pt, sign);
    f(PIECE_SQUARE + pt * SQUARES + owner_square(c, s), sign);
    if (own != SQ_NONE) f(NEAR_OWN_KING + pt * OFFSETS + king_offset(c, own, s), sign);
    if (foe != SQ_NONE) f(NEAR_ENEMY_KING + pt * OFFSETS + king_offset(c, foe, s), sign);
}

/// Calls f(feature, coefficient) for the features that depend only on where each piece is
/// and what is in hand (material and placement): the part a move changes piece by piece.
template <typename F>
void for_each_placement_feature(const Position& pos, F&& f) {
    for (Color c : {BLACK, WHITE}) {
        const int    sign = c == BLACK ? 1 : -1;
        const Square own  = pos.king_square(c);
        const Square foe  = pos.king_square(~c);
        pos.pieces(c).andnot(pos.pieces(KING)).for_each([&](Square s) {
            for_each_piece_feature(c, type_of(pos.piece_on(s)), s, own, foe, f);
        });
        if (own != SQ_NONE) f(PIECE_SQUARE + KING * SQUARES + owner_square(c, own), sign);
        const Hand h = pos.hand(c);
        for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt)
            if (const int n = h.count(PieceType(pt))) f(HAND_MATERIAL + pt, sign * n);
    }
}

/// One square of a king's shelter box: where its bit lies in a bitboard (word 2 stands for
/// off the board, a word that is always empty) and its feature, less one for off-board
/// squares so that the empty word's state 1 lands on state 0.
struct ShelterSquare {
    uint8_t  word;
    uint8_t  shift;
    uint16_t feature;
};

/// The 24 squares of the 5x5 box around a king of colour c on square k, precomputed so that
/// the evaluation reads each square's state without bounds tests.
inline constexpr auto SHELTER_BOX = [] {
    std::array<std::array<ShelterSquare, 24>, int(COLOR_NB) * int(SQ_NB)> box{};
    for (int c = 0; c < COLOR_NB; ++c)
        for (int k = 0; k < SQ_NB; ++k) {
            const int kf = k / 9, kr = k % 9;
            int       n = 0;
            for (int df = -2; df <= 2; ++df)
                for (int dr = -2; dr <= 2; ++dr) {
                    if (df == 0 && dr == 0) continue;
                    const int offset  = (df < 0 ? -df : df) * 5 + (c == BLACK ? dr : -dr) + 2;
                    const int feature = KING_SHELTER + offset * SHELTER_STATES;
                    if (on_board(kf + df, kr + dr)) {
                        const int s             = (kf + df) * 9 + kr + dr;
                        box[c * SQ_NB + k][n++] = {uint8_t(s < 63 ? 0 : 1),
                                                   uint8_t(s < 63 ? s : s - 63), uint16_t(feature)};
                    } else {
                        box[c * SQ_NB + k][n++] = {2, 0, uint16_t(feature - 1)};
                    }
                }
        }
    return box;
}();

#if TSUBAME_USE_PEXT
/// The squares of the 5x5 box around a king, as bits i * 9 + j of a word (i = file offset + 2,
/// j = rank offset + 2) once a bitboard is shifted so that the box's corner lands on bit 0;
/// the king's own square left out. Ascending bits follow SHELTER_BOX's order.
inline constexpr uint64_t SHELTER_BITS = [] {
    uint64_t bits = 0;
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j)
            if (i != 2 || j != 2) bits |= uint64_t(1) << (i * 9 + j);
    return bits;
}();

/// Per king square: the shift that brings its box's corner to bit 0 (biased by 20 so that it
/// is never negative) and which of SHELTER_BITS are on the board (the shift wraps the others
/// round to neighbouring files).
struct ShelterWindow {
    uint8_t  shift;
    uint64_t on_board;
};
inline constexpr auto SHELTER_WINDOWS = [] {
    std::array<ShelterWindow, SQ_NB> windows{};
    for (int k = 0; k < SQ_NB; ++k) {
        const int kf = k / 9, kr = k % 9;
        uint64_t  on = 0;
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j)
                if ((i != 2 || j != 2) && on_board(kf + i - 2, kr + j - 2))
                    on |= uint64_t(1) << (i * 9 + j);
        windows[k] = {uint8_t((kf - 2) * 9 + kr - 2 + 20), on};
    }
    return windows;
}();

/// The 24 box squares of b (see SHELTER_BITS) as bits 0..23, off-board ones clear.
inline uint64_t shelter_bits(Bitboard b, const ShelterWindow& w) {
    __extension__ using Wide = unsigned __int128;
    const Wide board         = Wide(b.word(1)) << 63 | b.word(0); // square s at bit s
    return _pext_u64(uint64_t((board << 20) >> w.shift) & w.on_board, SHELTER_BITS);
}
#endif

/// Calls f(feature, coefficient) for the shelter of colour c's king: the state of each square
/// of the 5x5 box around it, given what the enemy attacks (once, twice) and what c's pieces
/// other than the king defend. The state, 1 + occupant * 6 + attackers * 2 + defended, is a
/// sum of one term per bitboard.
template <typename F>
void for_each_shelter_feature(const Position& pos, Color c, Bitboard enemy_attacks,
                              Bitboard enemy_attacks_twice, Bitboard own_defence, F&& f) {
    const int   sign = c == BLACK ? 1 : -1;
    const auto& box  = SHELTER_BOX[int(c) * SQ_NB + pos.king_square(c)];
#if TSUBAME_USE_PEXT
    // All 24 states at once, one byte each: each bitboard's box bits spread to one bit per
    // byte, weighted and summed (a state is at most 18, so bytes never carry). Off-board
    // squares read state 1, which their feature (one less) turns into state 0.
    const ShelterWindow& w = SHELTER_WINDOWS[pos.king_square(c)];
    const uint64_t own = shelter_bits(pos.pieces(c), w), enemy = shelter_bits(pos.pieces(~c), w),
                   once      = shelter_bits(enemy_attacks, w),
                   twice     = shelter_bits(enemy_attacks_twice, w),
                   defence   = shelter_bits(own_defence, w);
    constexpr uint64_t BYTES = 0x0101010101010101;
    for (int g = 0; g < 3; ++g) {
        const auto     spread = [&](uint64_t bits) { return _pdep_u64(bits >> (8 * g), BYTES); };
        const uint64_t states = BYTES + 6 * spread(own) + 12 * spread(enemy) + 2 * spread(once)
                              + 2 * spread(twice) + spread(defence);
        for (int n = 0; n < 8; ++n)
            f(box[8 * g + n].feature + int((states >> (8 * n)) & 0xFF), sign);
    }
#else
    // Per bitboard its two words and an empty third one, which off-board squares read.
    const auto words = [](Bitboard b) { return std::array<uint64_t, 3>{b.word(0), b.word(1), 0}; };
    const std::array<uint64_t, 3> own = words(pos.pieces(c)), enemy = words(pos.pieces(~c)),
                                  once = words(enemy_attacks), twice = words(enemy_attacks_twice),
                                  defence = words(own_defence);
    for (const ShelterSquare& q : box) {
        const int state =
            1 + 6 * int((own[q.word] >> q.shift) & 1) + 12 * int((enemy[q.word] >> q.shift) & 1)
            + 2 * int((once[q.word] >> q.shift) & 1) + 2 * int((twice[q.word] >> q.shift) & 1)
            + int((defence[q.word] >> q.shift) & 1);
        f(q.feature + state, sign);
    }
#endif
}

/// Calls f(feature, coefficient) for the king safety of both kings, mobility and hanging
/// pieces (Black positive): the features that depend on what each piece attacks, found in one
/// pass over the pieces.
template <typename F>
void for_each_attack_feature(const Position& pos, F&& f) {
    const Bitboard occ = pos.pieces();
    Bitboard       attacked[COLOR_NB];
    Bitboard       attacked_twice[COLOR_NB]; // by two pieces or more
    Bitboard       defended[COLOR_NB]; // attacked by a piece other than the king
    // What c attacks with the enemy king lifted off the board: a square behind the king on a
    // checking line counts as attacked for the king's safety.
    Bitboard through_king[COLOR_NB];
    for (Color c : {BLACK, WHITE}) {
        const int      sign          = c == BLACK ? 1 : -1;
        const Bitboard own           = pos.pieces(c);
        const Square   enemy_king_sq = pos.king_square(~c);
        const Bitboard enemy_king =
            enemy_king_sq != SQ_NONE ? Bitboard::square(enemy_king_sq) : Bitboard();
        // Pawns, nearly half the pieces, attack one square each and have no mobility term:
        // one shift covers them all (no pawn stands where the shift would wrap a file).
        const Bitboard pawns = pos.pieces(c, PAWN);
        attacked[c]          = c == BLACK ? pawns.shift_up() : pawns.shift_down();
        attacked_twice[c]    = Bitboard();
        // One loop per piece type, so that each attack lookup is fixed at compile time: a
        // switch on the type of each piece in turn mispredicts.
        auto visit = [&]<PieceType Pt>() {
            int mobility = 0;
            if constexpr (Pt == KING) defended[c] = attacked[c]; // the king comes last
            for (Bitboard bb = pos.pieces(c, Pt); bb;) {
                const Square   s = bb.pop();
                const Bitboard a = attacks_from(c, Pt, s, occ);
                attacked_twice[c] |= attacked[c] & a;
                attacked[c] |= a;
                mobility += a.andnot(own).popcount();
                // Only a slider that sees the king sees further without it.
                if constexpr (Pt == LANCE || Pt == BISHOP || Pt == ROOK || Pt == HORSE
                              || Pt == DRAGON)
                    if (a & enemy_king) through_king[c] |= attacks_from(c, Pt, s, occ ^ enemy_king);
            }
            if constexpr (Pt != KING)
                if (mobility) f(MOBILITY + Pt, sign * mobility);
        };
        [&]<PieceType... Pts>() {
            (visit.template operator()<Pts>(), ...);
        }
        .template operator()<LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, PRO_PAWN, PRO_LANCE,
                             PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON, KING>();
    }
    for (Color c : {BLACK, WHITE}) {
        const Square ksq = pos.king_square(c);
        if (ksq == SQ_NONE) continue;
        const int      sign    = c == BLACK ? 1 : -1;
        const Bitboard zone    = king_attacks(ksq);
        const Bitboard hit     = (attacked[~c] | through_king[~c]) & zone;
        const int      count   = hit.popcount();
        const int      escapes = zone.andnot(hit).andnot(pos.pieces(c)).popcount();
        f(KING_ZONE_ATTACKED + count, sign);
        f(KING_ESCAPES + escapes, sign);
        f(KING_HAND_PRESSURE + hand_pressure(pos.hand(~c)) * 9 + count, sign);
        for_each_shelter_feature(pos, c, attacked[~c] | through_king[~c], attacked_twice[~c],
                                 defended[c], f);
    }
    const Color us      = pos.side_to_move();
    Bitboard    hanging = pos.pieces(us).andnot(pos.pieces(KING)) & attacked[~us];
    hanging             = hanging.andnot(attacked[us]);
    while (hanging)
        f(HANGING_TO_MOVE + type_of(pos.piece_on(hanging.pop())), us == BLACK ? 1 : -1);
}

/// Calls f(feature, coefficient) for every active feature of pos (Black positive).
template <typename F>
void for_each_feature(const Position& pos, F&& f) {
    for_each_placement_feature(pos, f);
    for_each_attack_feature(pos, f);
}

} // namespace tsubame::eval
