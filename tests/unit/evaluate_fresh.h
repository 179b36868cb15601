#pragma once

// Test helper: a net's score of a position computed from scratch, the reference that
// incremental accumulators and cached evaluations are checked against.

#include "core/position.h"
#include "eval/nnue/network.h"

namespace tsubame::nnue {

// The score of pos for the side to move, from a freshly refreshed accumulator.
inline Value evaluate_fresh(const Network& net, const Position& pos) {
    Accumulator acc;
    refresh_accumulator(net, pos, acc);
    return evaluate(net, acc, pos);
}

} // namespace tsubame::nnue
