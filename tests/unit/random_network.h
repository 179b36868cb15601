#pragma once

// Test helper: a network with random weights, for tests that need a net but not a good one.

#include <memory>
#include <random>
#include <string>

#include "eval/nnue/network.h"

namespace tsubame::nnue {

// Weights in the ranges a trained net keeps to (so that no sum overflows int16).
inline std::unique_ptr<Network> random_network(uint64_t seed) {
    auto                               net = std::make_unique<Network>();
    std::mt19937_64                    rng(seed);
    std::uniform_int_distribution<int> small(-320, 320), byte(-127, 127), bias(-1000, 1000);
    for (auto& row : net->ft_weights)
        for (int16_t& w : row)
            w = int16_t(small(rng));
    for (int16_t& b : net->ft_bias)
        b = int16_t(small(rng) + 320);
    for (auto& layers : net->stacks) { // every stack its own, so that choosing one matters
        for (auto& row : layers.l1_weights)
            for (int8_t& w : row)
                w = int8_t(byte(rng) / 4);
        for (int32_t& b : layers.l1_bias)
            b = bias(rng);
        for (auto& row : layers.l2_weights)
            for (int8_t& w : row)
                w = int8_t(byte(rng) / 4);
        for (int32_t& b : layers.l2_bias)
            b = bias(rng);
        for (int16_t& w : layers.out_weights)
            w = int16_t(byte(rng) * 16);
        layers.out_bias = bias(rng);
    }
    net->description = "random, seed " + std::to_string(seed);
    return net;
}

} // namespace tsubame::nnue
