// Sennichite (repetition) rules of rules.md §4, played out move by move with Game.
//
// Each game below was replayed with the tsshogi library (the match tool's rules oracle): its
// Record agrees on when the fourth occurrence happens and on who gave perpetual check, and
// its SFENs confirm the boards and hands claimed for the superiority cases.

#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <span>
#include <string_view>

#include "rules/game.h"
#include "rules/repetition.h"

namespace tsubame {

namespace {

// Plays the moves in order; fails the test on the first illegal one.
void play(Game& game, std::span<const std::string_view> moves) {
    for (std::string_view usi : moves) {
        const Status s = game.play(usi);
        ASSERT_TRUE(s.ok()) << usi << ": " << s.message();
    }
}

void play(Game& game, std::initializer_list<std::string_view> moves) {
    play(game, std::span<const std::string_view>(moves.begin(), moves.size()));
}

// Both kings step forward and back: the start position recurs every four plies.
constexpr std::array<std::string_view, 4> kKingShuffle = {"5i5h", "5a5b", "5h5i", "5b5a"};

// Black rook 9b against White king 1a (Black king 5i). The rook checks from 9a and 9b in turn
// while the king steps between 1a and 1b: every Black move gives check.
constexpr const char*                     kPerpetual      = "8k/R8/9/9/9/9/9/9/4K4 b - 1";
constexpr std::array<std::string_view, 4> kPerpetualCycle = {"9b9a", "1a1b", "9a9b", "1b1a"};

// Black rook 2h takes White's pawn on 2c and goes home; White re-drops a pawn on 2c. After the
// cycle the board is the same but one pawn has moved from White's hand to Black's.
constexpr const char*                     kPawnTrade      = "4k4/9/7p1/9/9/9/9/7R1/4K4 b p 1";
constexpr std::array<std::string_view, 6> kPawnTradeCycle = {"2h2c", "5a5b", "2c2e",
                                                             "P*2c", "2e2h", "5b5a"};

// The fourth occurrence of a position is sennichite, a draw; the third is not yet (§4).
TEST(RepetitionFourfold, FourthOccurrenceIsDraw) {
    Game game;
    for (int cycle = 1; cycle <= 3; ++cycle) {
        EXPECT_EQ(fourfold_repetition(game.position()), Repetition::NONE) << "cycle " << cycle;
        play(game, kKingShuffle);
    }
    // Start position: occurrences at plies 0, 4, 8 and now 12.
    EXPECT_EQ(game.moves().size(), 12u);
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::DRAW);
}

// A third occurrence is not yet sennichite, at the start position or mid-cycle (§4).
TEST(RepetitionFourfold, ThirdOccurrenceIsNotYetSennichite) {
    Game game;
    play(game, kKingShuffle);
    play(game, kKingShuffle);
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::NONE); // third occurrence
    play(game, {"5i5h", "5a5b", "5h5i"});
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::NONE); // also a third
    play(game, {"5b5a"});
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::DRAW);
}

// Perpetual check loses for the checker: here the checker (Black) is the side to move (§4).
TEST(RepetitionFourfold, PerpetualCheckLosesForCheckerToMove) {
    Game game;
    ASSERT_TRUE(game.set_sfen(kPerpetual).ok());
    for (int cycle = 0; cycle < 3; ++cycle) {
        EXPECT_EQ(fourfold_repetition(game.position()), Repetition::NONE);
        play(game, kPerpetualCycle);
    }
    ASSERT_EQ(game.position().side_to_move(), BLACK);
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::LOSS);
}

// Perpetual check seen by the checked side (White to move): a win for the side to move (§4).
TEST(RepetitionFourfold, PerpetualCheckWinsForCheckedSideToMove) {
    Game game;
    ASSERT_TRUE(game.set_sfen(kPerpetual).ok());
    play(game, {"9b9a"}); // the repeated position is now the one with White to move
    for (int cycle = 0; cycle < 3; ++cycle) {
        EXPECT_EQ(fourfold_repetition(game.position()), Repetition::NONE);
        play(game, {"1a1b", "9a9b", "1b1a", "9b9a"});
    }
    ASSERT_EQ(game.position().side_to_move(), WHITE);
    EXPECT_TRUE(game.position().in_check());
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::WIN);
}

// If a quiet move breaks the checking streak, the fourth occurrence is a plain draw (§4).
TEST(RepetitionFourfold, InterruptedChecksGiveDraw) {
    Game game;
    ASSERT_TRUE(game.set_sfen(kPerpetual).ok());
    // One cycle in which Black's rook retreats without check (9b9c, 9c9b), then checks again.
    play(game, {"9b9c", "1a1b", "9c9b", "1b1a"});
    play(game, kPerpetualCycle);
    play(game, kPerpetualCycle);
    EXPECT_EQ(fourfold_repetition(game.position()), Repetition::DRAW);
}

// Search-time test: the first recurrence already counts as sennichite (§4 "Inside search").
TEST(RepetitionSearch, FirstRecurrenceIsDraw) {
    Game game;
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::NONE);
    play(game, {"5i5h", "5a5b", "5h5i"});
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::NONE);
    play(game, {"5b5a"});
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::DRAW);
}

// Perpetual check at the first recurrence: LOSS for the checker, WIN for the checked side (§4).
TEST(RepetitionSearch, PerpetualCheckAtFirstRecurrence) {
    Game game;
    ASSERT_TRUE(game.set_sfen(kPerpetual).ok());
    play(game, kPerpetualCycle);
    ASSERT_EQ(game.position().side_to_move(), BLACK);
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::LOSS);
    play(game, {"9b9a"});
    ASSERT_EQ(game.position().side_to_move(), WHITE);
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::WIN);
}

// Same board, but the side to move now holds more in hand: SUPERIOR; with less: INFERIOR (§4).
TEST(RepetitionSearch, HandSuperiorityAndInferiority) {
    Game game;
    ASSERT_TRUE(game.set_sfen(kPawnTrade).ok());
    play(game, kPawnTradeCycle);
    // Same board as the start, Black to move, with the pawn that White held now in Black's hand.
    ASSERT_EQ(game.position().sfen(), "4k4/9/7p1/9/9/9/9/7R1/4K4 b P 7");
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::SUPERIOR);
    // Take the pawn again: same board as after the first capture, White to move, with one pawn
    // less in White's hand than then.
    play(game, {"2h2c"});
    EXPECT_EQ(find_repetition(game.position(), 16), Repetition::INFERIOR);
}

// A recurrence further back than max_plies is not found (§4).
TEST(RepetitionSearch, MaxPliesLimitsTheLookBack) {
    Game game;
    play(game, kKingShuffle);
    EXPECT_EQ(find_repetition(game.position(), 4), Repetition::DRAW);
    EXPECT_EQ(find_repetition(game.position(), 3), Repetition::NONE);

    Game trade;
    ASSERT_TRUE(trade.set_sfen(kPawnTrade).ok());
    play(trade, kPawnTradeCycle);
    EXPECT_EQ(find_repetition(trade.position(), 6), Repetition::SUPERIOR);
    EXPECT_EQ(find_repetition(trade.position(), 5), Repetition::NONE);
}

} // namespace

} // namespace tsubame
