#include "eval/nnue/network.h"

#include <algorithm>
#include <cstring>
#include <memory>

#include "eval/nnue/refresh_cache.h"

#if defined(__AVX2__)
    #include <immintrin.h>
#endif
// The first layer on 64-byte vectors (layer_avx512) needs AVX-512 with VNNI.
#if defined(__AVX512F__) && defined(__AVX512VNNI__)
    #define TSUBAME_NNUE_AVX512
#endif

namespace tsubame::nnue {

namespace {

constexpr char     MAGIC[8]   = {'T', 'S', 'B', 'N', 'N', 'U', 'E', '1'};
constexpr uint32_t FNV_OFFSET = 2166136261u, FNV_PRIME = 16777619u;

uint32_t fnv1a(std::string_view bytes) {
    uint32_t h = FNV_OFFSET;
    for (unsigned char c : bytes)
        h = (h ^ c) * FNV_PRIME;
    return h;
}

// Little-endian serialisation of the tensors of the first `stacks` layer stacks (a v4 file has
// one), one function for both directions so that the reader and the writer cannot disagree on
// the order.
template <typename Visit>
void for_each_tensor(Network& net, int stacks, Visit&& visit) {
    visit(&net.ft_weights[0][0], INPUTS * HALF_DIMENSIONS);
    visit(&net.ft_bias[0], HALF_DIMENSIONS);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].l1_weights[0][0], HIDDEN1 * 2 * HALF_DIMENSIONS);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].l1_bias[0], HIDDEN1);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].l2_weights[0][0], HIDDEN2 * HIDDEN1);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].l2_bias[0], HIDDEN2);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].out_weights[0], HIDDEN2);
    for (int s = 0; s < stacks; ++s)
        visit(&net.stacks[s].out_bias, 1);
}

template <typename T>
void put(std::string& out, T value) {
    using U = std::make_unsigned_t<T>;
    for (size_t i = 0; i < sizeof(T); ++i)
        out.push_back(char((U(value) >> (8 * i)) & 0xff));
}

template <typename T>
T get(std::string_view bytes, size_t at) {
    using U = std::make_unsigned_t<T>;
    U v     = 0;
    for (size_t i = 0; i < sizeof(T); ++i)
        v |= U(U(uint8_t(bytes[at + i])) << (8 * i));
    return T(v);
}

// The tensors' bytes in a file of one stack (v4) or of LAYER_STACKS.
size_t tensor_bytes(int stacks) {
    // Counted once, on a heap probe: a Network (14 MB) overflows the stack of a sanitizer build.
    static const auto totals = [] {
        const auto probe = std::make_unique<Network>();
        auto       count = [&](int n) {
            size_t bytes = 0;
            for_each_tensor(*probe, n, [&](auto* p, int k) { bytes += sizeof(*p) * size_t(k); });
            return bytes;
        };
        return std::pair{count(1), count(LAYER_STACKS)};
    }();
    return stacks == 1 ? totals.first : totals.second;
}

int8_t clipped(int32_t sum, int shift) {
    return int8_t(std::clamp(sum >> shift, 0, 127));
}

} // namespace

