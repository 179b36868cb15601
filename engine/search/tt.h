#pragma once

// Transposition table: 64-byte clusters of five 12-byte entries, depth-preferred replacement
// with aging. Shared by search threads without locks: a torn entry can only hold a wrong move
// or score, and moves from the table are only used to order generated legal moves.

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/large_memory.h"
#include "core/move.h"
#include "core/value.h"

namespace tsubame {

/// Kind of bound a stored value is.
enum Bound : uint8_t {
    BOUND_NONE,
    BOUND_UPPER,
    BOUND_LOWER,
    BOUND_EXACT = BOUND_UPPER | BOUND_LOWER
};

/// What a probe found.
struct TTData {
    uint16_t move16; ///< Low 16 bits of the best move (Move::to16), 0 if none.
    Value    value;
    Value    eval;
    int      depth;
    Bound    bound;
    bool     is_pv; ///< Stored by a node that was on a principal variation (Stockfish's ttPv).
};

/// Depth of an entry that holds only the static evaluation of a node seen but not searched yet
/// (its value is VALUE_NONE and its bound BOUND_NONE): shallower than any search result.
constexpr int DEPTH_UNSEARCHED = -1;

/// Size of a new table, in MB (the USI_Hash default).
constexpr size_t DEFAULT_HASH_MB = 16;

/// The shared hash table of search results.
class TranspositionTable {
public:
    TranspositionTable();
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&)            = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    /// Reallocates to `mb` megabytes (cleared). Returns false if memory ran out; the table
    /// then keeps its previous size.
    bool resize(size_t mb);
    /// Empties every entry: zeroes the whole table, in parallel threads.
    void clear();
    /// Starts a new search: older entries become preferred for replacement.
    void new_search() { generation_ += 8; }

    /// Looks up `key`; returns true and fills `data` on a hit.
    bool probe(uint64_t key, TTData& data) const;
    /// Stores a result; keeps a deeper entry of the same position unless this one is exact.
    /// `pv`: the storing node is or was on a principal variation.
    void store(uint64_t key, Value value, Bound bound, int depth, uint16_t move16, Value eval,
               bool pv);

    /// Starts loading the cluster of `key` into cache (probed soon after a do_move).
    void prefetch(uint64_t key) const { __builtin_prefetch(cluster_of(key)); }

    /// Permille of sampled entries written in the current search (USI `hashfull`).
    int    hashfull() const;
    size_t size_mb() const { return size_mb_; }

private:
    struct Entry {
        uint32_t key32; // the key's low half: its high bits chose the cluster
        uint16_t move16;
        int16_t  value;
        int16_t  eval;
        uint8_t  depth8; // depth - DEPTH_UNSEARCHED + 1; 0 = empty
        uint8_t  gen_bound; // generation in bits 3..7, the PV flag in bit 2, bound in bits 0..1
    };
    static_assert(sizeof(Entry) == 10 || sizeof(Entry) == 12);
    static constexpr int CLUSTER_SIZE = 5;
    struct alignas(64) Cluster {
        Entry entries[CLUSTER_SIZE];
    };

    Cluster* cluster_of(uint64_t key) const {
        // Multiply-shift maps the key's high bits onto [0, count) without a division.
        __extension__ using uint128 = unsigned __int128;
        return &table_[size_t(uint128(key) * cluster_count_ >> 64)];
    }

    LargeArray<Cluster> table_;
    size_t              cluster_count_ = 0;
    size_t              size_mb_       = 0;
    uint8_t             generation_    = 0;
};

} // namespace tsubame
