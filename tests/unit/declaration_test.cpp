// Entering-king declaration (nyugyoku) rules of rules.md §5.
//
// Points, verdicts and try-rule moves of every position were cross-checked with the tsshogi
// library (countJishogiDeclarationPoint / judgeJishogiDeclaration, used by the match tool).
// Each position holds all 40 pieces unless it is a handicap position, so that tsshogi's
// handicap bonus for White is zero. A full set is 27 points per side, 54 in all.

#include <gtest/gtest.h>

#include <string_view>

#include "board_fixture.h"
#include "core/notation.h"
#include "rules/declaration.h"
#include "rules/game.h"

namespace tsubame {

namespace {

using testing_support::Board;

Declaration judge(std::string_view sfen, EnteringKingRule rule) {
    return judge_declaration(Board(sfen).pos(), rule);
}

int points(std::string_view sfen, Color c) {
    return declaration_points(Board(sfen).pos(), c);
}

// Black king 5b; Black gold 4a and nine pawns on rank c (ten pieces, 10 points in the camp).
// Hands: Black R B G 2S 2N 2L P (18 points) = 28 in all; White king 5i, the rest in hand.
constexpr const char* kBlack28 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2LPrb2g2s2n2l8p 1";
// The same with Black's pawn in hand given to White: 27 points.
constexpr const char* kBlack27 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2Lrb2g2s2n2l9p 1";
// 28 points, but the gold is in hand instead of on 4a: nine pieces in the camp.
constexpr const char* kBlackNinePieces =
    "9/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RB2G2S2N2LPrb2g2s2n2l8p 1";
// 28 points and ten pieces in the camp, but the king stands on 5d, outside it.
constexpr const char* kBlackKingOutside =
    "5G3/9/PPPPPPPPP/4K4/9/9/9/9/4k4 b RBG2S2N2LPrb2g2s2n2l8p 1";
// 28 points and ten pieces, but a White pawn on 5a checks the king.
constexpr const char* kBlackInCheck = "4pG3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2LPrb2g2s2n2l7p 1";

// Same camp as kBlack28 (10 points on the board) with 23, 24, 30 and 31 points in all.
constexpr const char* kBlack23 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBGSNrb2g3s3n4l9p 1";
constexpr const char* kBlack24 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBGSNLrb2g3s3n3l9p 1";
constexpr const char* kBlack30 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2L3Prb2g2s2n2l6p 1";
constexpr const char* kBlack31 = "5G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2L4Prb2g2s2n2l5p 1";

// White king 5h; White gold 6i and nine pawns on rank g; hand r b g 2s 2n 2l: 27 points.
constexpr const char* kWhite27 = "4K4/9/9/9/9/9/ppppppppp/4k4/3g5 w RB2G2S2N2L9Prbg2s2n2l 1";
// The same with one White lance given to Black: 26 points.
constexpr const char* kWhite26 = "4K4/9/9/9/9/9/ppppppppp/4k4/3g5 w RB2G2S2N3L9Prbg2s2nl 1";

// CSA 27-point rule: Black wins with 28 points, not with 27 (rules.md §5.1 (c)).
TEST(DeclarationCsa27, BlackNeeds28Points) {
    EXPECT_EQ(points(kBlack28, BLACK), 28);
    EXPECT_EQ(points(kBlack27, BLACK), 27);
    EXPECT_EQ(judge(kBlack28, EnteringKingRule::CSA27), Declaration::WIN);
    EXPECT_EQ(judge(kBlack27, EnteringKingRule::CSA27), Declaration::INVALID);
}

// CSA 27-point rule: White wins with 27 points, not with 26 (rules.md §5.1 (c)).
TEST(DeclarationCsa27, WhiteNeeds27Points) {
    EXPECT_EQ(points(kWhite27, WHITE), 27);
    EXPECT_EQ(points(kWhite26, WHITE), 26);
    EXPECT_EQ(judge(kWhite27, EnteringKingRule::CSA27), Declaration::WIN);
    EXPECT_EQ(judge(kWhite26, EnteringKingRule::CSA27), Declaration::INVALID);
}

// Fewer than ten pieces in the enemy camp loses even with enough points (rules.md §5.1 (d)).
TEST(DeclarationCsa27, NeedsTenPiecesInCamp) {
    EXPECT_EQ(points(kBlackNinePieces, BLACK), 28);
    EXPECT_EQ(judge(kBlackNinePieces, EnteringKingRule::CSA27), Declaration::INVALID);
    EXPECT_EQ(judge(kBlackNinePieces, EnteringKingRule::CSA24), Declaration::INVALID);
}

// The king must stand in the enemy camp (rules.md §5.1 (b)).
TEST(DeclarationCsa27, KingMustBeInCamp) {
    EXPECT_EQ(points(kBlackKingOutside, BLACK), 28);
    EXPECT_EQ(judge(kBlackKingOutside, EnteringKingRule::CSA27), Declaration::INVALID);
    EXPECT_EQ(judge(kBlackKingOutside, EnteringKingRule::CSA24), Declaration::INVALID);
}

// The king must not be in check (rules.md §5.1 (e)).
TEST(DeclarationCsa27, KingMustNotBeInCheck) {
    ASSERT_TRUE(Board(kBlackInCheck).pos().in_check());
    EXPECT_EQ(points(kBlackInCheck, BLACK), 28);
    EXPECT_EQ(judge(kBlackInCheck, EnteringKingRule::CSA27), Declaration::INVALID);
    EXPECT_EQ(judge(kBlackInCheck, EnteringKingRule::CSA24), Declaration::INVALID);
}

// 24-point rule: below 24 loses, 24..30 is jishogi, 31 or more wins (rules.md §5.2).
TEST(DeclarationCsa24, PointBoundaries) {
    EXPECT_EQ(points(kBlack23, BLACK), 23);
    EXPECT_EQ(points(kBlack24, BLACK), 24);
    EXPECT_EQ(points(kBlack30, BLACK), 30);
    EXPECT_EQ(points(kBlack31, BLACK), 31);
    EXPECT_EQ(judge(kBlack23, EnteringKingRule::CSA24), Declaration::INVALID);
    EXPECT_EQ(judge(kBlack24, EnteringKingRule::CSA24), Declaration::DRAW);
    EXPECT_EQ(judge(kBlack30, EnteringKingRule::CSA24), Declaration::DRAW);
    EXPECT_EQ(judge(kBlack31, EnteringKingRule::CSA24), Declaration::WIN);
    // The same positions under the 27-point rule.
    EXPECT_EQ(judge(kBlack24, EnteringKingRule::CSA27), Declaration::INVALID);
    EXPECT_EQ(judge(kBlack30, EnteringKingRule::CSA27), Declaration::WIN);
}

// Without a declaration rule (and under the try rule) declaring is never valid (rules.md §5.6).
TEST(DeclarationNone, AlwaysInvalid) {
    EXPECT_EQ(judge(kBlack31, EnteringKingRule::NONE), Declaration::INVALID);
    EXPECT_EQ(judge(kWhite27, EnteringKingRule::NONE), Declaration::INVALID);
    EXPECT_EQ(judge(kBlack31, EnteringKingRule::TRY), Declaration::INVALID);
}

// Handicap variants: with all 40 pieces present nothing is missing, so CSA27H judges exactly
// like CSA27 (rules.md §5.4; a full set is 54 points, not 56).
TEST(DeclarationHandicap, FullSetMissesNothing) {
    EXPECT_EQ(judge(kWhite27, EnteringKingRule::CSA27H), Declaration::WIN);
    EXPECT_EQ(judge(kWhite26, EnteringKingRule::CSA27H), Declaration::INVALID);
    EXPECT_EQ(judge(kBlack28, EnteringKingRule::CSA27H), Declaration::WIN);
    EXPECT_EQ(judge(kBlack27, EnteringKingRule::CSA27H), Declaration::INVALID);
}

// Rook handicap: White (the giver) counts its missing rook as 5 held points (rules.md §5.4).
TEST(DeclarationHandicap, MissingRookCountsForWhite) {
    // White: nine pawns and a gold in the camp, b g 2s 2n 2l in hand = 22 (+5 for the rook).
    constexpr const char* white22 = "4K4/9/9/9/9/9/ppppppppp/4k4/3g5 w RB2G2S2N2L9Pbg2s2n2l 1";
    // One lance less: 21 (+5) = 26.
    constexpr const char* white21 = "4K4/9/9/9/9/9/ppppppppp/4k4/3g5 w RB2G2S2N3L9Pbg2s2nl 1";
    EXPECT_EQ(points(white22, WHITE), 22);
    EXPECT_EQ(judge(white22, EnteringKingRule::CSA27), Declaration::INVALID);
    EXPECT_EQ(judge(white22, EnteringKingRule::CSA27H), Declaration::WIN);
    EXPECT_EQ(judge(white21, EnteringKingRule::CSA27H), Declaration::INVALID);
}

// Rooks and bishops count 5 promoted or not; pieces outside the camp and the king count 0.
TEST(DeclarationPoints, CountsCampAndHandNotKing) {
    // Black: horse 9a, dragon 1a, tokin 6c, gold 4c, king 5b in the camp, silver 5e outside;
    // R B P in hand. White: king 5i, everything else in hand.
    constexpr const char* sfen = "+B7+R/4K4/3+P1G3/9/4S4/9/9/9/4k4 b RBP3g3s4n4l16p 1";
    EXPECT_EQ(points(sfen, BLACK), 5 + 5 + 1 + 1 + 5 + 5 + 1);
    EXPECT_EQ(points(sfen, WHITE), 3 + 3 + 4 + 4 + 16);
    EXPECT_EQ(judge(sfen, EnteringKingRule::CSA24), Declaration::INVALID); // four pieces
    // Both sides' full sets: 27 each whichever side is to move.
    EXPECT_EQ(points(kWhite27, WHITE), 27);
    EXPECT_EQ(points(kWhite27, BLACK), 27);
}

// Try rule: the king's step onto 5a (Black) or 5i (White) when it is legal (rules.md §5.5).
TEST(DeclarationTryRule, FindsKingMoveToStartSquare) {
    EXPECT_EQ(to_usi(try_rule_move(Board(kBlack28).pos())), "5b5a");
    EXPECT_EQ(to_usi(try_rule_move(Board(kWhite27).pos())), "5h5i");
}

// Try rule: no move when the target square is attacked, or the king is not next to it (§5.5).
TEST(DeclarationTryRule, NoMoveWhenAttackedOrOutOfReach) {
    // A White rook on 8a covers 5a.
    constexpr const char* attacked = "1r3G3/4K4/PPPPPPPPP/9/9/9/9/9/4k4 b RBG2S2N2LPb2g2s2n2l8p 1";
    EXPECT_EQ(try_rule_move(Board(attacked).pos()), Move::none());
    EXPECT_EQ(try_rule_move(Board(kBlackKingOutside).pos()), Move::none());
}

} // namespace

} // namespace tsubame
