#include "tools/perft_tools.h"

#include <charconv>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "command.h"
#include "core/attacks.h"
#include "core/notation.h"
#include "match/usi_client.h"
#include "movegen/movegen.h"
#include "rules/game.h"
#include "tools/tools.h"

namespace tsubame::usi {

namespace {

// Command-line flags: `--name value` pairs; `--option` may repeat.
struct Flags {
    std::map<std::string, std::string>               values;
    std::vector<std::pair<std::string, std::string>> options;
    std::string                                      error;
};

Flags parse_flags(int argc, char* argv[], int first) {
    Flags flags;
    for (int i = first; i < argc; ++i) {
        const std::string name = argv[i];
        if (!name.starts_with("--") || i + 1 >= argc) {
            flags.error = "expected --flag value, got '" + name + "'";
            return flags;
        }
        const std::string value = argv[++i];
        if (name == "--option") {
            const size_t eq = value.find('=');
            if (eq == std::string::npos) {
                flags.error = "--option needs NAME=VALUE, got '" + value + "'";
                return flags;
            }
            flags.options.emplace_back(value.substr(0, eq), value.substr(eq + 1));
        } else
            flags.values[name.substr(2)] = value;
    }
    return flags;
}

// The SFEN of a position spec, or the spec itself if it does not load.
std::string sfen_of(const std::string& spec) {
    Game game;
    return game.set_position(spec).ok() ? game.position().sfen() : spec;
}

// Why Tsubame refuses `move` in the position `spec`: the pawn-drop rules by name, since they
// are the usual culprits; otherwise the generator's message.
std::string verdict(const std::string& spec, const std::string& move) {
    Game game;
    if (!game.set_position(spec).ok()) return "position does not load";
    const Position& pos = game.position();
    std::string     error;
    if (parse_legal_move(pos, move, error) != Move::none()) return "legal for Tsubame";
    const auto text = parse_move_text(move);
    if (text && text->drop && text->piece == PAWN && pos.hand(pos.side_to_move()).count(PAWN)
        && pos.piece_on(text->to) == NO_PIECE) {
        if (pos.pieces(pos.side_to_move(), PAWN) & file_bb(file_of(text->to)))
            return "illegal: two pawns on a file (nifu)";
        const Square king = pos.king_square(~pos.side_to_move());
        if (king != SQ_NONE && (pawn_attacks(pos.side_to_move(), text->to) & Bitboard::square(king))
            && pos.pawn_drop_mates(text->to))
            return "illegal: pawn-drop mate (uchifuzume)";
    }
    return error;
}

constexpr std::string_view BISECT_USAGE =
    "usage: tsubame perft-bisect --engine CMD [--option NAME=VALUE]... "
    "[--position SPEC] --depth N [--timeout SECONDS]\n"
    "  SPEC as after `position`, e.g. \"startpos moves 7g7f\" or \"sfen ...\"\n";
constexpr std::string_view CHECK_USAGE =
    "usage: tsubame perft-check --file FILE [--engine CMD] [--option NAME=VALUE]... "
    "[--max-count N]\n"
    "  FILE rows: sfen<TAB>depth<TAB>count[<TAB>...]; rows above N leaves are skipped\n";

} // namespace

int run_perft_bisect(int argc, char* argv[], std::ostream& out) {
    if (asks_for_help(argc, argv)) {
        out << BISECT_USAGE;
        return 0;
    }
    const Flags flags = parse_flags(argc, argv, 2);
    int64_t     depth = 0, timeout_s = 3600;
    if (!flags.error.empty() || !flags.values.contains("engine") || !flags.values.contains("depth")
        || !parse_integer(flags.values.at("depth"), depth) || depth < 1 || depth > 12
        || (flags.values.contains("timeout")
            && !parse_integer(flags.values.at("timeout"), timeout_s))) {
        out << (flags.error.empty() ? "" : "error: " + flags.error + "\n") << BISECT_USAGE;
        return 2;
    }
    std::string spec = flags.values.contains("position") ? flags.values.at("position") : "startpos";
    std::unique_ptr<UsiClient> other;
    try {
        other = std::make_unique<UsiClient>(flags.values.at("engine"), flags.options);
    } catch (const std::exception& e) {
        out << "error: " << e.what() << "\n";
        return 2;
    }
    const std::string them = other->name();
    for (int d = int(depth); d >= 1; --d) {
        std::string error;
        const auto  ours = own_divide(spec, d, error);
        if (!ours) {
            out << "error: Tsubame cannot load 'position " << spec << "': " << error << "\n";
            return 2;
        }
        const auto theirs = other->divide(spec, d, Millis(timeout_s * 1000));
        if (!theirs) {
            out << "error: " << them << " gave no perft total for 'position " << spec << "' depth "
                << d << "\n";
            return 2;
        }
        out << "position " << spec << "\n  depth " << d << ": Tsubame " << ours->total << ", "
            << them << " " << theirs->total << "\n";
        // Moves that only one engine generates: the bug is here.
        std::vector<std::string> only_ours, only_theirs;
        for (const auto& [move, count] : ours->moves)
            if (!theirs->moves.contains(move)) only_ours.push_back(move);
        for (const auto& [move, count] : theirs->moves)
            if (!ours->moves.contains(move)) only_theirs.push_back(move);
        if (!only_ours.empty() || !only_theirs.empty()) {
            out << "\nDIFFERENCE at sfen " << sfen_of(spec) << "\n  (position " << spec << ")\n";
            for (const std::string& m : only_theirs)
                out << "  " << m << ": generated by " << them
                    << " only (Tsubame: " << verdict(spec, m) << ")\n";
            for (const std::string& m : only_ours)
                out << "  " << m << ": generated by Tsubame only\n";
            return 1;
        }
        // The first move whose subtree counts differ leads one ply deeper.
        std::string next;
        for (const auto& [move, count] : ours->moves)
            if (theirs->moves.at(move) != count) {
                next = move;
                out << "  " << move << ": Tsubame " << count << ", " << them << " "
                    << theirs->moves.at(move) << "\n";
                break;
            }
        if (next.empty()) {
            if (ours->total != theirs->total) {
                out << "\nthe divides agree but the totals differ: " << them
                    << " adds its moves up wrongly\n";
                return 1;
            }
            out << "\nno difference: both engines count " << ours->total << "\n";
            return 0;
        }
        spec += spec.find(" moves") == std::string::npos ? " moves " + next : " " + next;
    }
    return 1; // not reached: at depth 1 a difference is a move only one engine has
}

int run_perft_check(int argc, char* argv[], std::ostream& out) {
    if (asks_for_help(argc, argv)) {
        out << CHECK_USAGE;
        return 0;
    }
    const Flags flags     = parse_flags(argc, argv, 2);
    int64_t     max_count = INT64_MAX;
    if (!flags.error.empty() || !flags.values.contains("file")
        || (flags.values.contains("max-count")
            && !parse_integer(flags.values.at("max-count"), max_count))) {
        out << (flags.error.empty() ? "" : "error: " + flags.error + "\n") << CHECK_USAGE;
        return 2;
    }
    std::ifstream in(flags.values.at("file"));
    if (!in) {
        out << "error: cannot read " << flags.values.at("file") << "\n";
        return 2;
    }
    std::unique_ptr<UsiClient> other;
    if (flags.values.contains("engine")) try {
            other = std::make_unique<UsiClient>(flags.values.at("engine"), flags.options);
        } catch (const std::exception& e) {
            out << "error: " << e.what() << "\n";
            return 2;
        }
    const std::string name    = other ? other->name() : "Tsubame";
    int               checked = 0, mismatches = 0, skipped = 0;
    std::string       line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        for (size_t begin = 0;;) {
            const size_t tab = line.find('\t', begin);
            fields.push_back(line.substr(begin, tab - begin));
            if (tab == std::string::npos) break;
            begin = tab + 1;
        }
        int64_t depth = 0, expected = 0;
        if (fields.size() < 3 || !parse_integer(fields[1], depth)
            || !parse_integer(fields[2], expected) || depth < 1)
            continue; // a header or a comment
        if (expected > max_count) {
            ++skipped;
            continue;
        }
        const std::string spec = "sfen " + fields[0];
        std::string       error;
        const auto        counts = other ? other->divide(spec, int(depth), Millis(3600 * 1000))
                                         : own_divide(spec, int(depth), error);
        ++checked;
        const bool ok = counts && int64_t(counts->total) == expected;
        mismatches += !ok;
        out << (ok ? "ok       " : "MISMATCH ") << fields[0] << " depth " << depth << ": expected "
            << expected << ", " << name << " "
            << (counts ? std::to_string(counts->total) : "no answer" + error) << "\n";
    }
    out << "\n" << name << ": " << checked - mismatches << " of " << checked << " rows match";
    if (skipped) out << " (" << skipped << " rows above --max-count skipped)";
    out << "\n";
    return mismatches ? 1 : 0;
}

} // namespace tsubame::usi
