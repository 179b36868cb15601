#include "usi_loop.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <functional>
#include <type_traits>

#include "core/notation.h"
#include "core/tokens.h"
#include "movegen/movegen.h"

namespace tsubame::usi {

namespace {

// Deepest perft accepted: beyond it even the fastest generator would run for days.
constexpr int MAX_PERFT_DEPTH = 12;
// Depth of `bench` when none is given.
constexpr int DEFAULT_BENCH_DEPTH = 8;

template <typename Int>
bool parse_int(std::string_view text, Int& value) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size();
}

std::string join(const std::vector<std::string_view>& tokens, size_t begin, size_t end) {
    std::string s;
    for (size_t i = begin; i < end && i < tokens.size(); ++i) {
        if (i > begin) s += ' ';
        s += tokens[i];
    }
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x))
                   == std::tolower(static_cast<unsigned char>(y));
           });
}

constexpr std::string_view RULE_NAMES[] = {"NoEnteringKing", "CSARule24",  "CSARule24H",
                                           "CSARule27",      "CSARule27H", "TryRule"};

// One spin option: its range and where its value goes.
struct SpinOption {
    std::string_view                   name;
    int64_t                            default_value, min, max;
    std::function<void(int64_t value)> apply;
};

} // namespace

UsiLoop::UsiLoop(std::ostream& out) :
    out_(out),
    engine_(Engine::Callbacks{[this](const SearchInfo& info) { send_info(info); },
                              [this](const BestMove& best) { send_bestmove(best); },
                              [this](const MateResult& r) { send_checkmate(r); }}) { }

UsiLoop::~UsiLoop() {
    engine_.quit();
}

void UsiLoop::send(std::string_view line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << '\n';
    out_.flush();
}

void UsiLoop::send_error(std::string_view message) {
    send("info string error: " + std::string(message));
}

void UsiLoop::send_info(const SearchInfo& info) {
    std::string line =
        "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth);
    // The line number only in MultiPV mode, on every line (usi.md §4). Options do not change
    // during a search, so reading them from the search thread is safe.
    if (engine_.options().search.multi_pv > 1) line += " multipv " + std::to_string(info.multipv);
    line += " score ";
    // Mate distances are in plies, from the side to move (usi.md §4).
    if (is_mate_score(info.score))
        line +=
            "mate "
            + std::to_string(info.score > 0 ? VALUE_MATE - info.score : -(VALUE_MATE + info.score));
    else
        line += "cp " + std::to_string(info.score);
    if (info.bound == BOUND_LOWER)
        line += " lowerbound";
    else if (info.bound == BOUND_UPPER)
        line += " upperbound";
    const int64_t ms = std::max<int64_t>(info.time_ms, 1);
    line += " nodes " + std::to_string(info.nodes) + " nps "
          + std::to_string(info.nodes * 1000 / uint64_t(ms)) + " time "
          + std::to_string(info.time_ms) + " hashfull " + std::to_string(info.hashfull);
    if (!info.pv.empty()) {
        line += " pv";
        for (Move m : info.pv)
            line += " " + to_usi(m);
    }
    send(line);
}

void UsiLoop::send_bestmove(const BestMove& best) {
    switch (best.kind) {
        case BestMove::Kind::RESIGN:
            send("bestmove resign");
            break;
        case BestMove::Kind::WIN:
            send("bestmove win");
            break;
        case BestMove::Kind::MOVE:
            send("bestmove " + to_usi(best.move)
                 + (best.ponder != Move::none() ? " ponder " + to_usi(best.ponder) : ""));
            break;
    }
}

void UsiLoop::send_checkmate(const MateResult& result) {
    // The one answer to `go mate` (usi.md §4): the mating line, nomate, or timeout.
    std::string line = "checkmate";
    if (result.status == MateStatus::MATE)
        for (Move m : result.pv)
            line += " " + to_usi(m);
    else
        line += result.status == MateStatus::NOMATE ? " nomate" : " timeout";
    send(line);
}

void UsiLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle_line(line)) return;
    engine_.quit(); // end of input counts as quit
}

bool UsiLoop::handle_line(std::string_view line) {
    const auto tokens = split_tokens(line);
    if (tokens.empty()) return true;
    const std::string_view cmd = tokens[0];
    if (cmd == "quit") {
        engine_.quit();
        return false;
    }
    if (cmd == "usi")
        cmd_usi();
    else if (cmd == "isready")
        cmd_isready();
    else if (cmd == "stop" || cmd == "gameover")
        engine_.stop(); // gameover ends a ponder search too; its bestmove still follows
    else if (cmd == "ponderhit")
        engine_.ponderhit();
    else if (cmd == "usinewgame") {
        if (!engine_.searching()) engine_.new_game();
    } else if (cmd == "setoption")
        cmd_setoption(tokens);
    else if (cmd == "position") {
        if (Status s = engine_.set_position(join(tokens, 1, tokens.size())); !s.ok())
            send_error(s.message());
    } else if (cmd == "go")
        cmd_go(tokens);
    else if (cmd == "perft") {
        // Shorthand for `go perft N`.
        std::vector<std::string_view> go{"go", "perft"};
        go.insert(go.end(), tokens.begin() + 1, tokens.end());
        cmd_go(go);
    } else if (cmd == "bench")
        cmd_bench(tokens);
    else if (cmd == "d")
        cmd_display();
    else
        send_error("unknown command '" + std::string(cmd) + "'");
    return true;
}

void UsiLoop::cmd_usi() {
    send("id name Tsubame 0.1");
    send("id author the Tsubame developers");
    send("option name USI_Hash type spin default 16 min 1 max 65536");
    send("option name USI_Ponder type check default false");
    send("option name Threads type spin default 1 min 1 max 128");
    send("option name ByoyomiMargin type spin default 120 min 0 max 10000");
    send("option name MinimumThinkingTime type spin default 0 min 0 max 60000");
    send("option name SlowMover type spin default 100 min 10 max 1000");
    send("option name DepthLimit type spin default 0 min 0 max 245");
    send("option name NodesLimit type spin default 0 min 0 max 2147483647");
    send("option name DrawValue type spin default -2 min -30000 max 30000");
    send("option name MultiPV type spin default 1 min 1 max 500");
    send("option name MaxMovesToDraw type spin default 0 min 0 max 100000");
    send("option name ResignValue type spin default 99999 min 0 max 99999");
    std::string rules = "option name EnteringKingRule type combo default CSARule27";
    for (std::string_view r : RULE_NAMES)
        rules += " var " + std::string(r);
    send(rules);
    send("option name MateHash type spin default 64 min 1 max 65536");
    send("option name ClearHash type button");
    send("usiok");
}

void UsiLoop::cmd_isready() {
    // Heavy set-up belongs here, not before usiok; during a search, answer at once.
    if (!engine_.searching() && pending_hash_mb_ != engine_.hash_size_mb()
        && !engine_.set_hash_size(pending_hash_mb_))
        send("info string warning: could not allocate " + std::to_string(pending_hash_mb_)
             + " MB of hash; keeping " + std::to_string(engine_.hash_size_mb()) + " MB");
    send("readyok");
}

