#pragma once

// The net built into the executable, so that registering the one file in a GUI gives the
// real evaluation.

#include <string_view>

namespace tsubame::nnue {

/// The bytes of the net file embedded at build time (TSUBAME_NET_FILE, by default
/// engine/eval/nnue/tsubame.nnue), or empty when the build had none.
std::string_view embedded_network();

} // namespace tsubame::nnue
