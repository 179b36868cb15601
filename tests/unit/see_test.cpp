// Static exchange evaluation on hand-made exchanges, and its threshold form against it.

#include <gtest/gtest.h>

#include <random>

#include "bench_positions.h"
#include "core/notation.h"
#include "eval/material.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "search/see.h"

namespace tsubame {
namespace {

Value see_of(std::string_view sfen, std::string_view move) {
    Game game;
    EXPECT_TRUE(game.set_sfen(sfen).ok()) << sfen;
    std::string error;
    const Move  m = parse_legal_move(game.position(), move, error);
    EXPECT_NE(m, Move::none()) << error;
    return see(game.position(), m);
}

TEST(See, FreeCaptureWinsTheVictim) {
    // Black silver 4f takes the undefended white rook on 5e.
    EXPECT_EQ(see_of("4k4/9/9/9/4r4/5S3/9/9/4K4 b - 1", "4f5e"), capture_value(ROOK));
}

TEST(See, CapturingADefendedPawnWithARookLoses) {
    // Black rook 5h takes the pawn on 5e, which the white gold on 5d defends.
    const Value v = see_of("4k4/9/9/4g4/4p4/9/9/4R4/4K4 b - 1", "5h5e");
    EXPECT_EQ(v, capture_value(PAWN) - capture_value(ROOK));
    EXPECT_LT(v, 0);
}

TEST(See, XRayRecaptureIsCounted) {
    // Rook 5h takes the pawn on 5e, the white gold on 5d takes back, and the black lance on 5i,
    // uncovered behind the rook, takes the gold: pawn + gold - rook for Black.
    const Value v = see_of("4k4/9/9/4g4/4p4/9/9/4R4/4L3K b - 1", "5h5e");
    EXPECT_EQ(v, capture_value(PAWN) - capture_value(ROOK) + capture_value(GOLD));
}

TEST(See, DropOnAnAttackedSquareLosesThePiece) {
    // Dropping a silver where a white pawn takes it for nothing.
    EXPECT_EQ(see_of("4k4/9/9/4p4/9/9/9/9/4K4 b S 1", "S*5e"), -capture_value(SILVER));
    EXPECT_EQ(see_of("4k4/9/9/4p4/9/9/9/9/4K4 b S 1", "S*6e"), 0);
}

TEST(See, KingDoesNotRecaptureIntoAnotherAttacker) {
    // Black gold takes the pawn next to the white king; the king cannot take back because a
    // black lance covers the square: a clean pawn.
    EXPECT_EQ(see_of("4k4/4p4/4G4/9/9/9/9/4L4/4K4 b - 1", "5c5b"), capture_value(PAWN));
    // Without the lance the king takes back the gold.
    EXPECT_EQ(see_of("4k4/4p4/4G4/9/9/9/9/9/4K4 b - 1", "5c5b"),
              capture_value(PAWN) - capture_value(GOLD));
}

TEST(See, ThresholdFormAgreesWithTheExchangeValue) {
    // Every legal move of the bench positions and of seeded random continuations of them,
    // at thresholds around its exchange value: see_ge stops early but must answer alike.
    std::mt19937 rng(20261128);
    int          checked = 0;
    for (int i = 0; i < BENCH_POSITION_COUNT; ++i) {
        Game game;
        ASSERT_TRUE(game.set_position(BENCH_POSITIONS[i]).ok());
        for (int ply = 0; ply < 12; ++ply) {
            const Position& pos = game.position();
            for (Move m : LegalMoves(pos)) {
                const Value v = see(pos, m);
                for (Value t :
                     {v - 1, v, v + 1, Value(0), Value(-100), Value(100), v - 500, v + 500}) {
                    ASSERT_EQ(see_ge(pos, m, t), v >= t)
                        << to_usi(m) << " threshold " << t << " see " << v << " in "
                        << BENCH_POSITIONS[i] << " after " << ply << " random plies";
                    ++checked;
                }
            }
            const LegalMoves moves(pos);
            if (moves.empty()) break;
            const Move next = *(moves.begin() + rng() % moves.size());
            game.play(next);
        }
    }
    EXPECT_GT(checked, 10000);
}

} // namespace
} // namespace tsubame
