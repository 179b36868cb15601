// Evaluation: the feature form, its colour symmetry, and self-play labels.

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <random>
#include <string>

#include "core/notation.h"
#include "eval/evaluate.h"
#include "eval/features.h"
#include "eval/weights.h"
#include "flipped_sfen.h"
#include "movegen/movegen.h"
#include "rules/game.h"

namespace tsubame {
namespace {

TEST(Eval, EqualsTheSumOfWeightedFeatures) {
    Game game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e").ok());
    int sum = 0;
    eval::for_each_feature(game.position(), [&](int f, int c) { sum += eval::WEIGHTS[f] * c; });
    EXPECT_EQ(evaluate(game.position()), -sum); // White to move
}

TEST(Eval, PieceSquaresAreSeenFromTheOwnersSideAndMirrored) {
    const auto sq = [](const char* usi) { return *parse_square(usi); };
    // Each side's king at home has the same index; so do the two corners of one side.
    EXPECT_EQ(eval::owner_square(BLACK, sq("5i")), eval::owner_square(WHITE, sq("5a")));
    EXPECT_EQ(eval::owner_square(BLACK, sq("9i")), eval::owner_square(BLACK, sq("1i")));
    EXPECT_EQ(eval::owner_square(WHITE, sq("2b")), eval::owner_square(BLACK, sq("8h")));
    // Ranks stay apart: an advanced pawn is not a pawn at home.
    EXPECT_NE(eval::owner_square(BLACK, sq("5g")), eval::owner_square(BLACK, sq("5c")));
    for (int s = 0; s < SQ_NB; ++s)
        for (Color c : {BLACK, WHITE}) {
            EXPECT_GE(eval::owner_square(c, Square(s)), 0);
            EXPECT_LT(eval::owner_square(c, Square(s)), eval::SQUARES);
        }
}

TEST(Eval, IsColourSymmetric) {
    for (const char* spec :
         {"startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
          "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
          "sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
          "sfen 3sks3/9/4+P4/9/9/9/9/9/9 b G2r2b3g2s4n4l17p 1"}) {
        Game game;
        ASSERT_TRUE(game.set_position(spec).ok()) << spec;
        for (bool mirror : {false, true}) {
            Game              twin;
            const std::string sfen = flipped_sfen(game.position(), mirror);
            ASSERT_TRUE(twin.set_sfen(sfen).ok()) << sfen;
            EXPECT_EQ(evaluate(game.position()), evaluate(twin.position()))
                << spec << " vs " << sfen;
            // Feature by feature too, so that weights still at zero cannot hide an asymmetry:
            // the same features, with the colours' signs swapped.
            std::map<int, int> ours, theirs;
            eval::for_each_feature(game.position(), [&](int f, int c) { ours[f] += c; });
            eval::for_each_feature(twin.position(), [&](int f, int c) { theirs[f] -= c; });
            std::erase_if(ours, [](const auto& e) { return e.second == 0; });
            std::erase_if(theirs, [](const auto& e) { return e.second == 0; });
            EXPECT_EQ(ours, theirs) << spec << " vs " << sfen;
        }
    }
}

TEST(Eval, IncrementalPlacementMatchesTheFullSum) {
    // Random games with captures, drops and promotions: the score kept move by move equals
    // the full computation after every non-king move, and evaluate() agrees either way.
    std::mt19937 rng(7);
    for (int game_no = 0; game_no < 30; ++game_no) {
        Game game;
        ASSERT_TRUE(
            game.set_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").ok());
        for (int ply = 0; ply < 150; ++ply) {
            Position&                      pos = game.position();
            const MoveList<GenType::LEGAL> legal(pos);
            if (legal.empty()) break;
            const Move m      = *(legal.begin() + rng() % legal.size());
            const int  before = placement_score(pos);
            EXPECT_EQ(evaluate(pos, before), evaluate(pos));
            const bool king_move = !m.is_drop() && type_of(m.moved_piece_before()) == KING;
            const int  expected  = king_move ? 0 : placement_score_after(pos, m, before);
            game.play(m);
            if (!king_move) {
                ASSERT_EQ(expected, placement_score(game.position())) << to_usi(m);
            }
        }
    }
}

TEST(Eval, ShelterStatesSeeOccupantAttackersAndDefenders) {
    // Black: king 5i, gold 5h. White: king 5a, rook 5c (down the file onto the gold), bishop
    // 7e (through 5g and 4h): 5g is attacked twice, 5h and 4h once.
    Game game;
    ASSERT_TRUE(game.set_sfen("4k4/9/4r4/9/2b6/9/9/4G4/4K4 b - 1").ok());
    std::map<int, int> features;
    eval::for_each_attack_feature(game.position(), [&](int f, int c) { features[f] += c; });
    const auto shelter = [](int offset, int state) {
        return eval::KING_SHELTER + offset * eval::SHELTER_STATES + state;
    };
    // Offsets: |file difference| * 5 + rank difference toward the enemy + 2.
    // States: 1 + occupant (own 1, enemy 2) * 6 + attackers (0..2) * 2 + defended.
    EXPECT_EQ(features[shelter(0, 1 + 2 * 2 + 1)], 1); // 5g: empty, attacked twice, gold defends
    EXPECT_EQ(features[shelter(1, 1 + 6 + 2)], 1); // 5h: the gold, attacked once; the king's
                                                   // own defence does not count
    EXPECT_EQ(features[shelter(6, 1 + 2 + 1)], 1); // 4h: empty, the bishop's, gold defends
    EXPECT_EQ(features[shelter(6, 1 + 1)], 1); // 6h: empty, gold defends
    EXPECT_EQ(features[shelter(0, 1 + 6 + 1)], -1); // White's 5c: its rook, the bishop defends
    EXPECT_EQ(features[shelter(1, 1 + 1)], -1); // White's 5b: empty, the rook defends
    // Both kings on their back rank: the ten squares behind each are off the board, the
    // same for both, and cancel.
    int off_board = 0;
    for (int offset = 0; offset < eval::SHELTER_OFFSETS; ++offset)
        off_board += std::abs(features[shelter(offset, 0)]);
    EXPECT_EQ(off_board, 0);
}

TEST(Eval, KingOffsetsStayInTheirTable) {
    for (int k = 0; k < SQ_NB; ++k)
        for (int s = 0; s < SQ_NB; ++s)
            for (Color c : {BLACK, WHITE}) {
                const int o = eval::king_offset(c, Square(k), Square(s));
                ASSERT_GE(o, 0);
                ASSERT_LT(o, eval::OFFSETS);
            }
}

} // namespace
} // namespace tsubame
