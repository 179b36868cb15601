#pragma once

// The evaluation network: king-bucketed K-P features -> 256 per perspective -> 32 -> 32 -> 1,
// the layers after the accumulator in one copy (a "layer stack") per game phase.
//
//   acc[p]  = ft_bias + sum of ft_weights[f] over p's active features       (int16)
//   input   = clamp(acc[stm] >> 3, 0, 127) ++ clamp(acc[other] >> 3, 0, 127) (512 x uint8)
//   s       = layer_stack(position)
//   hidden1 = clamp((l1_bias[s] + l1_weights[s] . input) >> 9, 0, 127)       (32 x uint8)
//   hidden2 = clamp((l2_bias[s] + l2_weights[s] . hidden1) >> 7, 0, 127)     (32 x uint8)
//   score   = (out_bias[s] + out_weights[s] . hidden2) / OUTPUT_SCALE        (centipawns)
//
// The trainer's float net maps to these integers with the scales below (scripts/train).
// A net file is a header (magic, version, architecture text and its hash, description) then the
// tensors in the order above (each layer's tensor for every stack in turn), little-endian, then
// an FNV-1a hash of the tensor bytes. A v4 file (one stack) is read into every stack.

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
/// Copies of the layers after the accumulator, one per game phase: the opening and the endgame
/// weigh the same first-layer sums differently (Stockfish's layer stacks, by material there).
constexpr int LAYER_STACKS = 8;
/// The architecture as written in a net file's header (a build of another input shape writes
/// and reads its own: engine/CMakeLists.txt).
#if TSUBAME_KING_BUCKETS == 16
inline constexpr std::string_view ARCHITECTURE =
    "K-P(1696)x16buckets->256x2->(32->32->1)x8stacks v5";
#elif TSUBAME_MIRROR
inline constexpr std::string_view ARCHITECTURE = "K-P(1696)mirrored->256x2->(32->32->1)x8stacks v5";
#else
inline constexpr std::string_view ARCHITECTURE = "K-P(1696)->256x2->(32->32->1)x8stacks v5";
#endif
/// The one-stack architecture before it, still read (its layers go to every stack).
inline constexpr std::string_view ARCHITECTURE_V4 = "K-P(1696)x16buckets->256x2->32->32->1 v4";

/// The layer stack pos is evaluated with: its phase, by the pieces in both hands (each type up
/// to its standard count, as the hand features count them), in eighths of the training
/// positions' distribution (0-1, 2, 3, 4, 5-6, 7-8, 9-11, 12 or more).
int layer_stack(const Position& pos);

/// The layers after the accumulator, of one stack.
struct LayerStack {
    alignas(64) int8_t l1_weights[HIDDEN1][2 * HALF_DIMENSIONS];
    int32_t l1_bias[HIDDEN1];
    alignas(64) int8_t l2_weights[HIDDEN2][HIDDEN1];
    int32_t l2_bias[HIDDEN2];
    alignas(64) int16_t out_weights[HIDDEN2];
    int32_t out_bias;
};

/// The network's parameters.
struct Network {
    alignas(64) int16_t ft_weights[INPUTS][HALF_DIMENSIONS];
    alignas(64) int16_t ft_bias[HALF_DIMENSIONS];
    LayerStack stacks[LAYER_STACKS];
    /// The stacks the file held: 1 for a v4 net, whose copies are all alike, so evaluate() uses
    /// the first (one stack's weights stay in cache instead of eight).
    int stack_count = LAYER_STACKS;

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

/// Parses a net file's bytes (this architecture or v4). The error names what is wrong: not a
/// net, another architecture, truncated, trailing bytes, or a hash mismatch.
Status read_network(std::string_view bytes, Network& net);
/// The bytes of a net file holding `net` (for tests and tools); with `stacks` 1, the v4 file of
/// its first stack.
std::string write_network(const Network& net, int stacks = LAYER_STACKS);

class RefreshCache;

/// Sets acc to the sums of pos's active features, for both perspectives (through `cache`, reset
/// for net, when given: the same sums, fewer rows added).
void refresh_accumulator(const Network& net, const Position& pos, Accumulator& acc,
                         RefreshCache* cache = nullptr);
/// Sets acc to parent's sums updated by move m; `after` is the position right after m. A
/// perspective whose king moved is refreshed, through `cache` when given.
void update_accumulator(const Network& net, const Accumulator& parent, const Position& after,
                        Move m, Accumulator& acc, RefreshCache* cache = nullptr);

/// The score for `side_to_move` from the accumulated first layer, through layer stack `stack`
/// (layer_stack of the position; AVX2, or AVX-512 VNNI for the first layer, when the build
/// targets it; else portable code).
Value propagate(const Network& net, const Accumulator& acc, Color side_to_move, int stack);
/// The score of pos for its side to move from its accumulated first layer, through its layer
/// stack.
inline Value evaluate(const Network& net, const Accumulator& acc, const Position& pos) {
    return propagate(net, acc, pos.side_to_move(), net.stack_count == 1 ? 0 : layer_stack(pos));
}
/// The same with the portable code only: the reference the SIMD path must equal bit for bit.
Value propagate_reference(const Network& net, const Accumulator& acc, Color side_to_move,
                          int stack);

} // namespace tsubame::nnue
