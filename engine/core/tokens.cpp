#include "core/tokens.h"

namespace tsubame {

std::vector<std::string_view> split_tokens(std::string_view text) {
    std::vector<std::string_view> tokens;
    auto   is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    size_t i        = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i]))
            ++i;
        const size_t start = i;
        while (i < text.size() && !is_space(text[i]))
            ++i;
        if (i > start) tokens.push_back(text.substr(start, i - start));
    }
    return tokens;
}

} // namespace tsubame
