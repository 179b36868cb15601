#include "tools/makebook.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "book/book.h"
#include "command.h"
#include "core/notation.h"
#include "core/tokens.h"
#include "engine/engine.h"
#include "rules/game.h"
#include "tools/tools.h"

namespace tsubame::usi {

namespace {

constexpr std::string_view MAKEBOOK_USAGE =
    "usage: tsubame makebook <lines-file> <book.db> [--plies N (16)] [--depth D (10) | --nodes "
    "N]\n"
    "                        [--hash MB (64)]\n"
    "  searches every position along the lines of <lines-file> (`startpos moves ...` or\n"
    "  `sfen ... moves ...`, one a line; `#` comments) up to move number N, one thread at a\n"
    "  fixed depth or node count, and writes an opening book in YaneuraOu's format\n"
    "  (#YANEURAOU-DB2016 1.00): per position its best move, the expected reply, the score,\n"
    "  the depth and count 1. The same lines give the same book.\n";

// What a search found for one position.
struct Found {
    BestMove   answer;
    SearchInfo last; ///< The last report: the score and depth of the answer's line.
    bool       reported = false;
};

} // namespace

Status make_book(std::istream& lines, const MakeBookOptions& options, std::ostream& book,
                 std::ostream& log) {
    // The distinct positions, in the order first met: SFEN (with the move number where the
    // first line met it) by key.
    std::vector<std::string>     sfens;
    std::unordered_set<uint64_t> keys;
    std::string                  line;
    size_t                       number = 0, used_lines = 0;
    while (std::getline(lines, line)) {
        ++number;
        const std::vector<std::string_view> tokens = split_tokens(line);
        if (tokens.empty() || tokens.front().starts_with("#")) continue;
        PositionArgs args;
        Game         game;
        if (Status s = parse_position_args(tokens, args); !s.ok())
            return Status::failure("line " + std::to_string(number) + ": " + s.message());
        if (Status s = game.set_sfen(args.sfen); !s.ok())
            return Status::failure("line " + std::to_string(number) + ": " + s.message());
        ++used_lines;
        for (size_t i = 0;; ++i) {
            const Position& pos = game.position();
            if (pos.game_ply() > options.plies) break;
            if (keys.insert(pos.key()).second) sfens.push_back(pos.sfen());
            if (i == args.moves.size()) break;
            if (Status s = game.play(args.moves[i]); !s.ok())
                return Status::failure("line " + std::to_string(number) + ": " + s.message());
        }
    }
    log << "makebook: " << sfens.size() << " positions from " << used_lines
        << " lines, up to move number " << options.plies << ", "
        << (options.nodes ? std::to_string(options.nodes) + " nodes"
                          : "depth " + std::to_string(options.depth))
        << " each\n";

    Found  found;
    Engine engine(Engine::Callbacks{[&](const SearchInfo& info) {
                                        if (info.multipv != 1) return;
                                        found.last     = info;
                                        found.reported = true;
                                    },
                                    [&](const BestMove& best) { found.answer = best; }});
    engine.options().threads = 1;
    if (!engine.set_hash_size(options.hash_mb))
        return Status::failure("cannot allocate " + std::to_string(options.hash_mb)
                               + " MB of hash");
    engine.prepare();
    SearchLimits limits;
    if (options.nodes)
        limits.nodes = options.nodes;
    else
        limits.depth = options.depth;

    std::map<std::string, std::string> entries; // SFEN -> its move line, sorted by SFEN
    for (size_t i = 0; i < sfens.size(); ++i) {
        engine.clear(); // each position from a clear table: independent of the order
        if (Status s = engine.set_position(sfens[i], {}); !s.ok()) return s;
        found = Found();
        engine.go(limits);
        engine.wait();
        const BestMove& best = found.answer;
        log << "  " << (i + 1) << "/" << sfens.size() << " " << sfens[i] << ": ";
        if (best.kind != BestMove::Kind::MOVE || !found.reported) {
            log << "no move (" << (best.kind == BestMove::Kind::WIN ? "win" : "resign") << ")\n";
            continue;
        }
        const std::string move_line = to_usi(best.move) + " "
                                    + (best.ponder != Move::none() ? to_usi(best.ponder) : "none")
                                    + " " + std::to_string(found.last.score) + " "
                                    + std::to_string(found.last.depth) + " 1";
        log << move_line << "\n";
        entries[sfens[i]] = move_line;
    }
    book << BOOK_HEADER << "\n";
    for (const auto& [sfen, move_line] : entries)
        book << "sfen " << sfen << "\n" << move_line << "\n";
    return Status::success();
}

int run_makebook(int argc, char* argv[]) {
    if (asks_for_help(argc, argv)) {
        std::cout << MAKEBOOK_USAGE;
        return 0;
    }
    MakeBookOptions          options;
    std::vector<std::string> files;
    for (int i = 2; i < argc; ++i) {
        const std::string_view arg      = argv[i];
        const auto             value_of = [&](auto& field) {
            return i + 1 < argc && parse_integer(std::string_view(argv[++i]), field);
        };
        bool ok = true;
        if (arg == "--plies")
            ok = value_of(options.plies) && options.plies >= 1;
        else if (arg == "--depth")
            ok = value_of(options.depth) && options.depth >= 1 && options.depth < MAX_PLY;
        else if (arg == "--nodes")
            ok = value_of(options.nodes) && options.nodes >= 1;
        else if (arg == "--hash")
            ok = value_of(options.hash_mb) && options.hash_mb >= 1;
        else if (arg.starts_with("-"))
            ok = false;
        else
            files.emplace_back(arg);
        if (!ok) {
            std::cerr << "makebook: bad argument '" << arg << "'\n" << MAKEBOOK_USAGE;
            return 2;
        }
    }
    if (files.size() != 2) {
        std::cerr << MAKEBOOK_USAGE;
        return 2;
    }
    std::ifstream in(files[0]);
    if (!in) {
        std::cerr << "makebook: cannot read " << files[0] << "\n";
        return 1;
    }
    // Written whole to FILE.part, renamed when complete: a book on disk is never cut short.
    const std::string part = files[1] + ".part";
    {
        std::ofstream out(part, std::ios::binary);
        if (!out) {
            std::cerr << "makebook: cannot write " << part << "\n";
            return 1;
        }
        if (Status s = make_book(in, options, out, std::cout); !s.ok()) {
            std::cerr << "makebook: " << files[0] << ": " << s.message() << "\n";
            out.close();
            std::remove(part.c_str());
            return 1;
        }
        out.flush();
        if (!out) {
            std::cerr << "makebook: cannot write " << part << "\n";
            return 1;
        }
    }
    if (std::rename(part.c_str(), files[1].c_str()) != 0) {
        std::cerr << "makebook: cannot rename " << part << " to " << files[1] << "\n";
        return 1;
    }
    std::cout << "makebook: wrote " << files[1] << "\n";
    return 0;
}

} // namespace tsubame::usi
