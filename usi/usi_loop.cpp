#include "usi_loop.h"

#include <algorithm>
#include <chrono>

#include "core/notation.h"
#include "movegen/movegen.h"
#include "reply.h"

namespace tsubame::usi {

namespace {

// Depth of `bench` when none is given.
constexpr int DEFAULT_BENCH_DEPTH = 8;

SearchLimits clock_limits(const ClockArgs& clock) {
    SearchLimits limits;
    for (Color c : {BLACK, WHITE}) {
        limits.time[c] = clock.time[c];
        limits.inc[c]  = clock.inc[c];
    }
    limits.byoyomi = clock.byoyomi;
    return limits;
}

} // namespace

UsiLoop::UsiLoop(std::ostream& out) :
    out_(out),
    engine_(Engine::Callbacks{[this](const SearchInfo& info) { report_info(info); },
                              [this](const BestMove& best) { report_bestmove(best); },
                              [this](const MateResult& r) { report_checkmate(r); }}),
    options_(make_options()) { }

UsiLoop::~UsiLoop() {
    engine_.quit();
}

std::vector<OptionSpec> UsiLoop::make_options() {
    using Type       = OptionSpec::Type;
    EngineOptions& o = engine_.options();
    // Defaults are the engine's own: a declared default cannot drift from the one in force.
    const EngineOptions d{};
    return {
        {"USI_Hash",
         Type::SPIN,
         int64_t(DEFAULT_HASH_MB),
         1,
         65536,
         {},
         [this](int64_t v) { pending_hash_mb_ = size_t(v); }},
        // Pondering is driven by the GUI's `go ponder`; the option only has to exist.
        {"USI_Ponder", Type::CHECK, 0},
        {"Threads", Type::SPIN, d.threads, 1, 128, {}, [&o](int64_t v) { o.threads = int(v); }},
        {"ByoyomiMargin",
         Type::SPIN,
         d.search.time.margin_ms,
         0,
         10000,
         {},
         [&o](int64_t v) { o.search.time.margin_ms = v; }},
        {"MinimumThinkingTime",
         Type::SPIN,
         d.search.time.minimum_ms,
         0,
         60000,
         {},
         [&o](int64_t v) { o.search.time.minimum_ms = v; }},
        {"SlowMover",
         Type::SPIN,
         d.search.time.slow_mover_pct,
         10,
         1000,
         {},
         [&o](int64_t v) { o.search.time.slow_mover_pct = int(v); }},
        {"DepthLimit",
         Type::SPIN,
         d.depth_limit,
         0,
         245,
         {},
         [&o](int64_t v) { o.depth_limit = int(v); }},
        {"NodesLimit",
         Type::SPIN,
         int64_t(d.nodes_limit),
         0,
         2147483647,
         {},
         [&o](int64_t v) { o.nodes_limit = uint64_t(v); }},
        {"DrawValue",
         Type::SPIN,
         d.search.draw_value,
         -30000,
         30000,
         {},
         [&o](int64_t v) { o.search.draw_value = Value(v); }},
        {"MultiPV",
         Type::SPIN,
         d.search.multi_pv,
         1,
         500,
         {},
         [&o](int64_t v) { o.search.multi_pv = int(v); }},
        {"MaxMovesToDraw",
         Type::SPIN,
         d.search.max_moves_to_draw,
         0,
         100000,
         {},
         [&o](int64_t v) { o.search.max_moves_to_draw = int(v); }},
        {"ResignValue",
         Type::SPIN,
         d.resign_value,
         0,
         NEVER_RESIGN,
         {},
         [&o](int64_t v) { o.resign_value = Value(v); }},
        {"RootMateProbe",
         Type::SPIN,
         d.root_mate_permille,
         0,
         1000,
         {},
         [&o](int64_t v) { o.root_mate_permille = int(v); }},
        {"DefenceMateProbe",
         Type::SPIN,
         d.search.defence_probe_permille,
         0,
         1000,
         {},
         [&o](int64_t v) { o.search.defence_probe_permille = int(v); }},
        {"EnteringKingRule",
         Type::COMBO,
         int64_t(d.entering_king_rule),
         0,
         0,
         {std::begin(ENTERING_KING_RULE_NAMES), std::end(ENTERING_KING_RULE_NAMES)},
         [&o](int64_t v) { o.entering_king_rule = EnteringKingRule(v); }},
        {"MateHash",
         Type::SPIN,
         int64_t(DEFAULT_MATE_HASH_MB),
         1,
         65536,
         {},
         [this](int64_t v) {
             if (!engine_.set_mate_hash_size(size_t(v)))
                 send("info string warning: could not allocate " + std::to_string(v)
                      + " MB of mate hash; keeping " + std::to_string(engine_.mate_hash_size_mb())
                      + " MB");
         }},
        {"PvInterval",
         Type::SPIN,
         DEFAULT_PV_INTERVAL_MS,
         0,
         60000,
         {},
         [this](int64_t v) { pv_interval_ms_ = v; }},
        {"ClearHash", Type::BUTTON, 0, 0, 0, {}, [this](int64_t) { engine_.clear(); }},
    };
}

void UsiLoop::write_locked(std::string_view line) {
    out_ << line << '\n';
    out_.flush();
}

void UsiLoop::send(std::string_view line) {
    std::lock_guard lock(out_mutex_);
    write_locked(line);
}

void UsiLoop::report_info(const SearchInfo& info) {
    std::lock_guard lock(out_mutex_);
    // Options do not change during a search, so reading MultiPV here is safe.
    const std::string line = format_info(info, engine_.options().search.multi_pv > 1);
    if (info.multipv == 1) { // the first line of a group: show the group or hold it back
        show_group_ =
            analysing_ || last_shown_ms_ < 0 || info.time_ms - last_shown_ms_ >= pv_interval_ms_;
        if (show_group_) last_shown_ms_ = info.time_ms;
        held_.clear();
    }
    if (show_group_)
        write_locked(line);
    else
        held_.push_back(line);
}

void UsiLoop::report_bestmove(const BestMove& best) {
    std::lock_guard lock(out_mutex_);
    // The final PV comes just before the bestmove (usi.md §4).
    for (const std::string& line : held_)
        write_locked(line);
    held_.clear();
    write_locked(format_bestmove(best));
}

void UsiLoop::report_checkmate(const MateResult& result) {
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
    const ParsedCommand parsed = parse_command(line);
    for (const std::string& warning : parsed.warnings)
        send("info string warning: " + warning);
    std::visit([this](const auto& command) { execute(command); }, parsed.command);
    return !std::holds_alternative<QuitCommand>(parsed.command);
}

void UsiLoop::execute(const UsiCommand&) {
    send(std::string("id name ") + ENGINE_NAME);
    send("id author the Tsubame developers");
    for (const OptionSpec& spec : options_)
        send(option_line(spec));
    send("usiok");
}

void UsiLoop::execute(const IsReadyCommand&) {
    // Heavy set-up belongs here, not before usiok; during a search, answer at once.
    if (!engine_.searching() && pending_hash_mb_ != engine_.hash_size_mb()
        && !engine_.set_hash_size(pending_hash_mb_))
        send("info string warning: could not allocate " + std::to_string(pending_hash_mb_)
             + " MB of hash; keeping " + std::to_string(engine_.hash_size_mb()) + " MB");
    engine_.prepare();
    send("readyok");
}

void UsiLoop::execute(const UsiNewGameCommand&) {
    if (!engine_.searching()) engine_.new_game();
}

void UsiLoop::execute(const SetOptionCommand& command) {
    if (engine_.searching()) {
        send("info string error: setoption '" + command.name + "' ignored: a search is running");
        return;
    }
    for (const std::string& message : apply_option(options_, command.name, command.value))
        send("info string " + message);
}

void UsiLoop::execute(const PositionCommand& command) {
    if (Status s = engine_.set_position(command.sfen, command.moves); !s.ok())
        send("info string error: " + s.message());
}

void UsiLoop::execute(const PonderHitCommand& command) {
    const SearchLimits clock = clock_limits(command.clock);
    engine_.ponderhit(command.clock.given ? &clock : nullptr);
}

void UsiLoop::execute(const GoCommand& command) {
    if (command.perft) {
        run_perft(command.perft);
        return;
    }
    if (command.mate) {
        // go mate <ms> | go mate infinite (a bare `go mate` is infinite too).
        engine_.go_mate(command.mate->value_or(-1));
        return;
    }
    SearchLimits limits = clock_limits(command.clock);
    limits.start_ms     = engine_.clock().now_ms(); // the GUI's clock runs from here
    limits.movetime     = command.movetime;
    limits.depth        = command.depth;
    limits.nodes        = command.nodes;
    limits.infinite     = command.infinite;
    limits.ponder       = command.ponder;
    for (const std::string& text : command.searchmoves) {
        std::string error;
        const Move  m = parse_legal_move(engine_.game().position(), text, error);
        if (m != Move::none())
            limits.searchmoves.push_back(m);
        else
            send("info string error: searchmoves: " + error);
    }
    // A new search starts its reports afresh (the last one has answered: go() waits for it).
    engine_.stop();
    engine_.wait();
    {
        std::lock_guard lock(out_mutex_);
        analysing_     = command.infinite;
        last_shown_ms_ = -1;
        held_.clear();
    }
    engine_.go(limits);
}

void UsiLoop::run_perft(int depth) {
    if (engine_.searching()) {
        send("info string error: perft refused: a search is running");
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

void UsiLoop::execute(const BenchCommand& command) {
    const BenchResult r  = engine_.bench(command.depth ? command.depth : DEFAULT_BENCH_DEPTH);
    const int64_t     ms = std::max<int64_t>(r.time_ms, 1);
    send("Total time (ms) : " + std::to_string(r.time_ms));
    send("Nodes searched  : " + std::to_string(r.nodes));
    send("Nodes/second    : " + std::to_string(r.nodes * 1000 / uint64_t(ms)));
}

void UsiLoop::execute(const DisplayCommand&) {
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
