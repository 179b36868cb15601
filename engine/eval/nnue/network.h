#pragma once

// The evaluation network: king-bucketed K-P features -> 256 per perspective -> 32 -> 32 -> 1.
//
//   acc[p]  = ft_bias + sum of ft_weights[f] over p's active features       (int16)
//   input   = clamp(acc[stm] >> 3, 0, 127) ++ clamp(acc[other] >> 3, 0, 127) (512 x uint8)
//   hidden1 = clamp((l1_bias + l1_weights . input) >> 9, 0, 127)             (32 x uint8)
//   hidden2 = clamp((l2_bias + l2_weights . hidden1) >> 7, 0, 127)           (32 x uint8)
//   score   = (out_bias + out_weights . hidden2) / OUTPUT_SCALE              (centipawns)
//
// The trainer's float net maps to these integers with the scales below (scripts/train).
// A net file is a header (magic, version, architecture text and its hash, description) then the
// tensors in the order above, little-endian, then an FNV-1a hash of the tensor bytes.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/status.h"
#include "core/value.h"
#include "eval/nnue/features.h"

namespace tsubame::nnue {

/// Accumulator width per perspective.
constexpr int HALF_DIMENSIONS = 256;
/// Hidden layer widths.
constexpr int HIDDEN1 = 32, HIDDEN2 = 32;
/// The accumulator holds the first layer at 8 times the activation's step (float x 1016), and
/// is shifted back before clipping: each of a position's 40 weights rounds to a finer step,
/// which at x 127 moved a trained net's scores by 17 cp on average.
constexpr int FT_SHIFT = 3;
/// Fixed-point shifts of the hidden layers' weights (float x 512 and x 128). The first layer's
/// weights are small (512 inputs feed each neuron), so it gets the finer step: at x 64 its
/// rounding alone moved trained nets' scores by 28 cp on average.
constexpr int HIDDEN1_SHIFT = 9, HIDDEN2_SHIFT = 7;
/// The integer output divided by this is the score in centipawns. The output weights are int16
/// so that this can be fine: at 16 with int8 weights, their rounding cost 7 cp on average.
constexpr int OUTPUT_SCALE = 256;
/// Scores are clamped to this, well clear of the mate scores (and of margins added to them).
constexpr Value MAX_SCORE = 20000;
/// The architecture as written in a net file's header.
inline constexpr std::string_view ARCHITECTURE = "K-P(1696)x16buckets->256x2->32->32->1 v4";

/// The network's parameters, in the file's order.
struct Network {
    alignas(64) int16_t ft_weights[INPUTS][HALF_DIMENSIONS];
    alignas(64) int16_t ft_bias[HALF_DIMENSIONS];
    alignas(64) int8_t l1_weights[HIDDEN1][2 * HALF_DIMENSIONS];
    int32_t l1_bias[HIDDEN1];
    alignas(64) int8_t l2_weights[HIDDEN2][HIDDEN1];
    int32_t l2_bias[HIDDEN2];
    alignas(64) int16_t out_weights[HIDDEN2];
    int32_t out_bias;

    /// Description from the file's header (provenance of the net).
    std::string description;
    /// FNV-1a hash of the tensors, as the file ends with it: names the net (set when read).
    uint32_t hash = 0;
};

/// The first layer's sums for both perspectives of one position.
struct Accumulator {
    alignas(64) int16_t values[COLOR_NB][HALF_DIMENSIONS];
};

/// A net's hash as 8 lowercase hex digits, how tools and logs name a net.
std::string hash_name(uint32_t hash);

/// Parses a net file's bytes. The error names what is wrong: not a net, another
/// architecture, truncated, trailing bytes, or a hash mismatch.
Status read_network(std::string_view bytes, Network& net);
/// The bytes of a net file holding `net` (for tests and tools).
std::string write_network(const Network& net);

class RefreshCache;

/// Sets acc to the sums of pos's active features, for both perspectives (through `cache`, reset
/// for net, when given: the same sums, fewer rows added).
void refresh_accumulator(const Network& net, const Position& pos, Accumulator& acc,
                         RefreshCache* cache = nullptr);
/// Sets acc to parent's sums updated by move m; `after` is the position right after m. A
/// perspective whose king moved is refreshed, through `cache` when given.
void update_accumulator(const Network& net, const Accumulator& parent, const Position& after,
                        Move m, Accumulator& acc, RefreshCache* cache = nullptr);

/// The score for `side_to_move` from the accumulated first layer (AVX2, or AVX-512 VNNI for the
/// first layer, when the build targets it; else portable code).
Value propagate(const Network& net, const Accumulator& acc, Color side_to_move);
/// The same with the portable code only: the reference the SIMD path must equal bit for bit.
Value propagate_reference(const Network& net, const Accumulator& acc, Color side_to_move);

} // namespace tsubame::nnue