int layer_stack(const Position& pos) {
    // By the pieces in hand, 0 to 38: the eighths of 89,028 training positions (shards
    // r20000/2013 and 3501) fall at 1, 2, 3, 4, 6, 8 and 11.
    static constexpr int8_t STACK_OF[HAND_FEATURES / 2 + 1] = {
        0, 0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    // Beyond the standard 38 only in problem positions (each side's hand is capped apart).
    return STACK_OF[std::min(hand_feature_count(pos), HAND_FEATURES / 2)];
}

std::string hash_name(uint32_t hash) {
    constexpr char DIGITS[] = "0123456789abcdef";
    std::string    name(8, '0');
    for (int i = 7; i >= 0; --i, hash >>= 4)
        name[size_t(i)] = DIGITS[hash & 15];
    return name;
}

std::string write_network(const Network& net, int stacks) {
    const std::string_view arch = stacks == 1 ? ARCHITECTURE_V4 : ARCHITECTURE;
    stacks                      = stacks == 1 ? 1 : LAYER_STACKS;
    std::string out(MAGIC, sizeof MAGIC);
    put<uint32_t>(out, uint32_t(arch.size()));
    out += arch;
    put<uint32_t>(out, fnv1a(arch));
    put<uint32_t>(out, uint32_t(net.description.size()));
    out += net.description;
    std::string tensors;
    for_each_tensor(const_cast<Network&>(net), stacks, [&](auto* p, int n) {
        for (int i = 0; i < n; ++i)
            put(tensors, p[i]);
    });
    out += tensors;
    put<uint32_t>(out, fnv1a(tensors));
    return out;
}

Status read_network(std::string_view bytes, Network& net) {
    size_t at   = 0;
    auto   need = [&](size_t n) { return bytes.size() >= at + n; };
    if (!need(sizeof MAGIC) || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
        return Status::failure("not a Tsubame net file (no TSBNNUE1 header)");
    at = sizeof MAGIC;
    if (!need(4)) return Status::failure("net file truncated in its header");
    const uint32_t arch_size = get<uint32_t>(bytes, at);
    at += 4;
    if (!need(size_t(arch_size) + 8)) return Status::failure("net file truncated in its header");
    const std::string_view arch = bytes.substr(at, arch_size);
    at += arch_size;
    const bool v4     = KING_BUCKETS == 16 && arch == ARCHITECTURE_V4; // v4 had the buckets
    const int  stacks = arch == ARCHITECTURE ? LAYER_STACKS : v4 ? 1 : 0;
    if (stacks == 0 || get<uint32_t>(bytes, at) != fnv1a(arch))
        return Status::failure(
            "net file architecture is '" + std::string(arch) + "', this engine needs '"
            + std::string(ARCHITECTURE) + "'"
            + (KING_BUCKETS == 16 ? " (or '" + std::string(ARCHITECTURE_V4) + "')" : ""));
    at += 4;
    const uint32_t desc_size = get<uint32_t>(bytes, at);
    at += 4;
    if (!need(desc_size)) return Status::failure("net file truncated in its header");
    const std::string description(bytes.substr(at, desc_size));
    at += desc_size;
    const size_t size = tensor_bytes(stacks);
    if (!need(size + 4))
        return Status::failure("net file truncated: " + std::to_string(bytes.size())
                               + " bytes, expected " + std::to_string(at + size + 4));
    if (bytes.size() != at + size + 4)
        return Status::failure("net file has " + std::to_string(bytes.size() - at - size - 4)
                               + " unexpected bytes at its end");
    const std::string_view tensors = bytes.substr(at, size);
    const uint32_t         hash    = fnv1a(tensors);
    if (get<uint32_t>(bytes, at + size) != hash)
        return Status::failure("net file is damaged (hash mismatch)");
    for_each_tensor(net, stacks, [&](auto* p, int n) {
        for (int i = 0; i < n; ++i, at += sizeof(*p))
            p[i] = get<std::remove_pointer_t<decltype(p)>>(bytes, at);
    });
    // A one-stack net evaluates every phase alike.
    for (int s = stacks; s < LAYER_STACKS; ++s)
        net.stacks[s] = net.stacks[0];
    net.stack_count = stacks;
    net.description = description;
    net.hash        = hash;
    return Status::success();
}

namespace {

// The portable kernels marked so loop over arrays whose bounds are fixed at compile time (or
// rows already looked up by a checked index), where the sanitizers' per-element checks and
// libFuzzer's per-comparison hooks cannot find anything. Those hooks kept the loops from
// vectorising and made the sanitizer build's search 10 times slower (most of the test suite's
// time). Indexing by data (a feature's row) stays checked.
#if defined(__clang__)
    #define TSUBAME_FIXED_BOUNDS_KERNEL \
        __attribute__((no_sanitize("address", "undefined", "coverage")))
#else
    #define TSUBAME_FIXED_BOUNDS_KERNEL
#endif

// One perspective's sums from scratch.
void refresh_perspective(const Network& net, const Position& pos, Color perspective, int16_t* v) {
    FeatureList features;
    std::memcpy(v, net.ft_bias, sizeof net.ft_bias);
    active_features(pos, perspective, features);
    for (int i = 0; i < features.size; ++i) {
        const int16_t* w = net.ft_weights[features.index[i]];
        for (int j = 0; j < HALF_DIMENSIONS; ++j)
            v[j] = int16_t(v[j] + w[j]);
    }
}

// out = parent - the removed rows + the added rows, in one pass over the row (the compiler
// keeps each chunk in vector registers): R and A are the counts of a move's changes.
template <int R, int A>
TSUBAME_FIXED_BOUNDS_KERNEL void sum_rows(const int16_t* parent, const int16_t* const* removed,
                                          const int16_t* const* added, int16_t* out) {
    for (int j = 0; j < HALF_DIMENSIONS; ++j) {
        int16_t x = parent[j];
        for (int r = 0; r < R; ++r)
            x = int16_t(x - removed[r][j]);
        for (int a = 0; a < A; ++a)
            x = int16_t(x + added[a][j]);
        out[j] = x;
    }
}

// A move's change to one perspective's sums: its rows looked up (the indices checked), then
// summed.
template <int R, int A>
void apply_change(const Network& net, const int16_t* parent, const FeatureChange& change,
                  int16_t* out) {
    const int16_t* removed[R > 0 ? R : 1];
    const int16_t* added[A > 0 ? A : 1];
    for (int r = 0; r < R; ++r)
        removed[r] = net.ft_weights[change.removed[r]];
    for (int a = 0; a < A; ++a)
        added[a] = net.ft_weights[change.added[a]];
    sum_rows<R, A>(parent, removed, added, out);
}

using ApplyChange = void (*)(const Network&, const int16_t*, const FeatureChange&, int16_t*);

// apply_change by [removed count][added count].
constexpr ApplyChange APPLY_CHANGE[3][3] = {
    {apply_change<0, 0>, apply_change<0, 1>, apply_change<0, 2>},
    {apply_change<1, 0>, apply_change<1, 1>, apply_change<1, 2>},
    {apply_change<2, 0>, apply_change<2, 1>, apply_change<2, 2>},
};

} // namespace

void refresh_accumulator(const Network& net, const Position& pos, Accumulator& acc,
                         RefreshCache* cache) {
    for (Color perspective : {BLACK, WHITE})
        if (cache)
            cache->refresh(net, pos, perspective, acc.values[perspective]);
        else
            refresh_perspective(net, pos, perspective, acc.values[perspective]);
}

void update_accumulator(const Network& net, const Accumulator& parent, const Position& after,
                        Move m, Accumulator& acc, RefreshCache* cache) {
    FeatureChange change;
    for (Color perspective : {BLACK, WHITE}) {
        changed_features(after, m, perspective, change);
        int16_t*       v    = acc.values[perspective];
        const int16_t* from = parent.values[perspective];
        if (change.refresh) {
            if (cache)
                cache->refresh(net, after, perspective, v);
            else
                refresh_perspective(net, after, perspective, v);
            continue;
        }
        // A move changes at most two features each way (features.h).
        APPLY_CHANGE[change.removed_count][change.added_count](net, from, change, v);
    }
}

namespace {

// One dense layer: out[o] = clipped(bias[o] + weights[o] . in, shift) for every output, with
// n inputs (0..127) per output; the portable reference.
template <int N, int OUT>
TSUBAME_FIXED_BOUNDS_KERNEL void layer_scalar(const uint8_t* in, const int8_t (*weights)[N],
                                              const int32_t* bias, int shift, uint8_t* out) {
    for (int o = 0; o < OUT; ++o) {
        int32_t sum = bias[o];
        for (int i = 0; i < N; ++i)
            sum += int32_t(in[i]) * int32_t(weights[o][i]);
        out[o] = uint8_t(clipped(sum, shift));
    }
}

#if defined(__AVX2__)
// sum + the dot products of four u8 x i8 pairs per 32-bit lane. VNNI does it in one
// instruction; AVX2 needs three. maddubs' int16 pair sums cannot saturate: inputs are at most
// 127, so a pair is at most 2 x 127 x 128 = 32512, and both paths give the same sums.
inline __m256i add_dot_u8i8(__m256i sum, __m256i a, __m256i b) {
    #if defined(__AVXVNNI__)
    return _mm256_dpbusd_avx_epi32(sum, a, b);
    #elif defined(__AVX512VNNI__) && defined(__AVX512VL__)
    return _mm256_dpbusd_epi32(sum, a, b);
    #else
    return _mm256_add_epi32(sum,
                            _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), _mm256_set1_epi16(1)));
    #endif
}

// The same with AVX2, four outputs per pass so that each input chunk is loaded once and the
// four sums are reduced together (N a multiple of 32, OUT of 4, rows 32-byte aligned).
template <int N, int OUT>
void layer_avx2(const uint8_t* in, const int8_t (*weights)[N], const int32_t* bias, int shift,
                uint8_t* out) {
    static_assert(N % 32 == 0 && OUT % 4 == 0);
    for (int o = 0; o < OUT; o += 4) {
        __m256i sum[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                          _mm256_setzero_si256()};
        for (int i = 0; i < N; i += 32) {
            const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(in + i));
            for (int k = 0; k < 4; ++k) {
                const __m256i b =
                    _mm256_load_si256(reinterpret_cast<const __m256i*>(&weights[o + k][i]));
                sum[k] = add_dot_u8i8(sum[k], a, b);
            }
        }
        // Pairwise adds leave lane j of each 128-bit half holding part of output o + j.
        const __m256i s01 = _mm256_hadd_epi32(sum[0], sum[1]);
        const __m256i s23 = _mm256_hadd_epi32(sum[2], sum[3]);
        const __m256i s   = _mm256_hadd_epi32(s01, s23);
        __m128i       r = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
        r = _mm_add_epi32(r, _mm_loadu_si128(reinterpret_cast<const __m128i*>(bias + o)));
        alignas(16) int32_t sums[4];
        _mm_store_si128(reinterpret_cast<__m128i*>(sums), r);
        for (int k = 0; k < 4; ++k)
            out[o + k] = uint8_t(clipped(sums[k], shift));
    }
}

    #if defined(TSUBAME_NNUE_AVX512)
