#pragma once

// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the contract of
// the move generator. The last ply is counted in bulk (the size of the legal move list).

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace tsubame {

/// Leaf count of the legal move tree of `pos` at `depth` (depth 0 counts 1).
uint64_t perft(Position& pos, int depth);

/// Perft split by root move ("divide").
struct PerftDivide {
    std::vector<std::pair<Move, uint64_t>> moves; ///< Each legal root move and its count.
    uint64_t                               total = 0;
};

/// Perft of each root move at `depth` (depth >= 1), in generation order.
PerftDivide perft_divide(Position& pos, int depth);

} // namespace tsubame
