// Generator kinds: how CAPTURES, QUIETS, EVASIONS, CHECKS and the never-better
// non-promotion filter relate to the full legal move list.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "movegen/movegen.h"

namespace tsubame {
namespace {

template <GenType T, bool All>
std::multiset<uint32_t> as_set(const Position& pos) {
    std::multiset<uint32_t> s;
    for (Move m : MoveList<T, All>(pos))
        s.insert(m.raw());
    return s;
}

// True when m is a non-promotion that the search may skip: pawn, bishop or rook that could
// promote, or a lance going to the second-last rank.
bool is_never_better(const Position& pos, Move m) {
    if (m.is_drop() || m.is_promotion()) return false;
    const PieceType pt = type_of(pos.piece_on(m.from()));
    const Color     us = pos.side_to_move();
    const bool      zone =
        in_promotion_zone(us, rank_of(m.from())) || in_promotion_zone(us, rank_of(m.to()));
    if (pt == PAWN || pt == BISHOP || pt == ROOK) return zone;
    return pt == LANCE && relative_rank(us, rank_of(m.to())) == RANK_2;
}

// generated_move_from16 against the list: each `m16` names the LEGAL move with those low bits,
// or none.
void check_from16(const Position& pos, const std::vector<uint16_t>& values) {
    const MoveList<GenType::LEGAL> legal(pos);
    for (uint16_t m16 : values) {
        Move expected = Move::none();
        for (Move m : legal)
            if (m.to16() == m16) expected = m;
        ASSERT_EQ(generated_move_from16(pos, m16), expected)
            << "m16 " << m16 << " (" << to_usi(Move(m16)) << ") in " << pos.sfen();
    }
}

// generated_move_from16 for every move of LEGAL_ALL (the never-better ones must come back as
// none) and for well-formed neighbours of them: other squares, flags and drop types.
void check_from16_sampled(const Position& pos, std::mt19937_64& rng) {
    std::vector<uint16_t> values;
    for (Move m : LegalMoves(pos))
        values.push_back(m.to16());
    for (int i = 0; i < 64; ++i) {
        const uint16_t to   = uint16_t(rng() % SQ_NB);
        const uint16_t from = uint16_t(rng() % 2 ? rng() % SQ_NB : HAND_TYPE_BEGIN + rng() % 7);
        values.push_back(uint16_t(to | from << 7 | (rng() % 4) << 14));
    }
    check_from16(pos, values);
}

// Checks the relations at every position of random games from several start positions.
void check_relations(const Position& pos) {
    static std::mt19937_64 rng(5);
    check_from16_sampled(pos, rng);
    const auto legal_all = as_set<GenType::LEGAL, true>(pos);
    const auto legal     = as_set<GenType::LEGAL, false>(pos);
    // No duplicates in any list.
    EXPECT_EQ(std::set<uint32_t>(legal_all.begin(), legal_all.end()).size(), legal_all.size());

    // LEGAL is LEGAL_ALL minus exactly the never-better non-promotions.
    std::multiset<uint32_t> expected;
    for (uint32_t raw : legal_all)
        if (!is_never_better(pos, Move(raw))) expected.insert(raw);
    EXPECT_EQ(legal, expected) << pos.sfen();

    if (pos.in_check()) {
        EXPECT_EQ((as_set<GenType::EVASIONS, true>(pos)), legal_all);
    } else {
        EXPECT_EQ((as_set<GenType::NON_EVASIONS, true>(pos)), legal_all);
        // CAPTURES and QUIETS split the legal moves without overlap.
        for (bool all : {false, true}) {
            auto caps =
                all ? as_set<GenType::CAPTURES, true>(pos) : as_set<GenType::CAPTURES, false>(pos);
            auto quiets =
                all ? as_set<GenType::QUIETS, true>(pos) : as_set<GenType::QUIETS, false>(pos);
            std::multiset<uint32_t> both = caps;
            both.insert(quiets.begin(), quiets.end());
            EXPECT_EQ(both, all ? legal_all : legal) << pos.sfen();
            for (uint32_t raw : caps) {
                const Move m       = Move(raw);
                const bool capture = pos.piece_on(m.to()) != NO_PIECE;
                const bool pawn_promotion =
                    m.is_promotion() && type_of(pos.piece_on(m.from())) == PAWN;
                EXPECT_TRUE(capture || pawn_promotion) << to_usi(m) << " in " << pos.sfen();
            }
        }
        // generate_captures_on(s) is CAPTURES filtered to s, in the same order.
        Move        all[MAX_MOVES], on[MAX_MOVES];
        Move* const all_end = generate<GenType::CAPTURES>(pos, all);
        pos.pieces(~pos.side_to_move()).for_each([&](Square s) {
            std::vector<Move> expected_on;
            for (Move* m = all; m != all_end; ++m)
                if (m->to() == s) expected_on.push_back(*m);
            Move* const end = generate_captures_on(pos, s, on);
            EXPECT_EQ(std::vector<Move>(on, end), expected_on) << pos.sfen() << " on " << int(s);
        });
    }

    // CHECKS is exactly the legal moves that give check.
    std::multiset<uint32_t> checks;
    for (uint32_t raw : legal_all)
        if (pos.gives_check(Move(raw))) checks.insert(raw);
    EXPECT_EQ((as_set<GenType::CHECKS, true>(pos)), checks) << pos.sfen();
    std::multiset<uint32_t> pruned_checks;
    for (uint32_t raw : legal)
        if (pos.gives_check(Move(raw))) pruned_checks.insert(raw);
    EXPECT_EQ((as_set<GenType::CHECKS, false>(pos)), pruned_checks) << pos.sfen();
}

// Calls visit(pos, ply) at each position of a random game of up to `plies` plies from sfen,
// until the game ends or a test fails.
template <typename Visit>
void walk_random_game(const char* sfen, int plies, std::mt19937_64& rng, Visit&& visit) {
    Position               pos;
    std::vector<StateInfo> states(plies + 1);
    ASSERT_TRUE(pos.set_sfen(sfen, &states[0]).ok()) << sfen;
    for (int ply = 1; ply <= plies && !testing::Test::HasFailure(); ++ply) {
        visit(pos, ply);
        const LegalMoves moves(pos);
        if (moves.empty()) break;
        pos.do_move(*(moves.begin() + rng() % moves.size()), states[ply]);
    }
}

TEST(Generator, KindsAreConsistentOverRandomGames) {
    const char* const starts[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    };
    std::mt19937_64 rng(11);
    for (const char* sfen : starts)
        for (int game = 0; game < 10; ++game)
            walk_random_game(sfen, 120, rng,
                             [](const Position& pos, int) { check_relations(pos); });
}

// Every 16-bit value, at every tenth position of random games (in check or not).
TEST(Generator, MoveFrom16MatchesTheListForEveryValue) {
    const char* const starts[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    };
    std::vector<uint16_t> every(65536);
    for (int i = 0; i < 65536; ++i)
        every[i] = uint16_t(i);
    std::mt19937_64 rng(3);
    int             positions = 0, in_check = 0;
    for (const char* sfen : starts)
        for (int game = 0; game < 2; ++game)
            walk_random_game(sfen, 100, rng, [&](const Position& pos, int ply) {
                if (ply % 10 != 1 && !pos.in_check()) return;
                check_from16(pos, every);
                ++positions;
                in_check += pos.in_check();
            });
    if (testing::Test::HasFailure()) return;
    EXPECT_GT(positions, 40);
    EXPECT_GT(in_check, 0);
}

// Mate problems: checks of every kind (discovered, pinned pieces, promotions, drops next to
// the king) along random sequences of checks and answers, as the mate solver walks them.
TEST(Generator, ChecksOverRandomMateSequences) {
    std::ifstream in(std::string(TSUBAME_TEST_DATA) + "/tsume.tsv");
    ASSERT_TRUE(in.good());
    std::mt19937_64 rng(7);
    int             positions = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("sfen", 0) == 0) continue;
        const std::string sfen = line.substr(0, line.find('\t'));
        for (int walk = 0; walk < 8; ++walk) {
            Position               pos;
            std::vector<StateInfo> states(41);
            ASSERT_TRUE(pos.set_sfen(sfen, &states[0]).ok()) << sfen;
            const Color attacker = pos.side_to_move();
            for (int ply = 1; ply <= 40; ++ply) {
                check_relations(pos);
                ++positions;
                if (testing::Test::HasFailure()) return;
                // The attacker checks (any move when it has no check), the defender answers.
                const MoveList<GenType::CHECKS, true> checks(pos);
                const LegalMoves                      legal(pos);
                const bool use_checks = pos.side_to_move() == attacker && !checks.empty();
                const Move pick =
                    use_checks
                        ? *(checks.begin() + rng() % checks.size())
                        : (legal.empty() ? Move::none() : *(legal.begin() + rng() % legal.size()));
                if (pick == Move::none()) break;
                pos.do_move(pick, states[ply]);
            }
        }
    }
    EXPECT_GT(positions, 500);
}

