// A tiny USI engine with a planted move-generator bug, for the perft tools' tests: it never
// generates knight drops. It answers usi, isready, position, go perft (divide) and quit.

#include <iostream>
#include <string>

#include "core/notation.h"
#include "movegen/movegen.h"
#include "rules/game.h"

namespace {

using namespace tsubame;

bool buggy_skips(Move m) {
    return m.is_drop() && m.dropped_type() == KNIGHT;
}

uint64_t buggy_perft(Position& pos, int depth) {
    uint64_t nodes = 0;
    for (Move m : LegalMoves(pos)) {
        if (buggy_skips(m)) continue;
        if (depth == 1) {
            ++nodes;
            continue;
        }
        StateInfo st;
        pos.do_move(m, st);
        nodes += buggy_perft(pos, depth - 1);
        pos.undo_move(m);
    }
    return nodes;
}

} // namespace

int main() {
    Game        game;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line == "usi")
            std::cout << "id name BuggyPerft\nusiok" << std::endl;
        else if (line == "isready")
            std::cout << "readyok" << std::endl;
        else if (line.starts_with("position "))
            (void)game.set_position(line.substr(9));
        else if (line.starts_with("go perft ")) {
            const int depth = std::stoi(line.substr(9));
            uint64_t  total = 0;
            for (Move m : LegalMoves(game.position())) {
                if (buggy_skips(m)) continue;
                uint64_t n = 1;
                if (depth > 1) {
                    StateInfo st;
                    game.position().do_move(m, st);
                    n = buggy_perft(game.position(), depth - 1);
                    game.position().undo_move(m);
                }
                std::cout << to_usi(m) << ": " << n << "\n";
                total += n;
            }
            std::cout << "\nNodes searched: " << total << std::endl;
        } else if (line == "quit")
            return 0;
    }
    return 0;
}
