// The one-move mate test used by the search: it finds the usual mates, never reports a move
// that does not mate, and respects the pawn-drop-mate rule.

#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "board_fixture.h"
#include "core/notation.h"
#include "mate/mate_in_one.h"
#include "movegen/movegen.h"

namespace tsubame {
namespace {

using testing_support::Board;

// Every legal check after which the opponent has no legal move.
std::vector<Move> all_mates(Position& pos) {
    std::vector<Move> mates;
    for (Move m : MoveList<GenType::CHECKS, true>(pos)) {
        StateInfo st;
        pos.do_move(m, st);
        if (MoveList<GenType::LEGAL, true>(pos).empty()) mates.push_back(m);
        pos.undo_move(m);
    }
    return mates;
}

std::string mate_of(std::string_view sfen) {
    Board      b(sfen);
    const Move m = mate::find_mate_in_one(b.game.position());
    return m == Move::none() ? "none" : to_usi(m);
}

TEST(MateInOne, GoldDropProtectedByAPawn) {
    EXPECT_EQ(mate_of("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), "G*5b");
}

TEST(MateInOne, BoardMoveProtectedByASilver) {
    EXPECT_EQ(mate_of("4k4/9/3S1G3/9/9/9/9/9/4K4 b - 1"), "4c5b");
}

TEST(MateInOne, KnightDropFromADistance) {
    // The king on 1a is boxed in by its own pieces; a knight on 2c mates.
    const std::string sfen = "7lk/7np/9/9/9/9/9/9/4K4 b N 1";
    Board             b(sfen);
    const auto        expected = all_mates(b.game.position());
    ASSERT_EQ(expected.size(), 1u);
    EXPECT_EQ(mate_of(sfen), to_usi(expected[0]));
}

TEST(MateInOne, ThePawnDropMateIsNotAMate) {
    // P*1b would mate, which the rules forbid; nothing else mates.
    const std::string sfen = "8k/6S2/7G1/9/9/9/9/9/4K4 b P 1";
    Board             b(sfen);
    EXPECT_TRUE(all_mates(b.game.position()).empty());
    EXPECT_EQ(mate_of(sfen), "none");
}

TEST(MateInOne, UnprotectedDropNextToTheKingIsTaken) {
    EXPECT_EQ(mate_of("4k4/9/9/9/9/9/9/9/4K4 b G 1"), "none");
}

TEST(MateInOne, AgreesWithBruteForceOnRandomGames) {
    // Random games from positions with pieces in hand, where mates in one are common. Every
    // reported move must be a mate; most mates must be found.
    const char* starts[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "ln1gk1snl/1r1s2gb1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LNSGKGSNL b GSNLPps 1",
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP2rb3g3s3n3l17p 1",
    };
    std::mt19937 rng(12345);
    int          found = 0, total = 0, quick_evasions = 0;
    for (const char* start : starts) {
        for (int game = 0; game < 40; ++game) {
            Board b(start);
            for (int ply = 0; ply < 80; ++ply) {
                Position& pos = b.game.position();
                if (!pos.in_check()) {
                    const auto mates = all_mates(pos);
                    const Move m     = mate::find_mate_in_one(pos);
                    if (m != Move::none()) {
                        EXPECT_NE(std::find(mates.begin(), mates.end(), m), mates.end())
                            << pos.sfen() << " " << to_usi(m);
                        ++found;
                    }
                    total += !mates.empty();
                }
                const MoveList<GenType::LEGAL> legal(pos);
                // The evasion test never claims an evasion that does not exist.
                if (pos.in_check() && mate::has_evasion(pos)) {
                    EXPECT_FALSE(legal.empty()) << pos.sfen();
                    ++quick_evasions;
                }
                if (legal.empty()) break;
                b.game.play(*(legal.begin() + rng() % legal.size()));
            }
        }
    }
    EXPECT_GT(total, 100);
    EXPECT_GT(quick_evasions, 100);
    std::printf("mates in one found: %d of %d\n", found, total);
    EXPECT_GE(found * 10, total * 8) << found << " of " << total; // at least 80% found
}

} // namespace
} // namespace tsubame
