#pragma once

// A per-thread cache that makes an accumulator refresh cheap (Stockfish calls it a "Finny
// table"). A refresh after an own-king move would add up some 40 feature rows of a 14 MB table;
// instead, for each perspective and king frame (bucket and mirror) the cache keeps the sums of
// the last position refreshed in that frame and the features they hold, and a refresh applies
// only the rows that differ from those: a handful, since the search's positions in one frame
// are close to each other. The sums are exact (integer sums in any order), so a cached refresh
// equals a full one bit for bit.

#include <cstdint>

#include "eval/nnue/network.h"

namespace tsubame::nnue {

/// Cached first-layer sums per perspective and king frame; one per search thread.
class RefreshCache {
public:
    /// Empties every entry (each holds the bias and no feature). Call before using the cache
    /// with `net` and whenever the net changes: entries hold that net's sums.
    void reset(const Network& net);

    /// Writes perspective's sums for pos into `out` (HALF_DIMENSIONS values), updating the
    /// entry of pos's king frame on the way.
    void refresh(const Network& net, const Position& pos, Color perspective, int16_t* out);

private:
    static constexpr int WORDS  = (BASE_INPUTS + 63) / 64;
    static constexpr int FRAMES = KING_BUCKETS * 2; // a bucket, mirrored or not

    /// The sums of the features set in `active` (base features of the entry's frame).
    struct Entry {
        alignas(64) int16_t values[HALF_DIMENSIONS];
        uint64_t active[WORDS];
    };

    Entry entries_[COLOR_NB][FRAMES];
};

} // namespace tsubame::nnue
