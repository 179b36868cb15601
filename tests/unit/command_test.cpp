// The USI command parser: every command and argument, and what it does with bad input.

#include <gtest/gtest.h>

#include <limits>

#include "command.h"
#include "core/position.h"

namespace tsubame::usi {
namespace {

template <typename T>
T parse_as(std::string_view line) {
    const ParsedCommand parsed = parse_command(line);
    EXPECT_TRUE(std::holds_alternative<T>(parsed.command)) << line;
    return std::holds_alternative<T>(parsed.command) ? std::get<T>(parsed.command) : T{};
}

TEST(Command, SimpleCommandsAndCrLf) {
    parse_as<UsiCommand>("usi\r");
    parse_as<IsReadyCommand>("  isready  ");
    parse_as<UsiNewGameCommand>("usinewgame\r\n");
    parse_as<StopCommand>("stop");
    parse_as<QuitCommand>("quit\r");
    parse_as<DisplayCommand>("d");
    parse_as<IgnoredCommand>("");
    parse_as<IgnoredCommand>(" \t\r");
    parse_as<IgnoredCommand>("debug on");
    EXPECT_EQ(parse_as<GameOverCommand>("gameover lose").result, "lose");
    EXPECT_EQ(parse_as<InvalidCommand>("fly me to the moon").message, "unknown command 'fly'");
}

TEST(Command, GoReadsEveryLimit) {
    const GoCommand go = parse_as<GoCommand>(
        "go ponder btime 1000 wtime 2000 binc 30 winc 40 byoyomi 500 movetime 7 depth 9 nodes "
        "123456789012 infinite");
    EXPECT_TRUE(go.ponder);
    EXPECT_TRUE(go.infinite);
    EXPECT_TRUE(go.clock.given);
    EXPECT_EQ(go.clock.time[BLACK], 1000);
    EXPECT_EQ(go.clock.time[WHITE], 2000);
    EXPECT_EQ(go.clock.inc[BLACK], 30);
    EXPECT_EQ(go.clock.inc[WHITE], 40);
    EXPECT_EQ(go.clock.byoyomi, 500);
    EXPECT_EQ(go.movetime, 7);
    EXPECT_EQ(go.depth, 9);
    EXPECT_EQ(go.nodes, 123456789012u);
    EXPECT_FALSE(go.mate.has_value());
    EXPECT_EQ(go.perft, 0);
    EXPECT_FALSE(parse_as<GoCommand>("go depth 3").clock.given);
}

TEST(Command, GoSearchmovesTakesTheRestOfTheLine) {
    const GoCommand go = parse_as<GoCommand>("go byoyomi 100 searchmoves 7g7f P*5e 2b3c+");
    EXPECT_EQ(go.clock.byoyomi, 100);
    EXPECT_EQ(go.searchmoves, (std::vector<std::string>{"7g7f", "P*5e", "2b3c+"}));
}

TEST(Command, GoMateForms) {
    EXPECT_EQ(parse_as<GoCommand>("go mate 5000").mate, std::optional<int64_t>(5000));
    const GoCommand infinite = parse_as<GoCommand>("go mate infinite");
    ASSERT_TRUE(infinite.mate.has_value());
    EXPECT_FALSE(infinite.mate->has_value());
    const GoCommand bare = parse_as<GoCommand>("go mate");
    ASSERT_TRUE(bare.mate.has_value());
    EXPECT_FALSE(bare.mate->has_value());
}

// Bad numbers never throw: they are clamped or ignored with a warning, and the go stays.
TEST(Command, GoSurvivesBadNumbers) {
    ParsedCommand parsed = parse_command("go btime 99999999999999999999999 wtime -5 byoyomi x "
                                         "movetime 0.9 binc 0 winc 0 depth");
    ASSERT_TRUE(std::holds_alternative<GoCommand>(parsed.command));
    const GoCommand& go = std::get<GoCommand>(parsed.command);
    EXPECT_EQ(go.clock.time[BLACK], std::numeric_limits<int64_t>::max() / 4);
    EXPECT_EQ(go.clock.time[WHITE], 0);
    EXPECT_EQ(go.clock.byoyomi, 0);
    EXPECT_EQ(go.movetime, 0); // Lishogi-Bot's "movetime 0.9": the fraction is cut
    EXPECT_EQ(go.depth, 0);
    // btime clamped, wtime clamped, byoyomi not a number, unknown token 'x', depth missing.
    EXPECT_EQ(parsed.warnings.size(), 5u);
    for (const std::string& w : parsed.warnings)
        EXPECT_FALSE(w.empty());
}

TEST(Command, PerftDepthIsChecked) {
    EXPECT_EQ(parse_as<GoCommand>("go perft 5").perft, 5);
    EXPECT_EQ(parse_as<GoCommand>("perft 3").perft, 3);
    for (const char* line : {"go perft", "go perft 0", "go perft 13", "go perft x", "perft",
                             "perft 99999999999999999999"})
        parse_as<InvalidCommand>(line);
}

TEST(Command, PonderhitMayCarryAClock) {
    EXPECT_FALSE(parse_as<PonderHitCommand>("ponderhit").clock.given);
    const PonderHitCommand hit = parse_as<PonderHitCommand>("ponderhit btime 5 wtime 6 byoyomi 7");
    EXPECT_TRUE(hit.clock.given);
    EXPECT_EQ(hit.clock.time[BLACK], 5);
    EXPECT_EQ(hit.clock.time[WHITE], 6);
    EXPECT_EQ(hit.clock.byoyomi, 7);
}

TEST(Command, SetoptionValues) {
    SetOptionCommand o = parse_as<SetOptionCommand>("setoption name USI_Hash value 256");
    EXPECT_EQ(o.name, "USI_Hash");
    EXPECT_EQ(o.value, "256");
    EXPECT_EQ(parse_as<SetOptionCommand>("setoption name BookFile value ").value, "");
    EXPECT_EQ(parse_as<SetOptionCommand>("setoption name BookFile value <empty>").value, "");
    EXPECT_EQ(parse_as<SetOptionCommand>("setoption name ClearHash").value, "");
    EXPECT_EQ(parse_as<SetOptionCommand>("setoption name Eval Dir value a b").value, "a b");
    parse_as<InvalidCommand>("setoption");
    parse_as<InvalidCommand>("setoption name");
    parse_as<InvalidCommand>("setoption name value 3");
    parse_as<InvalidCommand>("setoption USI_Hash 3");
}

TEST(Command, PositionKeepsItsArguments) {
    const auto start = parse_as<PositionCommand>("position  startpos   moves 7g7f\r");
    EXPECT_EQ(start.sfen, Position::START_SFEN);
    EXPECT_EQ(start.moves, std::vector<std::string>{"7g7f"});
    const auto sfen = parse_as<PositionCommand>("position sfen 4k4/9/9/9/9/9/9/9/4K4  b G 1");
    EXPECT_EQ(sfen.sfen, "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    EXPECT_TRUE(sfen.moves.empty());
    const auto bare = parse_as<PositionCommand>("position 4k4/9/9/9/9/9/9/9/4K4 w - 1 moves");
    EXPECT_EQ(bare.sfen, "4k4/9/9/9/9/9/9/9/4K4 w - 1");
    EXPECT_TRUE(bare.moves.empty());
    // A bad SFEN or move is the engine's to refuse; a malformed command is refused here.
    EXPECT_EQ(parse_as<PositionCommand>("position sfen moves 7g7f x").moves,
              (std::vector<std::string>{"7g7f", "x"}));
    EXPECT_EQ(parse_as<InvalidCommand>("position").message, "position needs 'startpos' or an SFEN");
    EXPECT_EQ(parse_as<InvalidCommand>("position startpos junk moves 7g7f").message,
              "unexpected 'junk' after 'position startpos'");
}

TEST(Command, ParseNumber) {
    bool clamped = false;
    EXPECT_EQ(parse_number("42", 0, 100, clamped), 42);
    EXPECT_FALSE(clamped);
    EXPECT_EQ(parse_number("+42", 0, 100, clamped), 42);
    EXPECT_EQ(parse_number("420", 0, 100, clamped), 100);
    EXPECT_TRUE(clamped);
    EXPECT_EQ(parse_number("-99999999999999999999999", -7, 100, clamped), -7);
    EXPECT_TRUE(clamped);
    EXPECT_EQ(parse_number("12.75", 0, 100, clamped), 12);
    for (const char* bad : {"", "-", "+", "1e3", "12a", "0x10", "1.2.3", ".5", "--1"})
        EXPECT_EQ(parse_number(bad, 0, 100, clamped), std::nullopt) << bad;
}

} // namespace
} // namespace tsubame::usi
