// Label files (deeper scores kept beside their source shard): the scores survive a round trip,
// ShardReader gives the source's games with them, and every mismatch between labels and games
// is reported, never read as data.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "tools/label_file.h"

namespace tsubame {
namespace {

// Two short games. ShardReader does not replay them, so the moves are any 16-bit codes.
std::vector<GameRecord> two_games() {
    GameRecord a;
    a.start_sfen   = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    a.plies        = {{0x1234, 30}, {0x0567, -20}};
    a.black_result = 1;
    a.end          = GameEnd::EVAL_LIMIT;
    GameRecord b   = a;
    b.plies.push_back({0x89ab, NO_SCORE});
    b.black_result = -1;
    return {a, b};
}

struct LabelFiles {
    std::string dir   = testing::TempDir() + "tsubame_labels_" + std::to_string(getpid());
    std::string games = dir + ".games", labels = dir + ".labels";
    ~LabelFiles() {
        std::remove(games.c_str());
        std::remove(labels.c_str());
    }
    void write(const std::vector<GameRecord>&           games_written,
               const std::vector<std::vector<int16_t>>& scores,
               const std::string&                       source_provenance) {
        std::ofstream g(games, std::ios::binary);
        write_game_file_header(g, "source");
        for (const GameRecord& game : games_written)
            write_game(g, game);
        std::ofstream   l(labels, std::ios::binary);
        LabelFileHeader header{"labeller", games.substr(games.find_last_of('/') + 1),
                               source_provenance};
        write_label_file_header(l, header);
        for (const auto& s : scores)
            write_labels(l, s);
    }
    // Every game ShardReader gives for the label file, or the error that stopped it.
    std::string read_all(std::vector<GameRecord>& read) const {
        ShardReader reader;
        if (Status s = reader.open(labels); !s.ok()) return s.message();
        GameRecord  game;
        std::string error;
        while (reader.next(game, error))
            read.push_back(game);
        return error;
    }
};

TEST(LabelFile, TheSourcesGamesWithTheNewScores) {
    LabelFiles files;
    files.write(two_games(), {{7, NO_SCORE}, {NO_SCORE, 11, -300}}, "source");
    std::vector<GameRecord> read;
    ASSERT_EQ(files.read_all(read), "");
    ASSERT_EQ(read.size(), 2u);
    const std::vector<GameRecord> source = two_games();
    for (size_t g = 0; g < 2; ++g) {
        EXPECT_EQ(read[g].start_sfen, source[g].start_sfen);
        EXPECT_EQ(read[g].black_result, source[g].black_result);
        ASSERT_EQ(read[g].plies.size(), source[g].plies.size());
        for (size_t i = 0; i < read[g].plies.size(); ++i)
            EXPECT_EQ(read[g].plies[i].move16, source[g].plies[i].move16);
    }
    EXPECT_EQ(read[0].plies[0].score, 7);
    EXPECT_EQ(read[0].plies[1].score, NO_SCORE);
    EXPECT_EQ(read[1].plies[2].score, -300);
    ShardReader reader;
    ASSERT_TRUE(reader.open(files.labels).ok());
    EXPECT_EQ(reader.provenance(), "labeller") << "the scores' provenance";
}

TEST(LabelFile, MismatchesAreErrors) {
    struct Case {
        std::vector<std::vector<int16_t>> scores;
        std::string                       source_provenance, error;
    };
    const Case cases[] = {
        {{{1, 2}, {1, 2, 3}}, "another shard", "is not the shard these labels were made from"},
        {{{1, 2}, {1, 2}}, "source", "labels for 2 plies, the game has 3"},
        {{{1, 2}}, "source", "fewer labelled games than the source shard holds"},
        {{{1, 2}, {1, 2, 3}, {4}}, "source", "more labelled games than the source shard holds"},
    };
    for (const Case& c : cases) {
        LabelFiles files;
        files.write(two_games(), c.scores, c.source_provenance);
        std::vector<GameRecord> read;
        EXPECT_NE(files.read_all(read).find(c.error), std::string::npos) << c.error;
    }
    // A label file cut inside a game's scores.
    LabelFiles files;
    files.write(two_games(), {{1, 2}, {1, 2, 3}}, "source");
    std::ifstream      in(files.labels, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    std::ofstream(files.labels, std::ios::binary) << bytes.str().substr(0, bytes.str().size() - 1);
    std::vector<GameRecord> read;
    EXPECT_EQ(files.read_all(read), "truncated labels");
}

TEST(LabelFile, AGameFileReadsAsItStands) {
    LabelFiles files;
    files.write(two_games(), {}, "source");
    ShardReader reader;
    ASSERT_TRUE(reader.open(files.games).ok());
    EXPECT_EQ(reader.provenance(), "source");
    GameRecord  game;
    std::string error;
    ASSERT_TRUE(reader.next(game, error)) << error;
    EXPECT_EQ(game.plies[0].score, 30);
    std::ofstream(files.labels) << "neither kind";
    EXPECT_FALSE(reader.open(files.labels).ok());
}

} // namespace
} // namespace tsubame
