// USI move and square notation (rules.md §2).

#include <gtest/gtest.h>

#include "core/notation.h"
#include "core/position.h"
#include "movegen/movegen.h"

namespace tsubame {
namespace {

TEST(Notation, SquaresRoundTrip) {
    for (int s = 0; s < SQ_NB; ++s) {
        const auto parsed = parse_square(to_usi(Square(s)));
        ASSERT_TRUE(parsed);
        EXPECT_EQ(*parsed, Square(s));
    }
    EXPECT_EQ(to_usi(make_square(FILE_7, RANK_6)), "7f");
    EXPECT_FALSE(parse_square("0a"));
    EXPECT_FALSE(parse_square("1j"));
    EXPECT_FALSE(parse_square("1"));
}

TEST(Notation, MoveTextSyntax) {
    auto board = parse_move_text("7g7f");
    ASSERT_TRUE(board);
    EXPECT_FALSE(board->drop);
    EXPECT_EQ(to_usi(board->from), "7g");
    EXPECT_EQ(to_usi(board->to), "7f");
    EXPECT_FALSE(board->promote);

    auto promo = parse_move_text("8h2b+");
    ASSERT_TRUE(promo);
    EXPECT_TRUE(promo->promote);

    auto drop = parse_move_text("P*5e");
    ASSERT_TRUE(drop);
    EXPECT_TRUE(drop->drop);
    EXPECT_EQ(drop->piece, PAWN);
    EXPECT_EQ(to_usi(drop->to), "5e");

    for (const char* bad : {"", "7g7", "7g7f=", "p*5e", "K*5e", "P*5j", "P5e", "7g7f++", "resign",
                            "0000", "7g7f+ ", "G*"})
        EXPECT_FALSE(parse_move_text(bad)) << bad;
}

TEST(Notation, MovesFormatAsUsi) {
    EXPECT_EQ(to_usi(Move::make(make_square(FILE_7, RANK_7), make_square(FILE_7, RANK_6),
                                make_piece(BLACK, PAWN))),
              "7g7f");
    EXPECT_EQ(to_usi(Move::make(make_square(FILE_8, RANK_8), make_square(FILE_2, RANK_2),
                                make_piece(BLACK, HORSE), true)),
              "8h2b+");
    EXPECT_EQ(to_usi(Move::make_drop(WHITE, PAWN, make_square(FILE_5, RANK_5))), "P*5e");
    EXPECT_EQ(to_usi(Move::make_drop(BLACK, GOLD, make_square(FILE_1, RANK_2))), "G*1b");
    EXPECT_EQ(to_usi(Move::none()), "none");
}

// Every legal move's text parses back to the same move, in positions with drops,
// promotions and optional non-promotions.
TEST(Notation, EveryLegalMoveRoundTripsThroughText) {
    for (const char* sfen :
         {Position::START_SFEN.data(),
          "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
          "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"}) {
        Position  pos;
        StateInfo root;
        ASSERT_TRUE(pos.set_sfen(sfen, &root).ok());
        for (Move m : LegalMoves(pos)) {
            std::string error;
            EXPECT_EQ(parse_legal_move(pos, to_usi(m), error), m) << to_usi(m) << " " << error;
        }
    }
}

TEST(Notation, IllegalOrMalformedMovesAreRefusedWithAReason) {
    Position  pos;
    StateInfo root;
    ASSERT_TRUE(pos.set_sfen(Position::START_SFEN, &root).ok());
    std::string error;
    EXPECT_EQ(parse_legal_move(pos, "7g7e", error), Move::none());
    EXPECT_NE(error.find("illegal move '7g7e'"), std::string::npos) << error;
    EXPECT_EQ(parse_legal_move(pos, "P*5e", error), Move::none()); // nothing in hand
    EXPECT_EQ(parse_legal_move(pos, "7g7f+", error), Move::none()); // no promotion there
    EXPECT_EQ(parse_legal_move(pos, "xyz", error), Move::none());
    EXPECT_NE(error.find("not a USI move"), std::string::npos) << error;
}

} // namespace
} // namespace tsubame
