// A tiny scriptable USI engine for the match runner's tests. The first argument picks how it
// behaves when asked to move (`go`):
//   sane          plays the first legal move (resigns when there is none)
//   illegal       plays 1a1a (not a move)
//   crash         exits at its first go
//   crash-once F  exits at its first go if file F does not exist (and creates it); sane after
//   hang          never answers go, ignores stop
//   late MS       sleeps MS milliseconds, then plays like sane
//   resign        answers bestmove resign
//   win           answers bestmove win (a false declaration from ordinary positions)
//   nousiok       never answers usi
//   double        answers every go with two bestmoves (an error)
//   ponder        plays like sane and names the first legal reply as its ponder move; a
//                 `go ponder` waits for `ponderhit` or `stop`, then answers
//   ponder-miss   the same, naming the last legal reply (a sane opponent plays the first)
//   ponder-early  the same, but answers `go ponder` at once (a protocol error)
//   ponder-hang   the same, but a `go ponder` never answers, even after stop
// It prints `info depth 1 score cp 0` before every bestmove.

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "core/notation.h"
#include "movegen/movegen.h"
#include "rules/game.h"

namespace {

// The fake's answer in `game`: its first legal move, with a ponder move (the first or, for
// ponder-miss, the last legal reply) in the ponder modes.
std::string answer(const tsubame::Game& game, const std::string& mode) {
    using namespace tsubame;
    const LegalMoves moves(game.position());
    if (moves.empty()) return "bestmove resign";
    const Move  m    = *moves.begin();
    std::string line = "bestmove " + to_usi(m);
    if (!mode.starts_with("ponder")) return line;
    std::vector<std::string> played;
    for (const Move x : game.moves())
        played.push_back(to_usi(x));
    played.push_back(to_usi(m));
    Game after;
    (void)after.set_position(game.start_sfen(), played);
    const LegalMoves replies(after.position());
    if (replies.empty()) return line;
    const Move reply = mode == "ponder-miss" ? *(replies.end() - 1) : *replies.begin();
    return line + " ponder " + to_usi(reply);
}

} // namespace

int main(int argc, char* argv[]) {
    using namespace tsubame;
    const std::string mode  = argc > 1 ? argv[1] : "sane";
    const std::string param = argc > 2 ? argv[2] : "";
    Game              game;
    std::string       line;
    bool              pondering = false;
    while (std::getline(std::cin, line)) {
        if (line == "usi") {
            if (mode == "nousiok") continue;
            std::cout << "id name Fake-" << mode << "\nid author test\nusiok" << std::endl;
        } else if (line == "isready")
            std::cout << "readyok" << std::endl;
        else if (line.starts_with("position "))
            (void)game.set_position(line.substr(9));
        else if (line.starts_with("go ponder")) {
            pondering = true;
            if (mode == "ponder-early") {
                pondering = false;
                std::cout << "info depth 1 score cp 0 nodes 1 pv none\n"
                          << answer(game, mode) << std::endl;
            }
        } else if ((line == "ponderhit" || line == "stop") && pondering) {
            if (mode == "ponder-hang") continue;
            pondering = false;
            std::cout << "info depth 2 score cp 0 nodes 1 time 2 pv none\n"
                      << answer(game, mode) << std::endl;
        } else if (line.starts_with("go")) {
            if (mode == "crash") _exit(3);
            if (mode == "crash-once" && !std::ifstream(param)) {
                std::ofstream(param) << "crashed\n";
                _exit(3);
            }
            if (mode == "hang") continue;
            if (mode == "late")
                std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(param.c_str())));
            std::cout << "info depth 1 score cp 0 nodes 1 time 1 pv none" << std::endl;
            if (mode == "illegal")
                std::cout << "bestmove 1a1a" << std::endl;
            else if (mode == "resign")
                std::cout << "bestmove resign" << std::endl;
            else if (mode == "win")
                std::cout << "bestmove win" << std::endl;
            else if (mode == "double")
                std::cout << answer(game, mode) << '\n' << answer(game, mode) << std::endl;
            else
                std::cout << answer(game, mode) << std::endl;
        } else if (line == "quit")
            return 0;
    }
    return 0;
}