// The same with 512-bit VNNI, for layers whose inputs come in chunks of 64 (the first layer):
// half the instructions of the 256-bit path, and the same sums.
template <int N, int OUT>
void layer_avx512(const uint8_t* in, const int8_t (*weights)[N], const int32_t* bias, int shift,
                  uint8_t* out) {
    static_assert(N % 64 == 0 && OUT % 4 == 0);
    for (int o = 0; o < OUT; o += 4) {
        __m512i sum[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                          _mm512_setzero_si512()};
        for (int i = 0; i < N; i += 64) {
            const __m512i a = _mm512_load_si512(in + i);
            for (int k = 0; k < 4; ++k)
                sum[k] = _mm512_dpbusd_epi32(sum[k], a, _mm512_load_si512(&weights[o + k][i]));
        }
        // Interleaved adds leave lane j of each 128-bit quarter holding part of output o + j;
        // two lane swaps add the quarters. The zero-masking forms with every lane selected are
        // the plain instructions: GCC 12's unmasked ones trip -Wuninitialized (GCC PR 105593).
        constexpr __mmask16 ALL   = 0xFFFF;
        constexpr __mmask8  ALL64 = 0xFF;
        const __m512i       t01 = _mm512_add_epi32(_mm512_maskz_unpacklo_epi32(ALL, sum[0], sum[1]),
                                                   _mm512_maskz_unpackhi_epi32(ALL, sum[0], sum[1]));
        const __m512i       t23 = _mm512_add_epi32(_mm512_maskz_unpacklo_epi32(ALL, sum[2], sum[3]),
                                                   _mm512_maskz_unpackhi_epi32(ALL, sum[2], sum[3]));
        __m512i             u   = _mm512_add_epi32(_mm512_maskz_unpacklo_epi64(ALL64, t01, t23),
                                                   _mm512_maskz_unpackhi_epi64(ALL64, t01, t23));
        u                       = _mm512_add_epi32(u, _mm512_maskz_shuffle_i32x4(ALL, u, u, 0x4E));
        u                       = _mm512_add_epi32(u, _mm512_maskz_shuffle_i32x4(ALL, u, u, 0xB1));
        alignas(64) int32_t sums[16];
        _mm512_store_si512(sums, u);
        for (int k = 0; k < 4; ++k)
            out[o + k] = uint8_t(clipped(sums[k] + bias[o + k], shift));
    }
}
    #endif
