#pragma once

// USI input as values: one struct per command, mirroring the tokens on the wire. Parsing never
// throws and never fails as a whole: unknown tokens and bad numbers become warnings, and the
// command keeps what could be read (a GUI's `go` must still be answered by one `bestmove`).

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/types.h"

namespace tsubame::usi {

/// Clock arguments shared by `go` and `ponderhit` (milliseconds; absent ones are 0).
struct ClockArgs {
    int64_t time[COLOR_NB] = {0, 0}; ///< btime, wtime
    int64_t inc[COLOR_NB]  = {0, 0}; ///< binc, winc
    int64_t byoyomi        = 0;
    bool    given          = false; ///< At least one of them was on the line.
};

/// `usi`
struct UsiCommand { };
/// `isready`
struct IsReadyCommand { };
/// `usinewgame`
struct UsiNewGameCommand { };
/// `setoption name <id> [value <x>]`; the value is empty when absent or written `<empty>`.
struct SetOptionCommand {
    std::string name;
    std::string value;
};
/// `position startpos|sfen <sfen>|<sfen> [moves ...]`: the start SFEN (the initial
/// position's for `startpos`) and the moves as written, checked when the engine plays them.
struct PositionCommand {
    std::string              sfen;
    std::vector<std::string> moves;
};
/// `go ...` with every limit USI and its extensions define.
struct GoCommand {
    ClockArgs clock;
    int64_t   movetime = 0;
    int       depth    = 0;
    uint64_t  nodes    = 0;
    bool      infinite = false;
    bool      ponder   = false;
    /// `go mate`: absent when not a mate search; nullopt inside for `infinite` or no argument.
    std::optional<std::optional<int64_t>> mate;
    int                      perft = 0; ///< `go perft N` (0 = not perft; -1 = bad depth).
    std::vector<std::string> searchmoves; ///< As written; checked against the position later.
};
/// `stop`
struct StopCommand { };
/// `ponderhit [clock arguments]` (the clock arguments are YaneuraOu's extension).
struct PonderHitCommand {
    ClockArgs clock;
};
/// `gameover win|lose|draw`
struct GameOverCommand {
    std::string result;
};
/// `quit`
struct QuitCommand { };
/// `bench [depth]`
struct BenchCommand {
    int depth = 0; ///< 0 = the default depth.
};
/// `d`: the board diagram.
struct DisplayCommand { };
/// An empty line, or a command that USI defines but Tsubame ignores (`debug`, `register`).
struct IgnoredCommand { };
/// A line that is no command at all, or a command too malformed to act on.
struct InvalidCommand {
    std::string message;
};

/// One parsed line.
using Command =
    std::variant<UsiCommand, IsReadyCommand, UsiNewGameCommand, SetOptionCommand, PositionCommand,
                 GoCommand, StopCommand, PonderHitCommand, GameOverCommand, QuitCommand,
                 BenchCommand, DisplayCommand, IgnoredCommand, InvalidCommand>;

/// A parsed line and the problems found on it (each one sentence, for `info string`).
struct ParsedCommand {
    Command                  command;
    std::vector<std::string> warnings;
};

/// Deepest `go perft` accepted: beyond it even the fastest generator would run for days.
constexpr int MAX_PERFT_DEPTH = 12;
/// Deepest `bench` accepted.
constexpr int MAX_BENCH_DEPTH = 30;

/// Parses a whole decimal integer and nothing else ("12", "-3"; not "12.5", "1e3", "12a").
template <typename Int>
bool parse_integer(std::string_view text, Int& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

/// A line of an openings file (`tsubame match --openings`, `gensfen --openings`) without its
/// `#` comment and its trailing blanks and CR: empty when nothing else is on it.
std::string openings_file_line(std::string line);

/// Parses one line of USI input (any whitespace between tokens, CR-LF endings allowed).
ParsedCommand parse_command(std::string_view line);

/// Parses a whole decimal number, clamped into [min, max]. Fractions are cut ("0.9" gives 0).
/// Returns nullopt for text that is no number; sets `clamped` when the value was out of range.
std::optional<int64_t> parse_number(std::string_view text, int64_t min, int64_t max, bool& clamped);

} // namespace tsubame::usi
