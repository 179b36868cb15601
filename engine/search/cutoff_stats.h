#pragma once

// How well the search orders its moves, counted at the nodes that fail high: which move in
// the order cut the node off, and of what kind it was. A well-ordered search cuts most nodes
// with its first move; every move tried before the cut-off is work the reductions and pruning
// must then save. `bench` prints these, so that an ordering change can be judged by them
// before any game (docs/development.md, "Move ordering, measured").

#include <cstdint>

namespace tsubame {

/// Counts of a search's fail-high nodes, by the node's expected type.
struct CutoffStats {
    /// The node types as the search expects them (PV, cut and all nodes).
    enum NodeType {
        PV,
        CUT,
        ALL,
        NODE_TYPES
    };
    /// What cut the node off: the table's move, a capture, a killer, another quiet move, or
    /// something else (a pawn's or a tactical promotion).
    enum MoveKind {
        TT_MOVE,
        CAPTURE,
        KILLER,
        QUIET,
        OTHER,
        MOVE_KINDS
    };
    /// Cut-offs by the move's place in the order: 1 to INDICES, the last counting all later.
    static constexpr int INDICES = 8;

    uint64_t nodes[NODE_TYPES]               = {}; ///< Nodes that searched a move.
    uint64_t by_index[NODE_TYPES][INDICES]   = {}; ///< Cut-offs by move number.
    uint64_t by_kind[NODE_TYPES][MOVE_KINDS] = {}; ///< Cut-offs by kind of move.

    /// Counts a node that searched at least one move.
    void node(NodeType type) { ++nodes[type]; }
    /// Counts a cut-off by the move_count-th move (1-based), of the given kind.
    void cutoff(NodeType type, int move_count, MoveKind kind) {
        ++by_index[type][(move_count < INDICES ? move_count : INDICES) - 1];
        ++by_kind[type][kind];
    }
    /// Cut-offs at nodes of the type.
    uint64_t cutoffs(NodeType type) const {
        uint64_t n = 0;
        for (uint64_t c : by_index[type])
            n += c;
        return n;
    }
    /// Adds another search's counts (bench sums its positions).
    CutoffStats& operator+=(const CutoffStats& other) {
        for (int t = 0; t < NODE_TYPES; ++t) {
            nodes[t] += other.nodes[t];
            for (int i = 0; i < INDICES; ++i)
                by_index[t][i] += other.by_index[t][i];
            for (int k = 0; k < MOVE_KINDS; ++k)
                by_kind[t][k] += other.by_kind[t][k];
        }
        return *this;
    }
};

} // namespace tsubame