#endif

// The first layer's inputs from one side's accumulator: v >> FT_SHIFT clipped to [0, 127].
TSUBAME_FIXED_BOUNDS_KERNEL void clip_accumulator_scalar(const int16_t* v, uint8_t* out) {
    // Not std::clamp: a sanitized callee is not inlined into an unsanitized kernel.
    for (int j = 0; j < HALF_DIMENSIONS; ++j) {
        const int x = v[j] >> FT_SHIFT;
        out[j]      = uint8_t(x < 0 ? 0 : x > 127 ? 127 : x);
    }
}

#if defined(__AVX2__)
// The same, 32 values per pass (the accumulator 32-byte aligned).
void clip_accumulator_avx2(const int16_t* v, uint8_t* out) {
    static_assert(HALF_DIMENSIONS % 32 == 0);
    const __m256i max = _mm256_set1_epi8(127);
    for (int j = 0; j < HALF_DIMENSIONS; j += 32) {
        const __m256i lo =
            _mm256_srai_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(v + j)), FT_SHIFT);
        const __m256i hi = _mm256_srai_epi16(
            _mm256_load_si256(reinterpret_cast<const __m256i*>(v + j + 16)), FT_SHIFT);
        // packus clips to [0, 255] per 128-bit lane; the permute puts the lanes in order.
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8);
        _mm256_store_si256(reinterpret_cast<__m256i*>(out + j), _mm256_min_epu8(packed, max));
    }
}
#endif

