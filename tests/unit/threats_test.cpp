// Threat ordering: which of our pieces a cheaper enemy piece attacks, and the adjustment of a
// quiet move that takes one out of reach or puts one in reach.

#include <gtest/gtest.h>

#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/threats.h"

namespace tsubame {
namespace {

constexpr int ESCAPE = 1000, INTO = 300;

int score_of(std::string_view sfen, std::string_view usi_move, bool drops = false) {
    Game game;
    EXPECT_TRUE(game.set_sfen(sfen).ok()) << sfen;
    std::string error;
    const Move  m = parse_legal_move(game.position(), usi_move, error);
    EXPECT_NE(m, Move::none()) << error;
    const Threats t = threats_against(game.position(), game.position().side_to_move());
    return threat_score(t, m, ESCAPE, INTO, drops);
}

TEST(Threats, AMajorAttackedByAMinorThatMovesOutOfReachGetsTheBonus) {
    // White's silver on 4d attacks Black's rook on 5e (diagonally behind it, from White's side).
    const char* sfen = "4k4/9/9/5s3/4R4/9/9/9/4K4 b - 1";
    EXPECT_EQ(score_of(sfen, "5e5h"), ESCAPE); // out of the silver's reach
    EXPECT_EQ(score_of(sfen, "5e4e"), 0); // still next to the silver, which takes it there
}

TEST(Threats, AMinorAttackedByAPawnEscapesAndAnUnthreatenedOneMustNotStepIn) {
    // White's pawn on 5e attacks Black's gold on 5f.
    const char* sfen = "4k4/9/9/9/4p4/4G4/9/9/4K4 b - 1";
    EXPECT_EQ(score_of(sfen, "5f4f"), ESCAPE);
    // A silver not attacked by a pawn moving to where one attacks it.
    EXPECT_EQ(score_of("4k4/9/9/9/4p4/9/3S5/9/4K4 b - 1", "6g5f"), -INTO);
    // Pawns, the king and drops are left alone.
    EXPECT_EQ(score_of("4k4/9/9/9/4p4/9/3S5/9/4K4 b G 1", "G*5f"), 0);
    EXPECT_EQ(score_of("4k4/9/9/9/4p4/9/9/9/4K4 b - 1", "5i5h"), 0);
}

TEST(Threats, WithDropsOnADropIntoACheaperAttackersReachLosesTheMalus) {
    // White's pawn on 5e attacks 5f; its silver on 3d attacks 4e (and 2e, 3e, 4c, 2c).
    const char* sfen = "4k4/9/9/6s2/4p4/9/9/9/4K4 b GRP 1";
    EXPECT_EQ(score_of(sfen, "G*5f", true), -INTO); // a minor where a pawn takes it
    EXPECT_EQ(score_of(sfen, "G*4e", true), 0); // a minor by a minor: an even trade
    EXPECT_EQ(score_of(sfen, "R*4e", true), -INTO); // a major where a minor takes it
    EXPECT_EQ(score_of(sfen, "R*5f", true), -INTO); // or a pawn
    EXPECT_EQ(score_of(sfen, "R*6f", true), 0); // out of every cheaper reach
    EXPECT_EQ(score_of(sfen, "P*4f", true), 0); // a pawn has nothing cheaper
    EXPECT_EQ(score_of(sfen, "G*5f", false), 0); // without the switch drops are left alone
}

} // namespace
} // namespace tsubame