TEST(Generator, MaximumMovePositionHas593Moves) {
    Position  pos;
    StateInfo root;
    ASSERT_TRUE(pos.set_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", &root).ok());
    EXPECT_EQ(LegalMoves(pos).size(), 593u);
    EXPECT_LE(LegalMoves(pos).size(), size_t(MAX_MOVES));
}

// Positions with more material than a standard game (three dragons and three horses, full
// hands, extra golds, the 593-move position plus a dragon and a horse) stay within the move
// list; the sanitizer build would catch a write past it.
TEST(Generator, NonStandardMaterialFitsTheMoveList) {
    const char* const crowded[] = {
        "+R+R+R+B+B+B3/9/9/4k4/9/9/9/9/G1G1G1K2 b 4G4S4N4L18P 1",
        "9/9/9/9/4k4/9/9/9/+R+R+R+BK+B+B2 b 4G4S4N4L18P 1",
        "R8/2K1S1SSk/4B4/9/4+R4/9/4+B4/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "R8/2K1S1SSk/4B4/9/9/9/+R7+B/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    };
    for (const char* sfen : crowded) {
        Position  pos;
        StateInfo root;
        ASSERT_TRUE(pos.set_sfen(sfen, &root).ok()) << sfen;
        const LegalMoves moves(pos);
        EXPECT_GT(moves.size(), 380u) << sfen;
        EXPECT_LE(moves.size(), size_t(MAX_MOVES)) << sfen;
    }
}

} // namespace
} // namespace tsubame
