#include "eval/nnue/network.h"

#include <algorithm>
#include <cstring>

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

// Little-endian serialisation of the tensors, one function for both directions so that the
// reader and the writer cannot disagree on the order.
template <typename Visit>
void for_each_tensor(Network& net, Visit&& visit) {
    visit(&net.ft_weights[0][0], INPUTS * HALF_DIMENSIONS);
    visit(&net.ft_bias[0], HALF_DIMENSIONS);
    visit(&net.l1_weights[0][0], HIDDEN1 * 2 * HALF_DIMENSIONS);
    visit(&net.l1_bias[0], HIDDEN1);
    visit(&net.l2_weights[0][0], HIDDEN2 * HIDDEN1);
    visit(&net.l2_bias[0], HIDDEN2);
    visit(&net.out_weights[0], HIDDEN2);
    visit(&net.out_bias, 1);
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

size_t tensor_bytes() {
    size_t  total = 0;
    Network probe;
    for_each_tensor(probe, [&](auto* p, int n) { total += sizeof(*p) * size_t(n); });
    return total;
}

int8_t clipped(int32_t sum, int shift) {
    return int8_t(std::clamp(sum >> shift, 0, 127));
}

} // namespace

std::string write_network(const Network& net) {
    std::string out(MAGIC, sizeof MAGIC);
    put<uint32_t>(out, uint32_t(ARCHITECTURE.size()));
    out += ARCHITECTURE;
    put<uint32_t>(out, fnv1a(ARCHITECTURE));
    put<uint32_t>(out, uint32_t(net.description.size()));
    out += net.description;
    std::string tensors;
    for_each_tensor(const_cast<Network&>(net), [&](auto* p, int n) {
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
    if (arch != ARCHITECTURE || get<uint32_t>(bytes, at) != fnv1a(ARCHITECTURE))
        return Status::failure("net file architecture is '" + std::string(arch)
                               + "', this engine needs '" + std::string(ARCHITECTURE) + "'");
    at += 4;
    const uint32_t desc_size = get<uint32_t>(bytes, at);
    at += 4;
    if (!need(desc_size)) return Status::failure("net file truncated in its header");
    const std::string description(bytes.substr(at, desc_size));
    at += desc_size;
    const size_t size = tensor_bytes();
    if (!need(size + 4))
        return Status::failure("net file truncated: " + std::to_string(bytes.size())
                               + " bytes, expected " + std::to_string(at + size + 4));
    if (bytes.size() != at + size + 4)
        return Status::failure("net file has " + std::to_string(bytes.size() - at - size - 4)
                               + " unexpected bytes at its end");
    const std::string_view tensors = bytes.substr(at, size);
    if (get<uint32_t>(bytes, at + size) != fnv1a(tensors))
        return Status::failure("net file is damaged (hash mismatch)");
    for_each_tensor(net, [&](auto* p, int n) {
        for (int i = 0; i < n; ++i, at += sizeof(*p))
            p[i] = get<std::remove_pointer_t<decltype(p)>>(bytes, at);
    });
    net.description = description;
    return Status::success();
}

void refresh_accumulator(const Network& net, const Position& pos, Accumulator& acc) {
    FeatureList features;
    for (Color perspective : {BLACK, WHITE}) {
        int16_t* v = acc.values[perspective];
        std::memcpy(v, net.ft_bias, sizeof net.ft_bias);
        active_features(pos, perspective, features);
        for (int i = 0; i < features.size; ++i) {
            const int16_t* w = net.ft_weights[features.index[i]];
            for (int j = 0; j < HALF_DIMENSIONS; ++j)
                v[j] = int16_t(v[j] + w[j]);
        }
    }
}

void update_accumulator(const Network& net, const Accumulator& parent, const Position& after,
                        Move m, Accumulator& acc) {
    FeatureChange change;
    for (Color perspective : {BLACK, WHITE}) {
        changed_features(after, m, perspective, change);
        const int16_t* from = parent.values[perspective];
        int16_t*       v    = acc.values[perspective];
        // One pass over the row: the compiler keeps the sums in vector registers.
        std::memcpy(v, from, sizeof acc.values[perspective]);
        for (int r = 0; r < change.removed_count; ++r) {
            const int16_t* w = net.ft_weights[change.removed[r]];
            for (int j = 0; j < HALF_DIMENSIONS; ++j)
                v[j] = int16_t(v[j] - w[j]);
        }
        for (int a = 0; a < change.added_count; ++a) {
            const int16_t* w = net.ft_weights[change.added[a]];
            for (int j = 0; j < HALF_DIMENSIONS; ++j)
                v[j] = int16_t(v[j] + w[j]);
        }
    }
}

Value propagate(const Network& net, const Accumulator& acc, Color side_to_move) {
    alignas(64) uint8_t input[2 * HALF_DIMENSIONS];
    for (int half = 0; half < 2; ++half) {
        const int16_t* v = acc.values[half == 0 ? side_to_move : ~side_to_move];
        for (int j = 0; j < HALF_DIMENSIONS; ++j)
            input[half * HALF_DIMENSIONS + j] = uint8_t(std::clamp<int>(v[j], 0, 127));
    }
    alignas(64) uint8_t hidden1[HIDDEN1];
    for (int o = 0; o < HIDDEN1; ++o) {
        int32_t sum = net.l1_bias[o];
        for (int i = 0; i < 2 * HALF_DIMENSIONS; ++i)
            sum += int32_t(input[i]) * int32_t(net.l1_weights[o][i]);
        hidden1[o] = uint8_t(clipped(sum, HIDDEN1_SHIFT));
    }
    alignas(64) uint8_t hidden2[HIDDEN2];
    for (int o = 0; o < HIDDEN2; ++o) {
        int32_t sum = net.l2_bias[o];
        for (int i = 0; i < HIDDEN1; ++i)
            sum += int32_t(hidden1[i]) * int32_t(net.l2_weights[o][i]);
        hidden2[o] = uint8_t(clipped(sum, HIDDEN2_SHIFT));
    }
    int32_t out = net.out_bias;
    for (int i = 0; i < HIDDEN2; ++i)
        out += int32_t(hidden2[i]) * int32_t(net.out_weights[i]);
    // Integer division truncates towards zero (the trainer's reference does the same).
    return std::clamp(Value(out / OUTPUT_SCALE), -MAX_SCORE, MAX_SCORE);
}

} // namespace tsubame::nnue
