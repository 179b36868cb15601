// The opening book (engine/book/book.h): YaneuraOu's text format read from tests/data/book.db
// and from inline text, every kind of malformed line reported with its line number, and the
// choice of a move under the options of YaneuraOu's names.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "book/book.h"
#include "core/notation.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "tools/makebook.h"

namespace tsubame {
namespace {

Status read_text(const std::string& text, Book& book) {
    std::istringstream in(text);
    return Book::read(in, book);
}

Book test_book() {
    std::ifstream file(TSUBAME_TEST_DATA "/book.db", std::ios::binary);
    Book          book;
    EXPECT_TRUE(file);
    const Status s = Book::read(file, book);
    EXPECT_TRUE(s.ok()) << s.message();
    return book;
}

// The USI text of a position's book moves: "move ponder value depth count" each.
std::vector<std::string> moves_of(const Book& book, const std::string& position) {
    Game game;
    EXPECT_TRUE(game.set_position(position).ok()) << position;
    std::vector<std::string> out;
    if (const auto* moves = book.find(game.position()))
        for (const BookMove& m : *moves)
            out.push_back(to_usi(m.move) + " " + to_usi(m.ponder) + " " + std::to_string(m.value)
                          + " " + std::to_string(m.depth) + " " + std::to_string(m.count));
    return out;
}

const std::string HEADER = "#YANEURAOU-DB2016 1.00\n";
const std::string START  = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n";

TEST(Book, ReadsTheTestBook) {
    const Book book = test_book();
    // Five positions in the file; the last one's only move is illegal, so it holds nothing.
    EXPECT_EQ(book.positions(), 4u);
    EXPECT_EQ(book.moves(), 6u);
    EXPECT_EQ(book.illegal_moves(), 2u); // 5e5d at the start, 2f2d after 2g2f 8c8d
    EXPECT_EQ(moves_of(book, "startpos"),
              (std::vector<std::string>{"7g7f 3c3d 50 16 3", "2g2f 8c8d 40 16 1"}));
    EXPECT_TRUE(moves_of(book, "startpos moves 2g2f 8c8d").empty());
}

TEST(Book, PositionsMatchWithAndWithoutMoveNumbers) {
    const Book book = test_book();
    // Written without a move number; found at move 3 and under any other number.
    const std::vector<std::string> expected{"8h2b+ 3a2b 60 18 2", "2g2f none 20 14 1"};
    EXPECT_EQ(moves_of(book, "startpos moves 7g7f 3c3d"), expected);
    EXPECT_EQ(moves_of(book, "sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/"
                             "LNSGKGSNL b - 41"),
              expected);
    // Written with move number 1; found without one, and after a transposition that reaches
    // it again.
    EXPECT_EQ(
        moves_of(book, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -").size(),
        2u);
    EXPECT_EQ(moves_of(book, "startpos moves 5i5h 5a5b 5h5i 5b5a").size(), 2u);
    // The side to move is part of the position.
    EXPECT_TRUE(
        moves_of(book, "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            .empty());
}

TEST(Book, ReadsDropsAndPromotions) {
    const Book book = test_book();
    EXPECT_EQ(moves_of(book, "startpos moves 7g7f 3c3d").front(), "8h2b+ 3a2b 60 18 2");
    EXPECT_EQ(moves_of(book, "startpos moves 7g7f 3c3d 8h2b+ 3a2b"),
              (std::vector<std::string>{"B*4e 5a4b 80 16 1"}));
    Game game;
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d 8h2b+ 3a2b").ok());
    const BookMove& drop = book.find(game.position())->front();
    EXPECT_TRUE(drop.move.is_drop());
    EXPECT_EQ(drop.move.dropped_type(), BISHOP);
    ASSERT_TRUE(game.set_position("startpos moves 7g7f 3c3d").ok());
    EXPECT_TRUE(book.find(game.position())->front().move.is_promotion());
}

TEST(Book, OptionalFieldsCommentsBlankLinesAndCrLf) {
    Book         book;
    const Status s = read_text(HEADER + "// a comment\r\n\r\n# another\r\n" + START
                                   + "7g7f\r\n  2g2f   8c8d  \r\n5g5f none -12\r\n"
                                   + "6g6f none 5 3 7 win draw extra\r\n",
                               book);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(moves_of(book, "startpos"),
              (std::vector<std::string>{"7g7f none 0 0 1", "2g2f 8c8d 0 0 1", "5g5f none -12 0 1",
                                        "6g6f none 5 3 7"}));
}

TEST(Book, IllegalRepliesBecomeNoneAndRepeatedMovesMerge) {
    Book         book;
    const Status s = read_text(HEADER + START + "7g7f 7g7f 10 8 2\n" // the reply is no reply
                                   + "2g2f 8c8d 10 8 2\n" + START + "2g2f 3c3d 30 12 5\n"
                                   + "resign none 0 0 1\n",
                               book);
    ASSERT_TRUE(s.ok()) << s.message();
    // The repeated move keeps the last line's reply, value and depth, and both counts.
    EXPECT_EQ(moves_of(book, "startpos"),
              (std::vector<std::string>{"7g7f none 10 8 2", "2g2f 3c3d 30 12 7"}));
    EXPECT_EQ(book.moves(), 2u);
    EXPECT_EQ(book.illegal_moves(), 1u); // `resign` is no move to play
}

// Each kind of malformed book, with the line named.
TEST(Book, MalformedBooksAreRejectedWithTheLineNumber) {
    const std::pair<std::string, std::string> cases[] = {
        {"", "empty"},
        {"\n\n", "empty"},
        {START + "7g7f 3c3d 0 0 1\n", "line 1: not a YaneuraOu book"},
        {"\x89PNG\r\n", "line 1: not a YaneuraOu book"},
        {HEADER + "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1\n",
         "line 2: bad SFEN"},
        {HEADER + "sfen\n", "line 2: bad SFEN"},
        {HEADER + "7g7f 3c3d 0 0 1\n", "line 2: a move before the first sfen line"},
        {HEADER + START + "7g7f 3c3d\n7z7f 3c3d 0 0 1\n", "line 4: '7z7f' is not a move"},
        {HEADER + START + "\n7g7f 3c3 0 0 1\n", "line 4: '3c3' is not a move or none"},
        {HEADER + START + "7g7f 3c3d 1.5 0 1\n", "line 3: value '1.5' is not a number"},
        {HEADER + START + "7g7f 3c3d 10 deep 1\n", "line 3: depth 'deep' is not a number"},
        {HEADER + START + "7g7f 3c3d 10 8 -1\n", "line 3: count '-1' is not a number"},
        {HEADER + START + std::string(5000, '7') + "\n", "line 3: longer than 4096 characters"},
        {std::string(100000, '\0'), "line 1: longer than 4096 characters"},
        {HEADER + START + "7g7f 3c3d 99999999999 8 1\n",
         "line 3: value '99999999999' is out of range"},
    };
    for (const auto& [text, message] : cases) {
        Book         book;
        const Status s = read_text(text, book);
        EXPECT_FALSE(s.ok()) << text;
        EXPECT_TRUE(s.message().starts_with(message)) << s.message() << "\nexpected: " << message;
        EXPECT_EQ(book.positions(), 0u) << "a bad book is no book";
    }
    // A good book read into a Book that held another is replaced; a bad one empties it.
    Book book = test_book();
    EXPECT_FALSE(read_text(HEADER + "7g7f\n", book).ok());
    EXPECT_EQ(book.positions(), 0u);
}

// The book's choice at a position, under options.
struct Chooser {
    Book              book = test_book();
    BookOptions       options;
    std::mt19937_64   rng{12345};
    std::vector<Move> searchmoves;

    std::optional<BookChoice> at(const std::string& position) {
        Game game;
        EXPECT_TRUE(game.set_position(position).ok());
        return choose_book_move(book, game.position(), options, searchmoves, rng);
    }
    std::string pv_at(const std::string& position) {
        const auto  c = at(position);
        std::string pv;
        if (c)
            for (Move m : c->pv)
                pv += (pv.empty() ? "" : " ") + to_usi(m);
        return pv;
    }
    // How often each move is chosen in n tries.
    std::map<std::string, int> tally(const std::string& position, int n) {
        std::map<std::string, int> seen;
        for (int i = 0; i < n; ++i) {
            const auto c = at(position);
            ++seen[c ? to_usi(c->move) : "search"];
        }
        return seen;
    }
};

TEST(BookChoice, PlaysTheBookMoveWithItsValueDepthPonderAndLine) {
    Chooser c;
    c.options.eval_diff = 0; // the best move only
    const auto choice   = c.at("startpos");
    ASSERT_TRUE(choice);
    EXPECT_EQ(to_usi(choice->move), "7g7f");
    EXPECT_EQ(to_usi(choice->ponder), "3c3d");
    EXPECT_EQ(choice->value, 50);
    EXPECT_EQ(choice->depth, 16);
    EXPECT_EQ(choice->candidates, 1);
    // The line: the move, its expected reply, the book's best move there (8h2b+), its reply,
    // then the drop, whose reply 5a4b ends the book.
    EXPECT_EQ(c.pv_at("startpos"), "7g7f 3c3d 8h2b+ 3a2b B*4e 5a4b");
    c.options.pv_moves = 3;
    EXPECT_EQ(c.pv_at("startpos"), "7g7f 3c3d 8h2b+");
    c.options.pv_moves = 1;
    EXPECT_EQ(c.pv_at("startpos"), "7g7f");
    EXPECT_EQ(to_usi(c.at("startpos")->ponder), "3c3d") << "the ponder move beyond the PV";
    // A move with no expected reply whose position is not in the book: no ponder move.
    c.options.pv_moves = 8;
    const auto after   = c.at("startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    ASSERT_TRUE(after);
    EXPECT_EQ(c.pv_at("startpos moves 7g7f 3c3d 8h2b+ 3a2b"), "B*4e 5a4b");
}

TEST(BookChoice, BookMovesCountsTheMoveNumber) {
    // The position after 2g2f 8c8d 2f2e 8d8e 2e2d is move 6: BookMoves 6 plays from the book,
    // 5 does not (YaneuraOu: the book answers while the move number is at most BookMoves).
    const std::string six = "startpos moves 2g2f 8c8d 2f2e 8d8e 2e2d";
    Chooser           c;
    c.options.max_ply = 6;
    ASSERT_TRUE(c.at(six));
    EXPECT_EQ(to_usi(c.at(six)->move), "2c2d");
    c.options.max_ply = 5;
    EXPECT_FALSE(c.at(six));
    EXPECT_TRUE(c.at("startpos"));
    c.options.max_ply = 0;
    EXPECT_FALSE(c.at("startpos"));
}

TEST(BookChoice, NeverPlaysAnIllegalMoveAndMissesPositionsNotInTheBook) {
    Chooser c;
    // The book's only move after 2g2f 8c8d is illegal: the reader left it out.
    EXPECT_FALSE(c.at("startpos moves 2g2f 8c8d"));
    EXPECT_FALSE(c.at("startpos moves 5g5f"));
    // 5e5d at the start was left out too: it is never chosen.
    for (const auto& [move, n] : c.tally("startpos", 200))
        EXPECT_TRUE(move == "7g7f" || move == "2g2f") << move;
}

TEST(BookChoice, EvalDiffEvalLimitsAndDepthLimitPrune) {
    Chooser c;
    // 7g7f 50 and 2g2f 40: within 30 both are chosen, evenly by default.
    auto seen = c.tally("startpos", 2000);
    EXPECT_EQ(seen.size(), 2u);
    EXPECT_NEAR(seen["7g7f"], 1000, 150);
    c.options.eval_diff = 9;
    EXPECT_EQ(c.tally("startpos", 50), (std::map<std::string, int>{{"7g7f", 50}}));
    // The side to move's floor: Black needs 45, so only 7g7f; White's floor applies to White.
    c.options.eval_diff         = 30;
    c.options.eval_limit[BLACK] = 45;
    EXPECT_EQ(c.tally("startpos", 50), (std::map<std::string, int>{{"7g7f", 50}}));
    c.options.eval_limit[BLACK] = 51;
    EXPECT_FALSE(c.at("startpos"));
    const std::string white_to_move = "startpos moves 2g2f 8c8d 2f2e 8d8e 2e2d";
    EXPECT_TRUE(c.at(white_to_move)) << "Black's floor is not White's";
    c.options.eval_limit[WHITE] = -9;
    EXPECT_FALSE(c.at(white_to_move)) << "2c2d is valued -10";
    // Depth: after 7g7f 3c3d, 8h2b+ was searched to 18 and 2g2f to 14.
    c.options             = BookOptions();
    c.options.eval_diff   = 99999;
    c.options.depth_limit = 15;
    EXPECT_EQ(c.tally("startpos moves 7g7f 3c3d", 50), (std::map<std::string, int>{{"8h2b+", 50}}));
    c.options.depth_limit = 19;
    EXPECT_FALSE(c.at("startpos moves 7g7f 3c3d"));
}

TEST(BookChoice, ByCountFollowsTheCountsAndIgnoreRateSkipsTheBook) {
    Chooser c;
    c.options.by_count = true; // ConsiderBookMoveCount: 7g7f 3 times, 2g2f once
    auto seen          = c.tally("startpos", 4000);
    EXPECT_NEAR(seen["7g7f"], 3000, 200);
    EXPECT_NEAR(seen["2g2f"], 1000, 200);
    c.options.by_count    = false;
    c.options.ignore_rate = 100;
    EXPECT_FALSE(c.at("startpos"));
    c.options.ignore_rate = 25;
    seen                  = c.tally("startpos", 4000);
    EXPECT_NEAR(seen["search"], 1000, 200);
    c.options.ignore_rate = 0;
    c.options.own_book    = false; // USI_OwnBook false
    EXPECT_FALSE(c.at("startpos"));
}

TEST(BookChoice, SearchmovesRestrictTheBook) {
    Chooser c;
    Game    game;
    ASSERT_TRUE(game.set_position("startpos").ok());
    std::string error;
    c.searchmoves = {parse_legal_move(game.position(), "2g2f", error)};
    EXPECT_EQ(c.tally("startpos", 50), (std::map<std::string, int>{{"2g2f", 50}}));
    c.searchmoves = {parse_legal_move(game.position(), "5g5f", error)};
    EXPECT_FALSE(c.at("startpos"));
}

// makebook: the positions along the lines, each searched; a book the reader accepts, whose
// moves are legal, and the same book from the same lines.
TEST(MakeBook, WritesABookOfTheLinesPositions) {
    const std::string lines =
        "# two openings\nstartpos moves 7g7f 3c3d 2g2f\n\nstartpos moves 7g7f 8c8d\n"
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d\n";
    usi::MakeBookOptions options;
    options.plies   = 3; // move numbers 1 to 3
    options.depth   = 3;
    options.hash_mb = 8;
    std::string text[2];
    for (std::string& t : text) {
        std::istringstream in(lines);
        std::ostringstream out, log;
        const Status       s = usi::make_book(in, options, out, log);
        ASSERT_TRUE(s.ok()) << s.message();
        t = out.str();
    }
    EXPECT_EQ(text[0], text[1]) << "the same lines give the same book";
    EXPECT_TRUE(text[0].starts_with("#YANEURAOU-DB2016 1.00\nsfen ")) << text[0];
    Book         book;
    const Status s = read_text(text[0], book);
    ASSERT_TRUE(s.ok()) << s.message();
    // startpos, 7g7f, 7g7f 3c3d, 7g7f 8c8d, and White to move at move 2 (a position of its
    // own) and after its 8c8d: six positions, one move each, all legal.
    EXPECT_EQ(book.positions(), 6u) << text[0];
    EXPECT_EQ(book.moves(), 6u);
    EXPECT_EQ(book.illegal_moves(), 0u);
    EXPECT_EQ(moves_of(book, "startpos moves 7g7f 3c3d 2g2f").size(), 0u) << "move 4: past --plies";
    const auto start = moves_of(book, "startpos");
    ASSERT_EQ(start.size(), 1u);
    EXPECT_TRUE(start.front().ends_with(" 3 1")) << start.front(); // depth 3, count 1

    std::istringstream bad("startpos moves 7g7f 7g7f\n");
    std::ostringstream out, log;
    const Status       e = usi::make_book(bad, options, out, log);
    EXPECT_FALSE(e.ok());
    EXPECT_TRUE(e.message().starts_with("line 1: ")) << e.message();
}

} // namespace
} // namespace tsubame
