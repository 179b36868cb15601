#pragma once

// Helpers shared by the search's files (search.cpp, search_node.cpp): mate scores in the
// table, and the principal variation's update.

#include "core/move.h"
#include "core/value.h"

namespace tsubame {

/// A mate score as the table stores it: relative to the node, not the root.
inline Value value_to_tt(Value v, int ply) {
    return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
/// A stored value as seen from a node `ply` plies from the root; VALUE_NONE (an entry that
/// holds only the static evaluation) stays so.
inline Value value_from_tt(Value v, int ply) {
    if (v == VALUE_NONE) return v;
    return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= VALUE_MATED_IN_MAX_PLY ? v + ply : v;
}
/// pv becomes m followed by the child's line.
inline void update_pv(Move* pv, Move m, const Move* child_pv) {
    *pv++ = m;
    if (child_pv)
        while (*child_pv != Move::none())
            *pv++ = *child_pv++;
    *pv = Move::none();
}

} // namespace tsubame
