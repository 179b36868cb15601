#pragma once

// The network's input features: from each side's view ("perspective"), the two kings' squares
// and every other piece, on the board by kind and square or in a hand by its ordinal (the
// "base" K-P features), each in one of 16 copies chosen by the region of the perspective's own
// king (its "bucket"), so that a piece's weight depends on where the king stands.
// The i-th piece of a type in a hand (0-based) is its own feature, so a hand of three pawns
// switches on "1st, 2nd and 3rd pawn": a capture adds one hand feature and a drop removes one,
// and a standard position always has 38 piece features plus 2 king features per perspective.
//
// White's view is Black's view of the board turned 180 degrees with the colours swapped, so a
// position and its colour-flipped twin have the same feature lists with the perspectives
// exchanged. Promoted pawns, lances, knights and silvers share the gold's features.
//
// The board is mirrored left-right (file 1 <-> file 9) whenever the own king stands on files
// 6-9 of the perspective's view, so that a castle on either wing (static rook or ranging rook)
// uses the same weights; the buckets then cover files 1-5: file 1, 2, 3 and 4-5, crossed with
// the own camp's ranks 9, 8, 7 and the rest of the board. A king move refreshes its own side's
// features; every other move changes at most two features per perspective.

#include <cstdint>

#include "core/move.h"
#include "core/position.h"

namespace tsubame::nnue {

/// Hand features: for each droppable type, one per ordinal up to the standard count, own
/// pieces then the opponent's.
constexpr int HAND_FEATURES = 2 * (18 + 4 * 4 + 2 * 2);
/// Board kinds: pawn, lance, knight, silver, gold (and the promoted minors), bishop, horse,
/// rook, dragon.
constexpr int BOARD_KINDS = 9;
/// Where the board features start: own kinds then the opponent's, 81 squares each.
constexpr int BOARD_FEATURES_BEGIN = HAND_FEATURES;
/// Where the king features start: own king's square, then the opponent king's.
constexpr int KING_FEATURES_BEGIN = BOARD_FEATURES_BEGIN + 2 * BOARD_KINDS * SQ_NB;
/// The base (K-P) features of one king bucket.
constexpr int BASE_INPUTS = KING_FEATURES_BEGIN + 2 * SQ_NB;
#ifndef TSUBAME_KING_BUCKETS
    #define TSUBAME_KING_BUCKETS 16
    #define TSUBAME_MIRROR 1
#endif
/// Regions of the own king that get their own copy of the base features (16; a build for
/// experiments may have 1, a plain K-P net: engine/CMakeLists.txt).
constexpr int KING_BUCKETS = TSUBAME_KING_BUCKETS;
/// Whether the board is mirrored when the own king stands on files 6-9 (always with buckets).
constexpr bool MIRRORED = TSUBAME_MIRROR;
static_assert(KING_BUCKETS == 16 || KING_BUCKETS == 1, "16 king buckets, or 1");
static_assert(KING_BUCKETS == 1 || MIRRORED, "the 16 buckets cover files 1-5 of a mirror");
/// All inputs of one perspective: bucket * BASE_INPUTS + base feature.
constexpr int INPUTS = KING_BUCKETS * BASE_INPUTS;
/// Most active features a position can have: every square occupied and both hands holding
/// the standard counts (non-standard material beyond them has no feature).
constexpr int MAX_ACTIVE = SQ_NB + HAND_FEATURES;

/// A list of feature indices of one perspective.
struct FeatureList {
    int      size = 0;
    uint16_t index[MAX_ACTIVE];

    void push(int feature) { index[size++] = uint16_t(feature); }
};

/// Every active feature of pos from `perspective`'s view, kings first, then hands, then the
/// board by square.
void active_features(const Position& pos, Color perspective, FeatureList& out);

/// The features a move turns off and on, from one perspective: at most two each, or a
/// refresh when the perspective's own king moved (its bucket and mirroring may change).
struct FeatureChange {
    bool     refresh       = false;
    int      removed_count = 0, added_count = 0;
    uint16_t removed[2], added[2];
};

/// What move m changed, from `perspective`'s view, computed in `after`, the position right
/// after m was played (its captured piece and hands are the move's). A null move changes
/// nothing.
void changed_features(const Position& after, Move m, Color perspective, FeatureChange& out);

/// Where a perspective's features sit: its king's bucket and whether the board is mirrored.
struct FeatureFrame {
    int  offset = 0; ///< bucket * BASE_INPUTS
    bool mirror = false;

    /// The input of a base feature (-1, beyond the standard hand, stays -1).
    int input(int base) const;
};

/// The frame of a perspective whose own king stands on `own_king` (SQ_NONE: bucket 0, as
/// in mate problems without the attacker's king).
FeatureFrame feature_frame(Color perspective, Square own_king);

/// The input with its base feature mirrored left-right (file 1 <-> file 9) in the same bucket:
/// the features of the mirrored position when the own king stands on the centre file (the
/// mirrored position's features equal the original's when it does not).
int mirrored_feature(int input);

/// The base feature of a piece of colour c and type pt (not a king) on square s.
int board_feature(Color perspective, Color c, PieceType pt, Square s);
/// The base feature of the ordinal-th (0-based) piece of type pt in c's hand, or -1 beyond
/// the standard count.
int hand_feature(Color perspective, Color c, PieceType pt, int ordinal);
/// The number of hand features pos has from either perspective: the pieces in both hands,
/// each type counted up to its standard number.
int hand_feature_count(const Position& pos);
/// The base feature of colour c's king on s.
int king_feature(Color perspective, Color c, Square s);

} // namespace tsubame::nnue
