#pragma once

// The arbiter of a match game: plays each engine's answer with Tsubame's rules and says when
// and how the game ends (rules.md §4-§6). No I/O.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "core/types.h"
#include "rules/declaration.h"
#include "rules/game.h"

namespace tsubame::usi {

/// Why a game ended (names as the independent runner in shared/tools/match prints them).
enum class Termination {
    NONE, ///< Not over.
    CHECKMATE, ///< The side to move is in check with no legal move.
    NO_LEGAL_MOVES, ///< The side to move has no legal move without being in check: a loss.
    RESIGN, ///< `bestmove resign`.
    ILLEGAL_MOVE, ///< A malformed or illegal bestmove.
    TIME_FORFEIT, ///< No bestmove within the clock (plus margin) or the move timeout.
    CRASH, ///< The engine closed its output (exited) during the game.
    STARTUP_FAILURE, ///< One engine did not get ready for the game.
    BOTH_FAILED, ///< Neither engine got ready: no winner.
    REPETITION, ///< Fourfold repetition (sennichite): a draw.
    PERPETUAL_CHECK, ///< Fourfold repetition by perpetual check: the checker loses.
    MAX_MOVES, ///< The move limit was reached: a draw.
    DECLARATION_WIN, ///< A valid entering-king declaration (`bestmove win`).
    DECLARATION_DRAW, ///< A 24-point declaration with 24..30 points: jishogi, a draw.
    INVALID_DECLARATION, ///< A declaration whose conditions do not hold: the declarer loses.
    TRY_WIN, ///< Try rule: the king reached the enemy king's start square.
    INTERRUPTED, ///< The match was stopped (Ctrl-C) during the game: not counted.
};

/// Short name of a termination (`checkmate`, `time-forfeit`, ...).
const char* termination_name(Termination t);

/// The end of a game, or NONE while it goes on.
struct Outcome {
    Termination          reason = Termination::NONE;
    std::optional<Color> winner; ///< nullopt for a draw.
    std::string          detail; ///< What happened, for the record (move, reason, ...).

    /// True once the game has ended.
    bool over() const { return reason != Termination::NONE; }
};

/// One game under Tsubame's rules, from an opening.
class Arbiter {
public:
    /// `max_moves` counts plies from the opening's start position, opening moves included
    /// (0 = no limit); `rule` judges `bestmove win`.
    Arbiter(EnteringKingRule rule, int max_moves);

    /// Sets up an opening: `startpos [moves ...]` or `sfen ... [moves ...]`.
    Status start(std::string_view opening);
    /// The game so far.
    const Game& game() const { return game_; }
    /// Whose turn it is.
    Color side_to_move() const { return game_.position().side_to_move(); }
    /// Plies played from the opening's start position (opening moves included).
    int plies() const { return int(game_.moves().size()); }
    /// The `position ...` command for the current position, with the full move list.
    std::string position_command() const;

    /// Judges the current position: checkmate, no legal move, repetition, move limit.
    Outcome adjudicate() const;
    /// Applies the side to move's bestmove (`resign`, `win` or a move): an illegal move or a
    /// false declaration loses; otherwise the move is played and the new position judged.
    Outcome on_bestmove(std::string_view move);
    /// The side to move loses for `reason` (crash, timeout, ...).
    Outcome forfeit(Termination reason, std::string detail) const;

private:
    EnteringKingRule         rule_;
    int                      max_moves_;
    std::string              base_; // `startpos` or `sfen <sfen>`
    std::vector<std::string> usi_moves_;
    Game                     game_;
};

} // namespace tsubame::usi
