#pragma once

// The network's input features (K-P): from each side's view ("perspective"), the two kings'
// squares and every other piece, on the board by kind and square or in a hand by its ordinal.
// The i-th piece of a type in a hand (0-based) is its own feature, so a hand of three pawns
// switches on "1st, 2nd and 3rd pawn": a capture adds one hand feature and a drop removes one,
// and a standard position always has 38 piece features plus 2 king features per perspective.
//
// White's view is Black's view of the board turned 180 degrees with the colours swapped, so a
// position and its colour-flipped twin have the same feature lists with the perspectives
// exchanged. Promoted pawns, lances, knights and silvers share the gold's features.

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
/// All inputs of one perspective.
constexpr int INPUTS = KING_FEATURES_BEGIN + 2 * SQ_NB;
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

/// The features a move turns off and on, from one perspective: at most two each.
struct FeatureChange {
    int      removed_count = 0, added_count = 0;
    uint16_t removed[2], added[2];
};

/// What move m changed, from `perspective`'s view, computed in `after`, the position right
/// after m was played (its captured piece and hands are the move's). A null move changes
/// nothing.
void changed_features(const Position& after, Move m, Color perspective, FeatureChange& out);

/// The same feature in the position mirrored left-right (file 1 <-> file 9): a symmetry of
/// the game, which the trainer uses to double its data.
int mirrored_feature(int feature);

/// The feature of a piece of colour c and type pt (not a king) on square s.
int board_feature(Color perspective, Color c, PieceType pt, Square s);
/// The feature of the ordinal-th (0-based) piece of type pt in c's hand, or -1 beyond the
/// standard count.
int hand_feature(Color perspective, Color c, PieceType pt, int ordinal);
/// The feature of colour c's king on s.
int king_feature(Color perspective, Color c, Square s);

} // namespace tsubame::nnue
