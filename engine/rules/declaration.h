#pragma once

// Entering-king (nyugyoku) declaration rules, rules.md §5.

#include "core/move.h"
#include "core/position.h"

namespace tsubame {

/// Which declaration rule a game uses (names as YaneuraOu's EnteringKingRule option).
enum class EnteringKingRule {
    NONE, ///< No declaration.
    CSA24, ///< JSA 24-point rule: >= 31 points wins, 24..30 is a draw (jishogi).
    CSA24H, ///< 24-point rule counting a handicap giver's missing pieces as held.
    CSA27, ///< CSA 27-point rule: Black needs 28 points, White 27.
    CSA27H, ///< 27-point rule counting a handicap giver's missing pieces as held.
    TRY, ///< Try rule: the king reaching the enemy king's start square wins.
};

/// Outcome of a declaration by the side to move.
enum class Declaration {
    INVALID, ///< The conditions do not hold: declaring loses.
    WIN, ///< The declarer wins.
    DRAW, ///< 24-point rule with 24..30 points: jishogi.
};

/// Declaration points of colour c: 5 per bishop or rook (promoted or not), 1 per other piece
/// except the king, counting pieces in hand and pieces standing in c's promotion zone.
int declaration_points(const Position& pos, Color c);

/// Judges a declaration by the side to move under `rule` (conditions (a)-(e) of rules.md §5.1:
/// king in the enemy camp, not in check, at least 10 other pieces there, enough points).
/// Under TRY and NONE a declaration is always INVALID: use try_rule_move for the try rule.
Declaration judge_declaration(const Position& pos, EnteringKingRule rule);

/// The legal king move onto the enemy king's start square (5a for Black, 5i for White), or
/// Move::none() if there is none.
Move try_rule_move(const Position& pos);

/// True when the side to move wins now by `rule`: a declaration judged WIN, or under TRY a
/// legal move onto the try square.
bool wins_by_rule(const Position& pos, EnteringKingRule rule);

} // namespace tsubame
