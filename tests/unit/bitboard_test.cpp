// Bitboard operations and attack tables, checked against slow ray walking.

#include <gtest/gtest.h>

#include <random>

#include "core/attacks.h"
#include "core/bitboard.h"
#include "core/hand.h"

namespace tsubame {
namespace {

Square sq(int file, char rank) {
    return make_square(File(file - 1), Rank(rank - 'a'));
}

// Random occupancy with roughly `density` of the squares filled.
Bitboard random_occupancy(std::mt19937_64& rng, double density) {
    std::bernoulli_distribution fill(density);
    Bitboard                    b;
    for (int s = 0; s < SQ_NB; ++s)
        if (fill(rng)) b |= square_bb(Square(s));
    return b;
}

TEST(Bitboard, SquareNumberingIsFileMajorFrom1a) {
    EXPECT_EQ(sq(1, 'a'), 0);
    EXPECT_EQ(sq(1, 'i'), 8);
    EXPECT_EQ(sq(2, 'a'), 9);
    EXPECT_EQ(sq(9, 'i'), 80);
    EXPECT_EQ(file_of(sq(7, 'f')), FILE_7);
    EXPECT_EQ(rank_of(sq(7, 'f')), RANK_6);
}

TEST(Bitboard, PopIteratesEverySquareOnceInOrder) {
    Bitboard b = Bitboard::all();
    EXPECT_EQ(b.popcount(), 81);
    for (int s = 0; s < SQ_NB; ++s)
        ASSERT_EQ(b.pop(), Square(s));
    EXPECT_FALSE(b);
}

TEST(Bitboard, MoreThanOneAcrossWords) {
    EXPECT_FALSE(square_bb(sq(9, 'i')).more_than_one());
    EXPECT_TRUE((square_bb(sq(1, 'a')) | square_bb(sq(9, 'i'))).more_than_one());
    EXPECT_TRUE((square_bb(sq(8, 'a')) | square_bb(sq(9, 'i'))).more_than_one());
    EXPECT_FALSE(Bitboard().more_than_one());
}

TEST(Bitboard, ComplementStaysOnTheBoard) {
    EXPECT_EQ((~Bitboard()).popcount(), 81);
    EXPECT_EQ(~Bitboard::all(), Bitboard());
}

TEST(Bitboard, BetweenAndLine) {
    EXPECT_EQ(between_bb(sq(5, 'a'), sq(5, 'e')).popcount(), 3);
    EXPECT_EQ(between_bb(sq(1, 'a'), sq(9, 'i')).popcount(), 7);
    EXPECT_FALSE(between_bb(sq(1, 'a'), sq(2, 'c'))); // a knight's jump is not a line
    EXPECT_EQ(line_bb(sq(5, 'e'), sq(5, 'a')), file_bb(FILE_5));
    EXPECT_TRUE(aligned(sq(1, 'a'), sq(5, 'e'), sq(9, 'i')));
    EXPECT_FALSE(aligned(sq(1, 'a'), sq(5, 'e'), sq(9, 'h')));
}

TEST(Attacks, StepPiecesNearTheEdge) {
    EXPECT_EQ(pawn_attacks(BLACK, sq(5, 'e')), square_bb(sq(5, 'd')));
    EXPECT_EQ(pawn_attacks(WHITE, sq(5, 'e')), square_bb(sq(5, 'f')));
    EXPECT_EQ(knight_attacks(BLACK, sq(1, 'c')), square_bb(sq(2, 'a')));
    EXPECT_FALSE(knight_attacks(BLACK, sq(5, 'b')));
    EXPECT_EQ(silver_attacks(BLACK, sq(5, 'e')).popcount(), 5);
    EXPECT_EQ(gold_attacks(WHITE, sq(5, 'e')).popcount(), 6);
    EXPECT_TRUE(gold_attacks(WHITE, sq(5, 'e')).test(sq(5, 'f')));
    EXPECT_FALSE(gold_attacks(WHITE, sq(5, 'e')).test(sq(4, 'd')));
    EXPECT_EQ(king_attacks(sq(9, 'i')).popcount(), 3);
}

// Every slider lookup (PEXT or magic, lance bit tricks) must equal a plain ray walk, on
// random boards of several densities; this catches word-aliasing and table-size bugs.
TEST(Attacks, SlidersMatchRayWalkOnRandomBoards) {
    std::mt19937_64 rng(20261121);
    for (double density : {0.1, 0.3, 0.6, 0.9}) {
        for (int round = 0; round < 200; ++round) {
            const Bitboard occ = random_occupancy(rng, density);
            for (int i = 0; i < SQ_NB; ++i) {
                const Square s = Square(i);
                for (Color c : {BLACK, WHITE})
                    ASSERT_EQ(lance_attacks(c, s, occ),
                              sliding_attacks_reference(LANCE, c, s, occ));
                ASSERT_EQ(bishop_attacks(s, occ), sliding_attacks_reference(BISHOP, BLACK, s, occ));
                ASSERT_EQ(rook_attacks(s, occ), sliding_attacks_reference(ROOK, BLACK, s, occ));
                ASSERT_EQ(horse_attacks(s, occ), sliding_attacks_reference(HORSE, BLACK, s, occ));
                ASSERT_EQ(dragon_attacks(s, occ), sliding_attacks_reference(DRAGON, BLACK, s, occ));
            }
        }
    }
}

TEST(Hand, CountsAndDomination) {
    Hand h;
    EXPECT_TRUE(h.empty());
    for (int i = 0; i < 18; ++i)
        h.add(PAWN);
    h.add(ROOK);
    h.add(ROOK);
    h.set(GOLD, 4);
    EXPECT_EQ(h.count(PAWN), 18);
    EXPECT_EQ(h.count(ROOK), 2);
    EXPECT_EQ(h.count(GOLD), 4);
    EXPECT_EQ(h.count(BISHOP), 0);
    Hand smaller = h;
    smaller.remove(GOLD);
    EXPECT_TRUE(h.dominates(smaller));
    EXPECT_FALSE(smaller.dominates(h));
    Hand other;
    other.add(BISHOP);
    EXPECT_FALSE(h.dominates(other)); // more of everything else, but no bishop
    EXPECT_TRUE(h.dominates(h));
}

} // namespace
} // namespace tsubame
