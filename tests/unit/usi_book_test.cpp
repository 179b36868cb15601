// The opening book through the USI loop: BookFile read at isready, a book move answered at
// once with its line and no search, BookMoves, an illegal book move never played, a malformed
// or missing book reported while the engine plays on, `no_book`, USI_OwnBook, and analysis
// and pondering searching as before.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <thread>

#include <unistd.h>

#include "usi_session.h"

namespace tsubame::usi {
namespace {

using Clock = std::chrono::steady_clock;

const std::string BOOK = TSUBAME_TEST_DATA "/book.db";

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

// A search ran: some info line reports nodes searched.
bool searched(const std::string& out) {
    static const std::regex nodes(R"(info depth \d+ seldepth \d+ score \S+ -?\d+ nodes [1-9])");
    return std::regex_search(out, nodes);
}

// A session with the test book read.
struct BookSession : Session {
    explicit BookSession(const std::string& book = BOOK) {
        send("setoption name BookFile value " + book);
        ready = send("isready");
    }
    std::string ready;
};

std::filesystem::path temp_file(const std::string& name, const std::string& text) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("tsubame-book-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
}

TEST(UsiBook, DeclaresTheBookOptions) {
    Session           s;
    const std::string out = s.send("usi");
    for (const char* line :
         {"option name BookFile type string default no_book\n",
          "option name USI_OwnBook type check default true\n",
          "option name BookMoves type spin default 16 min 0 max 10000\n",
          "option name BookEvalDiff type spin default 30 min 0 max 99999\n",
          "option name BookEvalBlackLimit type spin default -99999 min -99999 max 99999\n",
          "option name BookEvalWhiteLimit type spin default -99999 min -99999 max 99999\n",
          "option name BookDepthLimit type spin default 0 min 0 max 99999\n",
          "option name BookIgnoreRate type spin default 0 min 0 max 100\n",
          "option name BookPvMoves type spin default 8 min 1 max 246\n",
          "option name ConsiderBookMoveCount type check default false\n"})
        EXPECT_TRUE(contains(out, line)) << line;
}

TEST(UsiBook, AnswersFromTheBookAtOnceWithItsLine) {
    BookSession s;
    EXPECT_EQ(s.ready, "info string BookFile '" + BOOK
                           + "' loaded: 4 positions, 6 moves; 2 illegal moves left out\nreadyok\n");
    s.send("setoption name BookEvalDiff value 0"); // the best move only
    s.send("position startpos");
    // A minute of byoyomi: a search would take it; the book answers at once, without one.
    const auto        start = Clock::now();
    const std::string out   = s.send("go btime 0 wtime 0 byoyomi 60000");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(30));
    EXPECT_TRUE(std::regex_match(out, std::regex("info depth 16 seldepth 16 score cp 50 nodes 0 "
                                                 "nps 0 time \\d+ hashfull 0 pv 7g7f 3c3d 8h2b\\+ "
                                                 "3a2b B\\*4e 5a4b\nbestmove 7g7f ponder 3c3d\n")))
        << out;
    // BookPvMoves shortens the line, not the ponder move.
    s.send("setoption name BookPvMoves value 2");
    EXPECT_TRUE(contains(s.send("go btime 0 wtime 0 byoyomi 60000"),
                         "pv 7g7f 3c3d\nbestmove 7g7f ponder 3c3d\n"));
    // Fixed depth and nodes play from the book too (a book is for matches at any limit).
    s.send("position startpos moves 7g7f 3c3d");
    EXPECT_TRUE(contains(s.send("go depth 20"), "bestmove 8h2b+ ponder 3a2b\n"));
    s.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    const std::string drop = s.send("go nodes 100000000");
    EXPECT_TRUE(contains(drop, "score cp 80 nodes 0")) << drop;
    EXPECT_TRUE(contains(drop, "bestmove B*4e ponder 5a4b\n")) << drop;
}

TEST(UsiBook, BookMovesIsTheLastMoveNumberPlayedFromTheBook) {
    BookSession s;
    s.send("position startpos moves 2g2f 8c8d 2f2e 8d8e 2e2d"); // move 6, White to move
    s.send("setoption name BookMoves value 6");
    std::string out = s.send("go depth 1");
    EXPECT_FALSE(searched(out)) << out;
    EXPECT_TRUE(contains(out, "score cp -10 nodes 0")) << out;
    EXPECT_TRUE(contains(out, "bestmove 2c2d ponder 2h2d\n")) << out;
    s.send("setoption name BookMoves value 5");
    out = s.send("go depth 1");
    EXPECT_TRUE(searched(out)) << out;
    EXPECT_FALSE(contains(out, "nodes 0 ")) << out;
}

TEST(UsiBook, AnIllegalBookMoveIsNeverPlayed) {
    BookSession s;
    // The book's only move here, 2f2d, is not legal: the engine searches.
    s.send("position startpos moves 2g2f 8c8d");
    const std::string out = s.send("go depth 2");
    EXPECT_TRUE(searched(out)) << out;
    EXPECT_FALSE(contains(out, "2f2d")) << out;
    EXPECT_TRUE(contains(out, "bestmove ")) << out;
}

TEST(UsiBook, AMalformedOrMissingBookIsReportedAndTheEnginePlaysOn) {
    const auto  bad = temp_file("bad.db", "#YANEURAOU-DB2016 1.00\n"
                                           "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/"
                                           "LNSGKGSNL b - 1\n7z7f 3c3d 0 0 1\n");
    BookSession s(bad.string());
    EXPECT_EQ(s.ready, "info string error: BookFile '" + bad.string()
                           + "': line 3: '7z7f' is not a move; playing without a book\nreadyok\n");
    s.send("position startpos");
    std::string out = s.send("go depth 2");
    EXPECT_TRUE(searched(out)) << out;
    EXPECT_TRUE(contains(out, "bestmove ")) << out;

    // Sent again before the next game, a book that failed is read again.
    s.send("setoption name BookFile value " + bad.string());
    EXPECT_TRUE(contains(s.send("isready"), "line 3: '7z7f' is not a move"));

    const std::string missing = (bad.parent_path() / "missing.db").string();
    s.send("setoption name BookFile value " + missing);
    EXPECT_EQ(s.send("isready"), "info string error: BookFile '" + missing
                                     + "': cannot open it; playing without a book\nreadyok\n");
    EXPECT_TRUE(searched(s.send("go depth 2")));

    // A good book afterwards is used.
    s.send("setoption name BookFile value " + BOOK);
    EXPECT_TRUE(contains(s.send("isready"), "loaded: 4 positions"));
    out = s.send("go depth 2");
    EXPECT_FALSE(searched(out)) << out;
    std::filesystem::remove_all(bad.parent_path());
}

TEST(UsiBook, TheSameBookIsReadOnceAndNoBookTurnsItOff) {
    BookSession s;
    // GUIs send every option before each game: the same file is not read again.
    s.send("setoption name BookFile value " + BOOK);
    EXPECT_EQ(s.send("isready"), "readyok\n");
    s.send("position startpos");
    EXPECT_FALSE(searched(s.send("go depth 2")));

    s.send("setoption name BookFile value no_book");
    EXPECT_EQ(s.send("isready"), "readyok\n");
    EXPECT_TRUE(searched(s.send("go depth 2")));

    // Back to the book, then off by YaneuraOu's path form and by an empty value.
    s.send("setoption name BookFile value " + BOOK);
    s.send("isready");
    EXPECT_FALSE(searched(s.send("go depth 2")));
    s.send("setoption name BookFile value book/no_book");
    s.send("isready");
    EXPECT_TRUE(searched(s.send("go depth 2")));
    s.send("setoption name BookFile value " + BOOK);
    s.send("isready");
    s.send("setoption name BookFile value ");
    s.send("isready");
    EXPECT_TRUE(searched(s.send("go depth 2")));
}

TEST(UsiBook, ABookFileSetWithoutIsreadyIsReadAtGo) {
    Session s;
    s.send("setoption name BookFile value " + BOOK);
    s.send("position startpos");
    const std::string out = s.send("go depth 2");
    EXPECT_TRUE(contains(out, "info string BookFile '" + BOOK + "' loaded")) << out;
    EXPECT_FALSE(searched(out)) << out;
}

TEST(UsiBook, OwnBookOffAnalysisAndPonderingSearch) {
    BookSession s;
    s.send("position startpos");
    s.send("setoption name USI_OwnBook value false");
    EXPECT_TRUE(searched(s.send("go depth 2")));
    s.send("setoption name USI_OwnBook value true");
    EXPECT_FALSE(searched(s.send("go depth 2")));

    // Analysis and pondering search the book's positions: the analysis shows the engine's
    // own line, and a ponder search fills the table for the move after ponderhit.
    for (const char* go : {"go infinite", "go ponder btime 0 wtime 0 byoyomi 1000"}) {
        s.out.str("");
        s.loop.handle_line(go);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        s.loop.handle_line("stop");
        s.loop.wait_for_search();
        const std::string out = s.out.str();
        EXPECT_TRUE(searched(out)) << go << "\n" << out;
        EXPECT_TRUE(contains(out, "bestmove ")) << go << "\n" << out;
    }
}

} // namespace
} // namespace tsubame::usi
