#include "reply.h"

#include <algorithm>

#include "core/notation.h"

namespace tsubame::usi {

std::string format_info(const SearchInfo& info, bool multipv) {
    std::string line =
        "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth);
    // The line number only in MultiPV mode, on every line (usi.md §4).
    if (multipv) line += " multipv " + std::to_string(info.multipv);
    line += " score ";
    // Mate distances are in plies, from the side to move (usi.md §4).
    if (is_mate_score(info.score))
        line +=
            "mate "
            + std::to_string(info.score > 0 ? VALUE_MATE - info.score : -(VALUE_MATE + info.score));
    else
        line += "cp " + std::to_string(info.score);
    if (info.bound == BOUND_LOWER)
        line += " lowerbound";
    else if (info.bound == BOUND_UPPER)
        line += " upperbound";
    const int64_t ms = std::max<int64_t>(info.time_ms, 1);
    line += " nodes " + std::to_string(info.nodes) + " nps "
          + std::to_string(info.nodes * 1000 / uint64_t(ms)) + " time "
          + std::to_string(info.time_ms) + " hashfull " + std::to_string(info.hashfull);
    if (!info.pv.empty()) {
        line += " pv";
        for (Move m : info.pv)
            line += " " + to_usi(m);
    }
    return line;
}

std::string format_bestmove(const BestMove& best) {
    switch (best.kind) {
        case BestMove::Kind::RESIGN:
            return "bestmove resign";
        case BestMove::Kind::WIN:
            return "bestmove win";
        case BestMove::Kind::MOVE:
            break;
    }
    return "bestmove " + to_usi(best.move)
         + (best.ponder != Move::none() ? " ponder " + to_usi(best.ponder) : "");
}

} // namespace tsubame::usi
