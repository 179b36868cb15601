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
// It prints `info depth 1 score cp 0` before every bestmove.

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

#include <unistd.h>

#include "core/notation.h"
#include "movegen/movegen.h"
#include "rules/game.h"

int main(int argc, char* argv[]) {
    using namespace tsubame;
    const std::string mode  = argc > 1 ? argv[1] : "sane";
    const std::string param = argc > 2 ? argv[2] : "";
    Game              game;
    std::string       line;
    while (std::getline(std::cin, line)) {
        if (line == "usi") {
            if (mode == "nousiok") continue;
            std::cout << "id name Fake-" << mode << "\nid author test\nusiok" << std::endl;
        } else if (line == "isready")
            std::cout << "readyok" << std::endl;
        else if (line.starts_with("position "))
            (void)game.set_position(line.substr(9));
        else if (line.starts_with("go")) {
            if (mode == "crash") _exit(3);
            if (mode == "crash-once" && !std::ifstream(param)) {
                std::ofstream(param) << "crashed\n";
                _exit(3);
            }
            if (mode == "hang") continue;
            if (mode == "late")
                std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(param.c_str())));
            std::cout << "info depth 1 score cp 0 nodes 1 pv none" << std::endl;
            if (mode == "illegal")
                std::cout << "bestmove 1a1a" << std::endl;
            else if (mode == "resign")
                std::cout << "bestmove resign" << std::endl;
            else if (mode == "win")
                std::cout << "bestmove win" << std::endl;
            else {
                const LegalMoves moves(game.position());
                std::cout << "bestmove " << (moves.empty() ? "resign" : to_usi(*moves.begin()))
                          << std::endl;
            }
        } else if (line == "quit")
            return 0;
    }
    return 0;
}
