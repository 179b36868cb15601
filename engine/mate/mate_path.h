#pragma once

// The positions on the mate solver's current path, for repetition tests: a stack (nodes are
// entered and left in LIFO order) with a counting filter on the board key, so that the usual
// "not on the path" answer costs one array read.

#include <cstdint>
#include <vector>

#include "core/hand.h"

namespace tsubame::mate {

/// The nodes of the solver's current path, root first.
class MatePath {
public:
    MatePath() :
        filter_(FILTER_SIZE, 0) { }

    /// Enters a node: its key (board and attacker's hand), board key and attacker's hand.
    void push(uint64_t node_key, uint64_t board_key, Hand hand) {
        stack_.push_back({node_key, board_key, hand});
        ++filter_[board_key & (FILTER_SIZE - 1)];
    }
    /// Leaves the last node entered.
    void pop() {
        --filter_[stack_.back().board_key & (FILTER_SIZE - 1)];
        stack_.pop_back();
    }
    void clear() {
        for (const Entry& e : stack_)
            --filter_[e.board_key & (FILTER_SIZE - 1)];
        stack_.clear();
    }

    /// The node with this key (board and attacker's hand) is on the path.
    bool contains(uint64_t node_key, uint64_t board_key) const {
        if (!filter_[board_key & (FILTER_SIZE - 1)]) return false;
        for (const Entry& e : stack_)
            if (e.node_key == node_key) return true;
        return false;
    }
    /// The path holds this board with an attacker's hand holding `hand`: the position is a
    /// repetition, or one where the attacker is no better off than it was (which no shortest
    /// mate passes through).
    bool holds_superior(uint64_t board_key, Hand hand) const {
        if (!filter_[board_key & (FILTER_SIZE - 1)]) return false;
        for (const Entry& e : stack_)
            if (e.board_key == board_key && e.hand.dominates(hand)) return true;
        return false;
    }

private:
    struct Entry {
        uint64_t node_key;
        uint64_t board_key;
        Hand     hand;
    };
    static constexpr size_t FILTER_SIZE = size_t(1) << 13; // 16 KiB: stays in L1
    std::vector<Entry>      stack_;
    std::vector<uint16_t>   filter_;
};

} // namespace tsubame::mate
