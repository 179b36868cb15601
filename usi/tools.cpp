#include "tools.h"

#include <charconv>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "eval/features.h"
#include "rules/game.h"
#include "selfplay.h"

namespace tsubame::usi {

namespace {

bool parse_u64(const char* text, uint64_t& value) {
    const std::string_view s(text);
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return ec == std::errc() && ptr == s.data() + s.size();
}

} // namespace

int run_selfplay(int argc, char* argv[]) {
    uint64_t games = 0, nodes = 0, seed = 1;
    if (argc < 5 || !parse_u64(argv[2], games) || !parse_u64(argv[3], nodes)
        || (argc > 5 && !parse_u64(argv[5], seed))) {
        std::cerr << "usage: tsubame selfplay <games> <nodes> <out.tsv> [seed]\n";
        return 2;
    }
    std::ofstream out(argv[4], std::ios::app);
    if (!out) {
        std::cerr << "cannot write " << argv[4] << "\n";
        return 1;
    }
    SelfPlayOptions options;
    options.games = int(games);
    options.nodes = nodes;
    options.seed  = seed;
    int played = 0, decisive = 0;
    self_play(options, [&](const std::vector<TrainingPosition>& positions) {
        for (const auto& p : positions)
            out << p.sfen << '\t' << p.result << '\n';
        out.flush();
        ++played;
        decisive += !positions.empty() && positions.front().result != 0;
        if (played % 10 == 0) std::cerr << "games " << played << ", decisive " << decisive << "\n";
    });
    return 0;
}

int run_features(int argc, char* argv[]) {
    if (argc < 4) {
        std::cerr << "usage: tsubame features <in.tsv> <out.txt>\n";
        return 2;
    }
    std::ifstream in(argv[2]);
    std::ofstream out(argv[3]);
    if (!in || !out) {
        std::cerr << "cannot open " << argv[2] << " or " << argv[3] << "\n";
        return 1;
    }
    std::string line;
    int         written = 0, skipped = 0;
    while (std::getline(in, line)) {
        const size_t tab = line.find('\t');
        Game         game;
        if (tab == std::string::npos || !game.set_sfen(line.substr(0, tab)).ok()) {
            ++skipped;
            continue;
        }
        // Features from the side to move's view, so the label needs no flipping.
        const int          sign = game.position().side_to_move() == BLACK ? 1 : -1;
        std::map<int, int> active;
        eval::for_each_feature(
            game.position(), [&](int feature, int coefficient) { active[feature] += coefficient; });
        out << line.substr(tab + 1);
        for (const auto& [feature, coefficient] : active)
            if (coefficient) out << ' ' << feature << ':' << coefficient * sign;
        out << '\n';
        ++written;
    }
    std::cerr << "positions " << written << ", skipped " << skipped << "\n";
    return 0;
}

} // namespace tsubame::usi
