// The mate solver's fast one-move tests: the early-exit evasion test agrees with the evasion
// generator, every one-move mate found is one, the king's flight squares after a check
// counted without playing it agree with playing it, and the attackers of both colours agree
// with Position::attackers_to, along random check-and-answer sequences
// from the mate problems.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "mate/mate_in_one.h"
#include "movegen/movegen.h"

namespace tsubame {
namespace {

bool mates(Position& pos, Move m) {
    StateInfo st;
    pos.do_move(m, st);
    const bool mated = pos.in_check() && LegalMoves(pos).empty();
    pos.undo_move(m);
    return mated;
}

TEST(SolverMateInOne, AgreesWithTheGeneratorsOverRandomMateSequences) {
    std::ifstream in(std::string(TSUBAME_TEST_DATA) + "/tsume.tsv");
    ASSERT_TRUE(in.good());
    std::mt19937_64 rng(3);
    int             in_check = 0, no_evasion = 0, mates_found = 0, flight_checks = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("sfen", 0) == 0) continue;
        const std::string sfen = line.substr(0, line.find('\t'));
        for (int walk = 0; walk < 16; ++walk) {
            Position               pos;
            std::vector<StateInfo> states(41);
            ASSERT_TRUE(pos.set_sfen(sfen, &states[0]).ok()) << sfen;
            const Color attacker = pos.side_to_move();
            for (int ply = 1; ply <= 40; ++ply) {
                const LegalMoves legal(pos);
                if (pos.in_check()) {
                    ++in_check;
                    no_evasion += legal.empty();
                    ASSERT_EQ(mate::has_evasion(pos), !legal.empty()) << pos.sfen();
                } else {
                    const Move m = mate::find_mate_in_one(pos);
                    if (m != Move::none()) {
                        ++mates_found;
                        ASSERT_TRUE(legal.contains(m)) << to_usi(m) << " in " << pos.sfen();
                        ASSERT_TRUE(mates(pos, m)) << to_usi(m) << " in " << pos.sfen();
                    }
                }
                for (int sq = 0; sq < SQ_NB; ++sq) {
                    const Square   s    = Square(sq);
                    const Bitboard both = pos.attackers_to(s, pos.pieces());
                    ASSERT_EQ(both, pos.attackers_to(BLACK, s) | pos.attackers_to(WHITE, s))
                        << pos.sfen();
                }
                const MoveList<GenType::CHECKS, true> checks(pos);
                mate::FlightCounter                   counter;
                if (!checks.empty()) counter.reset(pos);
                for (const Move c : checks) {
                    // Counted without playing the check, as the solver's estimate does.
                    const int after = mate::king_flight_squares_after(pos, c);
                    ASSERT_EQ(counter.after(pos, c), after) << to_usi(c) << " in " << pos.sfen();
                    pos.do_move(c, states[ply]);
                    const int played = mate::king_flight_squares(pos);
                    pos.undo_move(c);
                    ASSERT_EQ(after, played) << to_usi(c) << " in " << pos.sfen();
                    ++flight_checks;
                }
                const bool use_checks = pos.side_to_move() == attacker && !checks.empty();
                if (legal.empty()) break;
                const Move pick = use_checks ? *(checks.begin() + rng() % checks.size())
                                             : *(legal.begin() + rng() % legal.size());
                pos.do_move(pick, states[ply]);
            }
        }
    }
    // The walks must have met enough of each case for the comparison to mean something.
    EXPECT_GT(in_check, 1000);
    EXPECT_GT(no_evasion, 20);
    EXPECT_GT(mates_found, 20);
    EXPECT_GT(flight_checks, 1000);
}

TEST(SolverMateInOne, KingFlightSquares) {
    // The black king on 5i; the white king far away.
    const std::pair<const char*, int> cases[] = {
        {"4k4/9/9/9/9/9/9/9/4K4 b - 1", 5}, // 4h 5h 6h 4i 6i
        {"4k4/9/9/9/9/9/9/8r/4K4 b - 1", 2}, // the rook holds rank h
        {"4k4/9/9/9/9/9/9/9/r3K4 b - 1", 3}, // and rank i, through the king too
        {"4k4/9/9/9/9/9/9/4g4/4K4 b - 1", 1}, // only taking the lone gold
        {"4k4/9/9/9/9/9/9/3SGS3/3GKG3 b - 1", 0}, // own pieces all round
    };
    for (const auto& [sfen, flights] : cases) {
        StateInfo st;
        Position  pos;
        ASSERT_TRUE(pos.set_sfen(sfen, &st).ok()) << sfen;
        EXPECT_EQ(mate::king_flight_squares(pos), flights) << sfen;
    }
}

// A check along the line of another slider of the attacker (its rook on 4g behind the dragon
// that checks from 2g): Position::pinned counts the gold on 3g as pinned, its sniper being left
// out of the occupancy, yet the gold may take the checker along the line. The test once took
// 3h2g for mate.
TEST(SolverMateInOne, APieceOnTheCheckLineTakesTheChecker) {
    const std::string sfen =
        "l4g2l/7k1/p1+Pp3pp/6s1P/3Pp1sP1/P4n3/N2GPrG1K/6+r2/+p4b2L w BG2SNLn6p 37";
    StateInfo st, after;
    Position  pos;
    ASSERT_TRUE(pos.set_sfen(sfen, &st).ok());
    EXPECT_EQ(mate::find_mate_in_one(pos), Move::none());
    Move check = Move::none();
    for (Move m : LegalMoves(pos))
        if (to_usi(m) == "3h2g") check = m;
    ASSERT_NE(check, Move::none());
    EXPECT_FALSE(mates(pos, check));
    pos.do_move(check, after);
    EXPECT_TRUE(mate::has_evasion(pos)); // 3g2g
}

} // namespace
} // namespace tsubame
