#pragma once

// Formatting of the engine's replies: `info` and `bestmove` lines exactly as GUIs parse them
// (one space between tokens, `pv` last, scores from the side to move, mates in plies).

#include <string>

#include "engine/engine.h"

namespace tsubame::usi {

/// The `info` line of one search report; `multipv` adds the line number (MultiPV > 1).
std::string format_info(const SearchInfo& info, bool multipv);

/// The `bestmove` line of a search's answer.
std::string format_bestmove(const BestMove& best);

} // namespace tsubame::usi
