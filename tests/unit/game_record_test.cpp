// The training-game format and the data generator: games survive a round trip, replay to legal
// positions, are reproducible from their seed, and a damaged file is reported, not misread.

#include <gtest/gtest.h>

#include <sstream>

#include "tools/game_record.h"
#include "tools/selfplay.h"

namespace tsubame {
namespace {

std::vector<GameRecord> play_games(uint64_t seed, int games) {
    SelfPlayOptions options;
    options.games          = games;
    options.nodes          = 300;
    options.random_moves   = 5;
    options.random_max_ply = 24;
    options.max_plies      = 48;
    options.seed           = seed;
    std::vector<GameRecord> played;
    self_play(options, [&](const GameRecord& g) { played.push_back(g); });
    return played;
}

std::string file_of(const std::vector<GameRecord>& games) {
    std::ostringstream out;
    write_game_file_header(out, "test provenance");
    for (const GameRecord& g : games)
        write_game(out, g);
    return out.str();
}

TEST(GameRecord, RoundTripKeepsEveryField) {
    const std::vector<GameRecord> games = play_games(3, 4);
    std::istringstream            in(file_of(games));
    std::string                   provenance, error;
    ASSERT_TRUE(read_game_file_header(in, provenance).ok());
    EXPECT_EQ(provenance, "test provenance");
    for (const GameRecord& expected : games) {
        GameRecord read;
        ASSERT_TRUE(read_game(in, read, error)) << error;
        EXPECT_EQ(read.start_sfen, expected.start_sfen);
        EXPECT_EQ(read.black_result, expected.black_result);
        EXPECT_EQ(read.end, expected.end);
        ASSERT_EQ(read.plies.size(), expected.plies.size());
        for (size_t i = 0; i < read.plies.size(); ++i) {
            EXPECT_EQ(read.plies[i].move16, expected.plies[i].move16);
            EXPECT_EQ(read.plies[i].score, expected.plies[i].score);
        }
    }
    GameRecord extra;
    EXPECT_FALSE(read_game(in, extra, error));
    EXPECT_EQ(error, "") << "a clean end of file is not an error";
}

TEST(SelfPlay, GamesReplayWithTheirRandomMovesAndScores) {
    const std::vector<GameRecord> games      = play_games(5, 3);
    int                           long_games = 0;
    for (const GameRecord& g : games) {
        int          random = 0, scored = 0;
        const Status s = replay_game(g, [&](const Position&, const RecordedPly& ply) {
            ply.score == NO_SCORE ? ++random : ++scored;
            // A game ends once a side is this far ahead, so recorded scores are below it.
            if (ply.score != NO_SCORE) {
                EXPECT_LT(std::abs(ply.score), 3000);
            }
        });
        ASSERT_TRUE(s.ok()) << s.message();
        // Five random plies among the first 24; a game that ends sooner may miss some.
        EXPECT_LE(random, 5);
        if (g.plies.size() >= 24) {
            EXPECT_EQ(random, 5);
            ++long_games;
        }
        EXPECT_GT(scored, 0);
        if (g.end == GameEnd::MAX_PLIES) {
            EXPECT_EQ(g.plies.size(), 48u);
            EXPECT_EQ(g.black_result, 0);
        }
    }
    EXPECT_GT(long_games, 0) << "no game reached the end of the random plies";
}

TEST(SelfPlay, SameSeedSameGamesOtherSeedOtherGames) {
    const std::string seed_11 = file_of(play_games(11, 2));
    EXPECT_EQ(file_of(play_games(11, 2)), seed_11);
    EXPECT_NE(file_of(play_games(12, 2)), seed_11);
}

TEST(GameRecord, DamagedFilesAreReported) {
    const std::string file = file_of(play_games(3, 1));
    std::string       provenance, error;
    {
        std::istringstream in("NOTGAMES" + file.substr(8));
        EXPECT_FALSE(read_game_file_header(in, provenance).ok());
    }
    {
        std::istringstream in(file.substr(0, file.size() - 3));
        ASSERT_TRUE(read_game_file_header(in, provenance).ok());
        GameRecord g;
        EXPECT_FALSE(read_game(in, g, error));
        EXPECT_EQ(error, "truncated game");
    }
    {
        // An illegal move in the middle of a game stops its replay with the ply named.
        std::istringstream in(file);
        ASSERT_TRUE(read_game_file_header(in, provenance).ok());
        GameRecord g;
        ASSERT_TRUE(read_game(in, g, error));
        ASSERT_GT(g.plies.size(), 10u);
        g.plies[9].move16 = g.plies[8].move16;
        const Status s    = replay_game(g, [](const Position&, const RecordedPly&) {});
        EXPECT_FALSE(s.ok());
        EXPECT_NE(s.message().find("ply 10"), std::string::npos) << s.message();
    }
}

} // namespace
} // namespace tsubame