void UsiLoop::cmd_setoption(const std::vector<std::string_view>& tokens) {
    // setoption name <id> [value <x>]; the value may be empty or `<empty>`.
    if (tokens.size() < 3 || tokens[1] != "name") {
        send_error("setoption needs 'name <id>'");
        return;
    }
    size_t value_at = 2;
    while (value_at < tokens.size() && tokens[value_at] != "value")
        ++value_at;
    const std::string name  = join(tokens, 2, value_at);
    std::string       value = join(tokens, value_at + 1, tokens.size());
    if (value == "<empty>") value.clear();
    if (engine_.searching()) {
        send_error("setoption '" + name + "' ignored: a search is running");
        return;
    }

    EngineOptions&   o       = engine_.options();
    const SpinOption spins[] = {
        {"USI_Hash", 16, 1, 65536, [&](int64_t v) { pending_hash_mb_ = size_t(v); }},
        {"MateHash", 64, 1, 65536,
         [&](int64_t v) {
             if (!engine_.set_mate_hash_size(size_t(v)))
                 send("info string warning: could not allocate " + std::to_string(v)
                      + " MB of mate hash; keeping " + std::to_string(engine_.mate_hash_size_mb())
                      + " MB");
         }},
        {"Threads", 1, 1, 128, [&](int64_t v) { o.threads = int(v); }},
        {"ByoyomiMargin", 120, 0, 10000, [&](int64_t v) { o.search.time.margin_ms = v; }},
        {"MinimumThinkingTime", 0, 0, 60000, [&](int64_t v) { o.search.time.minimum_ms = v; }},
        {"SlowMover", 100, 10, 1000, [&](int64_t v) { o.search.time.slow_mover_pct = int(v); }},
        {"DepthLimit", 0, 0, 245, [&](int64_t v) { o.depth_limit = int(v); }},
        {"NodesLimit", 0, 0, 2147483647, [&](int64_t v) { o.nodes_limit = uint64_t(v); }},
        {"DrawValue", -2, -30000, 30000, [&](int64_t v) { o.search.draw_value = Value(v); }},
        {"MultiPV", 1, 1, 500, [&](int64_t v) { o.search.multi_pv = int(v); }},
        {"MaxMovesToDraw", 0, 0, 100000, [&](int64_t v) { o.search.max_moves_to_draw = int(v); }},
        {"ResignValue", 99999, 0, 99999, [&](int64_t v) { o.resign_value = Value(v); }},
    };
    for (const SpinOption& spin : spins) {
        if (!iequals(name, spin.name)) continue;
        int64_t v = 0;
        if (!parse_int(value, v)) {
            send_error("option " + std::string(spin.name) + " needs a number, not '" + value + "'");
            return;
        }
        if (v < spin.min || v > spin.max) {
            const int64_t clamped = std::clamp(v, spin.min, spin.max);
            send("info string warning: " + std::string(spin.name) + " " + value
                 + " is out of range; using " + std::to_string(clamped));
            v = clamped;
        }
        spin.apply(v);
        return;
    }
    if (iequals(name, "USI_Ponder")) return; // pondering is driven by the GUI's `go ponder`
    if (iequals(name, "ClearHash")) {
        engine_.new_game();
        return;
    }
    if (iequals(name, "EnteringKingRule")) {
        for (size_t i = 0; i < std::size(RULE_NAMES); ++i)
            if (iequals(value, RULE_NAMES[i])) {
                o.entering_king_rule = EnteringKingRule(i);
                return;
            }
        send_error("unknown EnteringKingRule '" + value + "'");
        return;
    }
    send("info string warning: unknown option '" + name + "' ignored");
}

