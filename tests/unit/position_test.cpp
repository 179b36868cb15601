// Position: do/undo, incremental keys and check information against fresh computations,
// over random games from varied start positions.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "movegen/movegen.h"

namespace tsubame {
namespace {

const char* const START_POSITIONS[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
};

// True when colour c's king is attacked in pos (false without a king).
bool king_attacked(const Position& pos, Color c) {
    const Square k = pos.king_square(c);
    return k != SQ_NONE && pos.is_attacked(~c, k, pos.pieces());
}

// Plays random legal games and checks, at every ply, that:
// - the incremental state equals a fresh computation (bitboards, keys, checkers);
// - gives_check(m) agrees with whether the opponent is in check after m;
// - key_after(m) and board_key_after(m) are the keys that do_move(m) produces;
// - no legal move leaves the mover's king attacked;
// - undoing every move restores the exact SFEN and key.
TEST(Position, RandomGamesKeepIncrementalStateExact) {
    std::mt19937_64 rng(7);
    for (const char* sfen : START_POSITIONS) {
        for (int game = 0; game < 20; ++game) {
            Position               pos;
            StateInfo              root;
            std::vector<StateInfo> states(200);
            std::vector<Move>      played;
            ASSERT_TRUE(pos.set_sfen(sfen, &root).ok());
            const std::string start_sfen = pos.sfen();
            const uint64_t    start_key  = pos.key();
            for (int ply = 0; ply < 200; ++ply) {
                const LegalMoves moves(pos);
                if (moves.empty()) break;
                for (Move m : moves) {
                    StateInfo      st;
                    const bool     predicted  = pos.gives_check(m);
                    const uint64_t next_key   = pos.key_after(m);
                    const uint64_t next_board = pos.board_key_after(m);
                    pos.do_move(m, st);
                    ASSERT_EQ(next_key, pos.key()) << "key_after wrong for " << to_usi(m);
                    ASSERT_EQ(next_board, pos.board_key())
                        << "board_key_after wrong for " << to_usi(m);
                    ASSERT_FALSE(king_attacked(pos, ~pos.side_to_move()))
                        << "move " << to_usi(m) << " leaves the king in check";
                    ASSERT_EQ(predicted, pos.in_check()) << "gives_check wrong for " << to_usi(m);
                    pos.undo_move(m);
                }
                const Move m = *(moves.begin() + rng() % moves.size());
                pos.do_move(m, states[ply]);
                played.push_back(m);
                std::string reason;
                ASSERT_TRUE(pos.is_consistent(&reason)) << reason << " after " << to_usi(m);
            }
            for (auto it = played.rbegin(); it != played.rend(); ++it)
                pos.undo_move(*it);
            EXPECT_EQ(pos.sfen(), start_sfen);
            EXPECT_EQ(pos.key(), start_key);
        }
    }
}

// The same position reached by different move orders has the same key.
TEST(Position, TranspositionsShareAKey) {
    auto key_after = [](std::initializer_list<const char*> moves) {
        Position               pos;
        std::vector<StateInfo> states(moves.size() + 1);
        EXPECT_TRUE(pos.set_sfen(Position::START_SFEN, &states[0]).ok());
        size_t i = 1;
        for (const char* text : moves) {
            std::string error;
            const Move  m = parse_legal_move(pos, text, error);
            EXPECT_NE(m, Move::none()) << error;
            pos.do_move(m, states[i++]);
        }
        return pos.key();
    };
    EXPECT_EQ(key_after({"7g7f", "3c3d", "2g2f"}), key_after({"2g2f", "3c3d", "7g7f"}));
    EXPECT_NE(key_after({"7g7f", "3c3d", "2g2f"}), key_after({"7g7f", "3c3d", "6g6f"}));
    // Promoting or not before the recapture leaves the same board and hands.
    EXPECT_EQ(key_after({"7g7f", "3c3d", "8h2b+", "3a2b"}),
              key_after({"7g7f", "3c3d", "8h2b", "3a2b"}));
}

TEST(Position, CapturedPiecesGoToHandUnpromoted) {
    Position               pos;
    std::vector<StateInfo> states(4);
    ASSERT_TRUE(pos.set_sfen(Position::START_SFEN, &states[0]).ok());
    std::string error;
    size_t      ply = 1;
    for (const char* text : {"7g7f", "3c3d", "8h2b+"}) {
        const Move m = parse_legal_move(pos, text, error);
        ASSERT_NE(m, Move::none()) << error;
        pos.do_move(m, states[ply++]);
    }
    EXPECT_EQ(pos.hand(BLACK).count(BISHOP), 1);
    EXPECT_EQ(pos.captured_piece(), make_piece(WHITE, BISHOP));
    EXPECT_EQ(pos.piece_on(make_square(FILE_2, RANK_2)), make_piece(BLACK, HORSE));
    EXPECT_EQ(pos.sfen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
}

TEST(Position, NullMoveFlipsTheSideAndRestores) {
    Position  pos;
    StateInfo root, st;
    ASSERT_TRUE(pos.set_sfen(Position::START_SFEN, &root).ok());
    const uint64_t key = pos.key();
    pos.do_null_move(st);
    EXPECT_EQ(pos.side_to_move(), WHITE);
    EXPECT_EQ(pos.key(), key ^ 1);
    EXPECT_EQ(LegalMoves(pos).size(), 30u);
    pos.undo_null_move();
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.side_to_move(), BLACK);
}

} // namespace
} // namespace tsubame
