#include "search/capture_line.h"

#include <algorithm>

#include "eval/material.h"
#include "search/movepick.h"
#include "search/see.h"

namespace tsubame {

namespace {

// Negamax over captures: the best material gain from here for the side to move (standing pat
// is 0), with its line in `line`.
Value best_gain(Position& pos, Value alpha, Value beta, int plies_left, std::vector<Move>& line) {
    line.clear();
    Value best = 0;
    if (best >= beta || plies_left == 0) return best;
    alpha = std::max(alpha, best);
    OrderedMoves moves;
    moves.generate<GenType::CAPTURES>(pos);
    moves.score([&](Move m) { return is_capture(pos, m) ? capture_score(pos, m) : 0; });
    std::vector<Move> below;
    for (Move m = moves.next(); m != Move::none(); m = moves.next()) {
        if (!is_capture(pos, m) || !see_ge(pos, m, 0)) continue;
        const Value gain = capture_value(type_of(pos.piece_on(m.to()))) + promotion_gain(m);
        StateInfo   st;
        pos.do_move(m, st);
        // The side in check cannot stand pat: the line stops at the capture.
        const bool check = pos.in_check();
        if (check) below.clear();
        const Value v =
            check ? gain
                  : gain - best_gain(pos, -beta + gain, -alpha + gain, plies_left - 1, below);
        pos.undo_move(m);
        if (v > best) {
            best = v;
            line.assign(1, m);
            line.insert(line.end(), below.begin(), below.end());
            if (v >= beta) break;
            alpha = std::max(alpha, v);
        }
    }
    return best;
}

} // namespace

std::vector<Move> capture_line(Position& pos, int max_plies) {
    std::vector<Move> line;
    if (!pos.in_check()) best_gain(pos, -VALUE_INFINITE, VALUE_INFINITE, max_plies, line);
    return line;
}

} // namespace tsubame
