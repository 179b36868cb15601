#include "eval/evaluate.h"

#include "eval/features.h"
#include "eval/weights.h"

namespace tsubame {

namespace {

// Material values in the range engines commonly use (YaneuraOu's material edition uses a
// similar scale); hand pieces count a little more than the same piece on the board, because a
// drop can go anywhere. These are starting values: the tuner is to replace them.
//                              -   P    L    N    S    B    R    G     K     +P   +L   +N   +S   +B
//                              +R
constexpr Value BOARD[16] = {0,     90,  315, 405, 495, 855, 990,  540,
                             15000, 540, 540, 540, 540, 945, 1395, 0};
constexpr Value HAND[8]   = {0, 100, 340, 430, 520, 900, 1050, 570};

} // namespace

Value piece_value(PieceType pt) {
    return BOARD[pt];
}
Value hand_value(PieceType pt) {
    return pt < HAND_TYPE_END ? HAND[pt] : 0;
}
Value capture_value(PieceType pt) {
    return BOARD[pt] + (pt == KING ? 0 : HAND[unpromoted(pt)]);
}

Value evaluate(const Position& pos) {
    int score = 0;
    eval::for_each_feature(
        pos, [&](int feature, int coefficient) { score += eval::WEIGHTS[feature] * coefficient; });
    return pos.side_to_move() == BLACK ? score : -score;
}

} // namespace tsubame
