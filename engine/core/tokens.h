#pragma once

// Splitting protocol and notation text into tokens.

#include <string_view>
#include <vector>

namespace tsubame {

/// Splits text at runs of spaces, tabs, CRs and LFs (USI allows any amount of whitespace
/// between tokens, and lines may end in CR-LF). The views point into `text`.
std::vector<std::string_view> split_tokens(std::string_view text);

} // namespace tsubame
