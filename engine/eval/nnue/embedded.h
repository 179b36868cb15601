#pragma once

// The net built into the executable, so that registering the one file in a GUI gives the
// real evaluation.

#include <string_view>

namespace tsubame::nnue {

struct Network;

/// The bytes of the net file embedded at build time (TSUBAME_NET_FILE, by default
/// engine/eval/nnue/tsubame.nnue).
std::string_view embedded_network();

/// The built-in net, read from embedded_network() on first use and shared by every search that
/// names no other net. A build whose net does not read is broken (a test reads it): it aborts.
const Network& builtin_network();

} // namespace tsubame::nnue
