#include "command.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <span>

#include "core/tokens.h"
#include "rules/game.h"

namespace tsubame::usi {

namespace {

using Tokens = std::vector<std::string_view>;

constexpr int64_t INT64_MAXIMUM = std::numeric_limits<int64_t>::max();

std::string join(const Tokens& tokens, size_t begin, size_t end) {
    std::string s;
    for (size_t i = begin; i < end && i < tokens.size(); ++i) {
        if (i > begin) s += ' ';
        s += tokens[i];
    }
    return s;
}

// Reads the number after tokens[i] into `field`, clamped into [0, max]; advances i past it
// when it is a number. Problems become warnings; the field keeps its value then.
template <typename Int>
void read_number(const Tokens& tokens, size_t& i, Int& field, int64_t max,
                 std::vector<std::string>& warnings) {
    const std::string name(tokens[i]);
    if (i + 1 >= tokens.size()) {
        warnings.push_back(name + " needs a number; ignored");
        return;
    }
    bool       clamped = false;
    const auto value   = parse_number(tokens[i + 1], 0, max, clamped);
    if (!value) {
        warnings.push_back(name + " needs a number, not '" + std::string(tokens[i + 1])
                           + "'; ignored");
        return;
    }
    ++i;
    if (clamped)
        warnings.push_back(name + " " + std::string(tokens[i]) + " is out of range; using "
                           + std::to_string(*value));
    field = Int(*value);
}

// Reads a clock argument at tokens[i] if it is one. Returns false for other tokens.
bool read_clock(const Tokens& tokens, size_t& i, ClockArgs& clock,
                std::vector<std::string>& warnings) {
    const std::string_view t     = tokens[i];
    int64_t*               field = t == "btime"   ? &clock.time[BLACK]
                                 : t == "wtime"   ? &clock.time[WHITE]
                                 : t == "binc"    ? &clock.inc[BLACK]
                                 : t == "winc"    ? &clock.inc[WHITE]
                                 : t == "byoyomi" ? &clock.byoyomi
                                                  : nullptr;
    if (!field) return false;
    read_number(tokens, i, *field, INT64_MAXIMUM / 4, warnings);
    clock.given = true;
    return true;
}

GoCommand parse_go(const Tokens& tokens, std::vector<std::string>& warnings) {
    GoCommand go;
    for (size_t i = 1; i < tokens.size(); ++i) {
        const std::string_view t = tokens[i];
        if (read_clock(tokens, i, go.clock, warnings)) continue;
        if (t == "movetime")
            read_number(tokens, i, go.movetime, INT64_MAXIMUM / 4, warnings);
        else if (t == "depth")
            read_number(tokens, i, go.depth, std::numeric_limits<int>::max(), warnings);
        else if (t == "nodes")
            read_number(tokens, i, go.nodes, INT64_MAXIMUM, warnings);
        else if (t == "infinite")
            go.infinite = true;
        else if (t == "ponder")
            go.ponder = true;
        else if (t == "mate") {
            // `go mate <ms>`, `go mate infinite`, or nothing (= infinite).
            go.mate.emplace();
            if (i + 1 < tokens.size() && tokens[i + 1] == "infinite")
                ++i;
            else if (i + 1 < tokens.size() && tokens[i + 1] != "searchmoves") {
                // A bad time leaves the search without a limit: `stop` still ends it.
                int64_t      ms = -1;
                const size_t at = i;
                read_number(tokens, i, ms, INT64_MAXIMUM / 4, warnings);
                if (i != at) *go.mate = ms;
            }
        } else if (t == "perft") {
            bool       clamped = false;
            const auto depth   = i + 1 < tokens.size()
                                   ? parse_number(tokens[i + 1], 0, MAX_PERFT_DEPTH + 1, clamped)
                                   : std::nullopt;
            if (i + 1 < tokens.size()) ++i; // the depth, even a bad one
            go.perft = depth && *depth >= 1 && *depth <= MAX_PERFT_DEPTH ? int(*depth) : -1;
        } else if (t == "searchmoves") {
            // The rest of the line (drop letters stay upper case).
            for (++i; i < tokens.size(); ++i)
                go.searchmoves.emplace_back(tokens[i]);
        } else
            warnings.push_back("go: unknown token '" + std::string(t) + "' ignored");
    }
    return go;
}

Command parse_position(const Tokens& tokens) {
    PositionArgs args;
    if (Status s = parse_position_args(std::span(tokens).subspan(1), args); !s.ok())
        return InvalidCommand{s.message()};
    return PositionCommand{std::move(args.sfen), std::move(args.moves)};
}

Command parse_setoption(const Tokens& tokens) {
    if (tokens.size() < 3 || tokens[1] != "name")
        return InvalidCommand{"setoption needs 'name <id> [value <x>]'"};
    size_t value_at = 2;
    while (value_at < tokens.size() && tokens[value_at] != "value")
        ++value_at;
    if (value_at == 2) return InvalidCommand{"setoption needs an option name"};
    SetOptionCommand option{join(tokens, 2, value_at), join(tokens, value_at + 1, tokens.size())};
    if (option.value == "<empty>") option.value.clear();
    return option;
}

} // namespace

std::string openings_file_line(std::string line) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.pop_back();
    return line;
}

