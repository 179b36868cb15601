#pragma once

// Internals of the mate solver shared by its search (mate_solver.cpp) and its reading of the
// mating line (mate_line.cpp): node keys, lengths and bounds by tsume convention, and hand
// arithmetic.

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "core/hand.h"
#include "core/move.h"
#include "mate/mate_table.h"

namespace tsubame::mate::detail {

/// Deepest node searched: Microcosmos is 1525 plies, side lines go somewhat deeper.
inline constexpr int MAX_PLY = 4000;

/// Milliseconds on the steady clock.
inline int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/// A 64-bit mixer (splitmix64's finaliser) for keys.
inline uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/// Key of a node for repetition: the board (with side to move) and the attacker's hand, which
/// within one solve also fixes the defender's hand.
inline uint64_t node_key(uint64_t board_key, Hand attacker_hand) {
    return board_key ^ mix(uint64_t(attacker_hand.raw()) + 0x9e3779b97f4a7c15ULL);
}

/// The path key of the child reached by m from a node of path `path_key`.
inline uint64_t child_path(uint64_t path_key, Move m) {
    return mix(path_key ^ (uint64_t(m.raw()) * 0xd6e8feb86659fd93ULL));
}

/// The piece types a hand holds.
inline constexpr PieceType HAND_TYPES[] = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

/// Lengths by tsume convention (see the top of mate_solver.h): a move adds one ply, a futile
/// interposition takes one off (it and the move that answers it count as nothing). A length
/// or bound of NO_BOUND stays so; others are kept within [0, NO_BOUND).
inline int add_length(int length, int plies) {
    if (length >= NO_BOUND) return NO_BOUND;
    return std::clamp(length + plies, 0, NO_BOUND - 1);
}

/// The plies a move counts: -1 for a futile interposition, else 1.
inline int move_length(bool futile) {
    return futile ? -1 : 1;
}

/// What a move counts in the measure of `bound` (see mate_table.h): one ply, but a futile
/// interposition -1 unless the bound is on the plies.
inline int move_cost(int bound, bool futile) {
    return bound & REAL_BOUND ? 1 : move_length(futile);
}

/// A bound (or a disproof's) `plies` further, in the same measure; NO_BOUND stays so. Below 0
/// it is 0: only an attacker's node can go below, and it is then refuted at once.
inline int shift_bound(int bound, int plies) {
    if (bound == NO_BOUND) return NO_BOUND;
    return (bound & REAL_BOUND)
         | std::clamp(bound_plies(uint16_t(bound)) + plies, 0, REAL_BOUND - 2);
}

/// The bound of a child of a node searched under `bound` (reached by a futile interposition
/// or not).
inline int child_bound(int bound, bool or_node, bool futile) {
    return shift_bound(bound, -(or_node ? 1 : move_cost(bound, futile)));
}

/// A hand holding every piece: what a disproof that holds for any hand carries.
inline Hand any_hand() {
    Hand h;
    for (PieceType pt : HAND_TYPES)
        h.set(pt, Hand::capacity(pt));
    return h;
}

/// The most of each piece type of a and b.
inline Hand hand_max(Hand a, Hand b) {
    for (PieceType pt : HAND_TYPES)
        if (b.count(pt) > a.count(pt)) a.set(pt, b.count(pt));
    return a;
}

/// The fewest of each piece type of a and b.
inline Hand hand_min(Hand a, Hand b) {
    for (PieceType pt : HAND_TYPES)
        if (b.count(pt) < a.count(pt)) a.set(pt, b.count(pt));
    return a;
}

/// The attacker's hand after its move m (which captured `captured`, or NO_PIECE).
inline Hand hand_after(Hand hand, Move m, Piece captured) {
    if (m.is_drop())
        hand.remove(m.dropped_type());
    else if (captured != NO_PIECE)
        hand.add(unpromoted(type_of(captured)));
    return hand;
}

/// Proof hand of an OR node proven by move m (which captured `captured`, or NO_PIECE) from the
/// child's proof hand: a drop needs the dropped piece, a capture brings one in.
inline Hand or_proof_hand(Hand child, Move m, Piece captured) {
    if (m.is_drop()) {
        child.add(m.dropped_type());
    } else if (captured != NO_PIECE) {
        const PieceType pt = unpromoted(type_of(captured));
        if (child.has(pt)) child.remove(pt);
    }
    return child;
}

/// The child's disproof hand seen from the OR node before move m.
inline Hand or_disproof_hand(Hand child, Move m, Piece captured) {
    if (m.is_drop()) {
        const PieceType pt = m.dropped_type();
        if (child.count(pt) < Hand::capacity(pt)) child.add(pt);
    } else if (captured != NO_PIECE) {
        const PieceType pt = unpromoted(type_of(captured));
        if (child.has(pt)) child.remove(pt);
    }
    return child;
}

} // namespace tsubame::mate::detail