// The layers after the accumulator, of one stack (SIMD or portable code).
template <bool Simd>
Value propagate_with(const Network& net, const Accumulator& acc, Color side_to_move, int stack) {
    const LayerStack&   layers = net.stacks[stack];
    alignas(64) uint8_t input[2 * HALF_DIMENSIONS];
    for (int half = 0; half < 2; ++half) {
        const int16_t* v   = acc.values[half == 0 ? side_to_move : ~side_to_move];
        uint8_t*       out = input + half * HALF_DIMENSIONS;
#if defined(__AVX2__)
        if constexpr (Simd)
            clip_accumulator_avx2(v, out);
        else
#endif
            clip_accumulator_scalar(v, out);
    }
    alignas(64) uint8_t hidden1[HIDDEN1];
    alignas(64) uint8_t hidden2[HIDDEN2];
#if defined(__AVX2__)
    if constexpr (Simd) {
    #if defined(TSUBAME_NNUE_AVX512)
        layer_avx512<2 * HALF_DIMENSIONS, HIDDEN1>(input, layers.l1_weights, layers.l1_bias,
                                                   HIDDEN1_SHIFT, hidden1);
    #else
        layer_avx2<2 * HALF_DIMENSIONS, HIDDEN1>(input, layers.l1_weights, layers.l1_bias,
                                                 HIDDEN1_SHIFT, hidden1);
    #endif
        layer_avx2<HIDDEN1, HIDDEN2>(hidden1, layers.l2_weights, layers.l2_bias, HIDDEN2_SHIFT,
                                     hidden2);
    } else
#endif
    {
        layer_scalar<2 * HALF_DIMENSIONS, HIDDEN1>(input, layers.l1_weights, layers.l1_bias,
                                                   HIDDEN1_SHIFT, hidden1);
        layer_scalar<HIDDEN1, HIDDEN2>(hidden1, layers.l2_weights, layers.l2_bias, HIDDEN2_SHIFT,
                                       hidden2);
    }
    int32_t out = layers.out_bias;
    for (int i = 0; i < HIDDEN2; ++i)
        out += int32_t(hidden2[i]) * int32_t(layers.out_weights[i]);
    // Integer division truncates towards zero (the trainer's reference does the same).
    return std::clamp(Value(out / OUTPUT_SCALE), -MAX_SCORE, MAX_SCORE);
}

} // namespace

Value propagate(const Network& net, const Accumulator& acc, Color side_to_move, int stack) {
    return propagate_with<true>(net, acc, side_to_move, stack);
}

Value propagate_reference(const Network& net, const Accumulator& acc, Color side_to_move,
                          int stack) {
    return propagate_with<false>(net, acc, side_to_move, stack);
}

} // namespace tsubame::nnue
