#include "eval/evaluate.h"

#include <iterator>

#include "eval/features.h"
#include "eval/weights.h"

namespace tsubame {

static_assert(std::size(eval::WEIGHTS) == eval::FEATURE_COUNT, "weights.h and features.h differ");

namespace {

// The sum of the weights of the features that `visit` reports to the function it is given.
template <typename Visit>
int weighted_sum(Visit&& visit) {
    int score = 0;
    visit([&](int feature, int coefficient) { score += eval::WEIGHTS[feature] * coefficient; });
    return score;
}

int piece_score(Color c, PieceType pt, Square s, Square own, Square foe) {
    return weighted_sum([&](auto f) { eval::for_each_piece_feature(c, pt, s, own, foe, f); });
}

} // namespace

int32_t placement_score(const Position& pos) {
    return weighted_sum([&](auto f) { eval::for_each_placement_feature(pos, f); });
}

int32_t placement_score_after(const Position& pos, Move m, int32_t before) {
    const Color  us   = pos.side_to_move();
    const int    sign = us == BLACK ? 1 : -1;
    const Square own = pos.king_square(us), foe = pos.king_square(~us);
    const Square to    = m.to();
    int32_t      score = before + piece_score(us, type_of(m.moved_piece_after()), to, own, foe);
    if (m.is_drop()) return score - sign * eval::WEIGHTS[eval::HAND_MATERIAL + m.dropped_type()];
    score -= piece_score(us, type_of(m.moved_piece_before()), m.from(), own, foe);
    if (const Piece captured = pos.piece_on(to); captured != NO_PIECE) {
        score -= piece_score(~us, type_of(captured), to, foe, own);
        score += sign * eval::WEIGHTS[eval::HAND_MATERIAL + unpromoted(type_of(captured))];
    }
    return score;
}

Value evaluate(const Position& pos, int32_t placement) {
    const int score =
        placement + weighted_sum([&](auto f) { eval::for_each_attack_feature(pos, f); });
    return pos.side_to_move() == BLACK ? score : -score;
}

Value evaluate(const Position& pos) {
    return evaluate(pos, placement_score(pos));
}

} // namespace tsubame
