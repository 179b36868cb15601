#include "movegen/perft.h"

#include "movegen/movegen.h"

namespace tsubame {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    const LegalMoves moves(pos);
    if (depth == 1) return moves.size();
    uint64_t  nodes = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.do_move(m, st);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

PerftDivide perft_divide(Position& pos, int depth) {
    PerftDivide result;
    StateInfo   st;
    for (Move m : LegalMoves(pos)) {
        pos.do_move(m, st);
        const uint64_t n = perft(pos, depth - 1);
        pos.undo_move(m);
        result.moves.emplace_back(m, n);
        result.total += n;
    }
    return result;
}

} // namespace tsubame
