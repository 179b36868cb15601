#pragma once

// Search values: centipawn-like scores and mate scores counted in plies from the root.

#include <cstdint>

namespace tsubame {

/// A score from the side to move's point of view.
using Value = int32_t;

constexpr Value VALUE_ZERO     = 0;
constexpr Value VALUE_DRAW     = 0;
constexpr Value VALUE_MATE     = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE     = 32002;
/// Deepest ply a search can reach; mate scores leave room for it.
constexpr int MAX_PLY = 246;
/// Scores beyond these bounds are mates found within MAX_PLY.
constexpr Value VALUE_MATE_IN_MAX_PLY  = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

/// Score for giving mate `ply` plies from the root.
constexpr Value mate_in(int ply) {
    return VALUE_MATE - ply;
}
/// Score for being mated `ply` plies from the root.
constexpr Value mated_in(int ply) {
    return -VALUE_MATE + ply;
}
/// A score of a mate found for either side.
constexpr bool is_mate_score(Value v) {
    return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY;
}

} // namespace tsubame