void UsiLoop::cmd_go(const std::vector<std::string_view>& tokens) {
    SearchLimits limits;
    for (size_t i = 1; i < tokens.size(); ++i) {
        const std::string_view t      = tokens[i];
        auto                   number = [&](auto& field) {
            using Int = std::remove_reference_t<decltype(field)>;
            Int v     = 0;
            if (i + 1 < tokens.size() && parse_int(tokens[i + 1], v) && v >= 0) {
                field = v;
                ++i;
                return true;
            }
            send_error("go " + std::string(t) + " needs a non-negative number");
            return false;
        };
        if (t == "perft") {
            int depth = 0;
            if (i + 1 >= tokens.size() || !parse_int(tokens[i + 1], depth) || depth < 1
                || depth > MAX_PERFT_DEPTH) {
                send_error("go perft needs a depth from 1 to " + std::to_string(MAX_PERFT_DEPTH));
                return;
            }
            run_perft(depth);
            return;
        }
        if (t == "mate") {
            // go mate <ms> | go mate infinite (a bare `go mate` is infinite too).
            int64_t ms = -1;
            if (i + 1 < tokens.size() && tokens[i + 1] != "infinite"
                && (!parse_int(tokens[i + 1], ms) || ms < 0)) {
                send_error("go mate needs a time in milliseconds or 'infinite'");
                return;
            }
            engine_.go_mate(ms);
            return;
        }
        bool ok = true;
        if (t == "btime")
            ok = number(limits.time[BLACK]);
        else if (t == "wtime")
            ok = number(limits.time[WHITE]);
        else if (t == "binc")
            ok = number(limits.inc[BLACK]);
        else if (t == "winc")
            ok = number(limits.inc[WHITE]);
        else if (t == "byoyomi")
            ok = number(limits.byoyomi);
        else if (t == "movetime")
            ok = number(limits.movetime);
        else if (t == "depth")
            ok = number(limits.depth);
        else if (t == "nodes")
            ok = number(limits.nodes);
        else if (t == "infinite")
            limits.infinite = true;
        else if (t == "ponder")
            limits.ponder = true;
        else if (t == "searchmoves") {
            // The rest of the line; drop letters stay upper case.
            for (++i; i < tokens.size(); ++i) {
                std::string error;
                const Move  m = parse_legal_move(engine_.game().position(), tokens[i], error);
                if (m != Move::none())
                    limits.searchmoves.push_back(m);
                else
                    send_error("searchmoves: " + error);
            }
        }
        if (!ok) return; // a malformed go is refused whole: no search, so no bestmove owed
    }
    engine_.go(limits);
}

void UsiLoop::run_perft(int depth) {
    if (engine_.searching()) {
        send_error("perft refused: a search is running");
        return;
    }
    const auto  start  = std::chrono::steady_clock::now();
    PerftDivide result = engine_.perft(depth);
    const auto  ms     = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    for (const auto& [m, n] : result.moves)
        send(to_usi(m) + ": " + std::to_string(n));
    send("");
    send("Nodes searched: " + std::to_string(result.total));
    send("Time (ms): " + std::to_string(ms));
    send("Nodes/second: " + std::to_string(result.total * 1000 / uint64_t(ms > 0 ? ms : 1)));
}

void UsiLoop::cmd_bench(const std::vector<std::string_view>& tokens) {
    int depth = DEFAULT_BENCH_DEPTH;
    if (tokens.size() > 1 && (!parse_int(tokens[1], depth) || depth < 1 || depth > 30)) {
        send_error("bench takes a depth from 1 to 30");
        return;
    }
    const BenchResult r  = engine_.bench(depth);
    const int64_t     ms = std::max<int64_t>(r.time_ms, 1);
    send("Total time (ms) : " + std::to_string(r.time_ms));
    send("Nodes searched  : " + std::to_string(r.nodes));
    send("Nodes/second    : " + std::to_string(r.nodes * 1000 / uint64_t(ms)));
}

void UsiLoop::cmd_display() {
    const Position& pos = engine_.game().position();
    for (int r = 0; r < 9; ++r) {
        std::string row;
        for (int f = 8; f >= 0; --f) {
            const Piece pc = pos.piece_on(make_square(File(f), Rank(r)));
            if (pc == NO_PIECE) {
                row += "  . ";
                continue;
            }
            static constexpr std::string_view NAMES[] = {
                " ", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"};
            std::string name(NAMES[type_of(pc)]);
            if (color_of(pc) == WHITE)
                for (char& ch : name)
                    ch = char(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
            row += std::string(4 - name.size() - 1, ' ') + name + ' ';
        }
        send(row + " " + char('a' + r));
    }
    send("sfen " + pos.sfen());
    send("key " + std::to_string(pos.key()) + (pos.in_check() ? " (in check)" : ""));
}

} // namespace tsubame::usi
