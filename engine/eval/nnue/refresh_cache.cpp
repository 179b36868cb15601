#include "eval/nnue/refresh_cache.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace tsubame::nnue {

void RefreshCache::reset(const Network& net) {
    for (auto& side : entries_)
        for (Entry& e : side) {
            std::memcpy(e.values, net.ft_bias, sizeof e.values);
            std::fill(std::begin(e.active), std::end(e.active), 0);
        }
}

void RefreshCache::refresh(const Network& net, const Position& pos, Color perspective,
                           int16_t* out) {
    const FeatureFrame frame = feature_frame(perspective, pos.king_square(perspective));
    Entry&             entry = entries_[perspective][frame.offset / BASE_INPUTS * 2 + frame.mirror];
    FeatureList        features;
    active_features(pos, perspective, features);
    uint64_t now[WORDS] = {};
    for (int i = 0; i < features.size; ++i) {
        const int bit = features.index[i] - frame.offset;
        now[bit / 64] |= uint64_t(1) << (bit % 64);
    }
    int16_t* v = entry.values;
    for (int w = 0; w < WORDS; ++w) {
        for (uint64_t changed = now[w] ^ entry.active[w]; changed; changed &= changed - 1) {
            const int      bit = w * 64 + std::countr_zero(changed);
            const int16_t* row = net.ft_weights[frame.offset + bit];
            if (now[w] >> (bit % 64) & 1)
                for (int j = 0; j < HALF_DIMENSIONS; ++j)
                    v[j] = int16_t(v[j] + row[j]);
            else
                for (int j = 0; j < HALF_DIMENSIONS; ++j)
                    v[j] = int16_t(v[j] - row[j]);
        }
        entry.active[w] = now[w];
    }
    std::memcpy(out, v, sizeof entry.values);
}

} // namespace tsubame::nnue
