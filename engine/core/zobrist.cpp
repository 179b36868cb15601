#include "core/zobrist.h"

namespace tsubame::zobrist {

uint64_t PSQ[PIECE_NB][SQ_NB];
uint64_t HAND[COLOR_NB][HAND_TYPE_END][32];

namespace {

// Fixed seed: keys, and with them node counts of a fixed-depth search, are reproducible.
uint64_t next_key(uint64_t& state) {
    // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z          = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z          = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) & ~SIDE;
}

void init_keys() {
    uint64_t state = 0x74737562616D65ULL; // "tsubame"
    for (auto& piece : PSQ)
        for (auto& key : piece)
            key = next_key(state);
    for (auto& color : HAND)
        for (auto& type : color) {
            type[0] = 0;
            for (int n = 1; n < 32; ++n)
                type[n] = next_key(state);
        }
}

[[maybe_unused]] const bool keys_ready = (init_keys(), true);

} // namespace

} // namespace tsubame::zobrist