std::optional<int64_t> parse_number(std::string_view text, int64_t min, int64_t max,
                                    bool& clamped) {
    clamped = false;
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    const char* const end   = text.data() + text.size();
    int64_t           value = 0;
    auto [ptr, ec]          = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range) {
        // All digits, too many of them: the nearest bound.
        const bool negative = text.front() == '-';
        if (!std::all_of(text.begin() + negative, text.end(),
                         [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        clamped = true;
        return negative ? min : max;
    }
    if (ec != std::errc()) return std::nullopt;
    if (ptr != end) {
        // A fraction is cut; anything else makes the text no number.
        if (*ptr != '.' || !std::all_of(ptr + 1, end, [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
    }
    if (value < min || value > max) {
        clamped = true;
        value   = std::clamp(value, min, max);
    }
    return value;
}

ParsedCommand parse_command(std::string_view line) {
    const Tokens  tokens = split_tokens(line);
    ParsedCommand parsed{IgnoredCommand{}, {}};
    if (tokens.empty()) return parsed;
    const std::string_view cmd      = tokens[0];
    auto&                  warnings = parsed.warnings;

    if (cmd == "usi")
        parsed.command = UsiCommand{};
    else if (cmd == "isready")
        parsed.command = IsReadyCommand{};
    else if (cmd == "usinewgame")
        parsed.command = UsiNewGameCommand{};
    else if (cmd == "setoption")
        parsed.command = parse_setoption(tokens);
    else if (cmd == "position")
        parsed.command = parse_position(tokens);
    else if (cmd == "go") {
        GoCommand go = parse_go(tokens, warnings);
        // A perft of a bad depth is refused: a search in its place would not be asked for.
        if (go.perft < 0)
            parsed.command = InvalidCommand{"go perft needs a depth from 1 to "
                                            + std::to_string(MAX_PERFT_DEPTH)};
        else
            parsed.command = std::move(go);
    } else if (cmd == "stop")
        parsed.command = StopCommand{};
    else if (cmd == "ponderhit") {
        PonderHitCommand hit;
        for (size_t i = 1; i < tokens.size(); ++i)
            if (!read_clock(tokens, i, hit.clock, warnings))
                warnings.push_back("ponderhit: unknown token '" + std::string(tokens[i])
                                   + "' ignored");
        parsed.command = hit;
    } else if (cmd == "gameover")
        parsed.command = GameOverCommand{tokens.size() > 1 ? std::string(tokens[1]) : ""};
    else if (cmd == "quit")
        parsed.command = QuitCommand{};
    else if (cmd == "perft") {
        // Shorthand for `go perft N`.
        Tokens go{"go", "perft"};
        go.insert(go.end(), tokens.begin() + 1, tokens.end());
        GoCommand perft = parse_go(go, warnings);
        if (perft.perft > 0)
            parsed.command = perft;
        else
            parsed.command =
                InvalidCommand{"perft needs a depth from 1 to " + std::to_string(MAX_PERFT_DEPTH)};
    } else if (cmd == "bench") {
        BenchCommand bench;
        bool         clamped = false;
        if (tokens.size() > 1) {
            const auto depth = parse_number(tokens[1], 1, MAX_BENCH_DEPTH, clamped);
            if (!depth || clamped) {
                parsed.command = InvalidCommand{"bench takes a depth from 1 to "
                                                + std::to_string(MAX_BENCH_DEPTH)};
                return parsed;
            }
            bench.depth = int(*depth);
        }
        parsed.command = bench;
    } else if (cmd == "d")
        parsed.command = DisplayCommand{};
    else if (cmd == "debug" || cmd == "register")
        parsed.command = IgnoredCommand{};
    else
        parsed.command = InvalidCommand{"unknown command '" + std::string(cmd) + "'"};
    return parsed;
}

} // namespace tsubame::usi
