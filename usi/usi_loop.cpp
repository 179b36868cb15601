#include "usi_loop.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <type_traits>

#include "core/notation.h"
#include "eval/nnue/embedded.h"
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

// Rows of the option table (OptionSpec), one maker per option type. `field` is where the
// value goes (converted to its type); `apply`, what to do with it instead.
template <typename T>
concept OptionField = std::is_arithmetic_v<T> || std::is_enum_v<T>;

template <OptionField T>
OptionSpec::Apply store_in(T& field) {
    return [&field](int64_t v) { field = T(v); };
}
OptionSpec spin(std::string_view name, int64_t default_value, int64_t min, int64_t max,
                OptionSpec::Apply apply) {
    return {name, OptionSpec::Type::SPIN, default_value, min, max, {}, std::move(apply)};
}
template <OptionField T>
OptionSpec spin(std::string_view name, int64_t default_value, int64_t min, int64_t max, T& field) {
    return spin(name, default_value, min, max, store_in(field));
}
OptionSpec check(std::string_view name, bool default_value, OptionSpec::Apply apply = {}) {
    return {name, OptionSpec::Type::CHECK, default_value ? 1 : 0, 0, 0, {}, std::move(apply)};
}
OptionSpec check(std::string_view name, bool default_value, bool& field) {
    return check(name, default_value, store_in(field));
}
template <OptionField T, size_t N>
OptionSpec combo(std::string_view name, T default_value, const std::string_view (&vars)[N],
                 T& field) {
    std::vector<std::string_view> names(vars, vars + N);
    return {name, OptionSpec::Type::COMBO, int64_t(default_value), 0, 0, names, store_in(field)};
}
OptionSpec hidden(OptionSpec spec) {
    spec.hidden = true;
    return spec;
}
OptionSpec button(std::string_view name, std::function<void()> press) {
    return {name, OptionSpec::Type::BUTTON, 0, 0, 0, {}, [press](int64_t) { press(); }};
}
OptionSpec text(std::string_view name, std::string_view default_text,
                std::function<std::vector<std::string>(std::string_view)> apply) {
    OptionSpec spec{name, OptionSpec::Type::STRING};
    spec.default_text = default_text;
    spec.apply_text   = std::move(apply);
    return spec;
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
    const auto resize_mate_hash = [this](int64_t mb) {
        if (!engine_.set_mate_hash_size(size_t(mb)))
            send("info string warning: could not allocate " + std::to_string(mb)
                 + " MB of mate hash; keeping " + std::to_string(engine_.mate_hash_size_mb())
                 + " MB");
    };
    const auto& rule_names = ENTERING_KING_RULE_NAMES;

    EngineOptions& o = engine_.options();
    SearchOptions& s = o.search;
    TimeOptions&   t = o.search.time;
    // Defaults are the engine's own: a declared default cannot drift from the one in force.
    const EngineOptions  d{};
    const SearchOptions& ds = d.search;
    const TimeOptions&   dt = d.search.time;
    BookOptions&         b  = o.book;
    const BookOptions&   db = d.book;
    // One row per option, in the order of the `usi` reply: name, default, range, target.
    std::vector<OptionSpec> table = {
        spin("USI_Hash", DEFAULT_USI_HASH_MB, 1, 65536, pending_hash_mb_),
        // Pondering is driven by the GUI's `go ponder`; the option only has to exist.
        check("USI_Ponder", false),
        spin("Threads", d.threads, 1, 128, o.threads),
        spin("NetworkDelay", dt.network_delay_ms, 0, 10000, t.network_delay_ms),
        spin("NetworkDelay2", dt.network_delay2_ms, 0, 10000, t.network_delay2_ms),
        // Gikou's name and Tsubame's before NetworkDelay2 (saved settings still send it).
        hidden(spin("ByoyomiMargin", dt.network_delay2_ms, 0, 10000, t.network_delay2_ms)),
        spin("MinimumThinkingTime", dt.minimum_ms, 0, 100000, t.minimum_ms),
        spin("SlowMover", dt.slow_mover_pct, 10, 1000, t.slow_mover_pct),
        spin("DepthLimit", d.depth_limit, 0, 245, o.depth_limit),
        spin("NodesLimit", d.nodes_limit, 0, 2147483647, o.nodes_limit),
        spin("DrawValue", ds.draw_value, -30000, 30000, s.draw_value),
        spin("MultiPV", ds.multi_pv, 1, 500, s.multi_pv),
        spin("MaxMovesToDraw", ds.max_moves_to_draw, 0, 100000, s.max_moves_to_draw),
        spin("ResignValue", d.resign_value, 0, NEVER_RESIGN, o.resign_value),
        spin("RootMateProbe", d.root_mate_permille, 0, 1000, o.root_mate_permille),
        spin("DefenceMateProbe", ds.defence_probe_permille, 0, 1000, s.defence_probe_permille),
        combo("EnteringKingRule", ds.entering_king_rule, rule_names, s.entering_king_rule),
        text("EvalFile", EMBEDDED_EVAL_FILE,
             [this](std::string_view v) { return load_eval_file(v); }),
        text("BookFile", NO_BOOK_FILE,
             [this](std::string_view v) {
                 set_book_file(v);
                 return std::vector<std::string>{};
             }),
        check("USI_OwnBook", db.own_book, b.own_book),
        spin("BookMoves", db.max_ply, 0, 10000, b.max_ply),
        spin("BookEvalDiff", db.eval_diff, 0, 99999, b.eval_diff),
        spin("BookEvalBlackLimit", db.eval_limit[BLACK], -99999, 99999, b.eval_limit[BLACK]),
        spin("BookEvalWhiteLimit", db.eval_limit[WHITE], -99999, 99999, b.eval_limit[WHITE]),
        spin("BookDepthLimit", db.depth_limit, 0, 99999, b.depth_limit),
        spin("BookIgnoreRate", db.ignore_rate, 0, 100, b.ignore_rate),
        spin("BookPvMoves", db.pv_moves, 1, MAX_PLY, b.pv_moves),
        check("ConsiderBookMoveCount", db.by_count, b.by_count),
        spin("MateHash", DEFAULT_MATE_HASH_MB, 1, 65536, resize_mate_hash),
        spin("PvInterval", DEFAULT_PV_INTERVAL_MS, 0, 60000, pv_interval_ms_),
        check("ConsiderationMode", false, consideration_mode_),
        check("Stochastic_Ponder", d.stochastic_ponder, o.stochastic_ponder),
        button("ClearHash", [this] { engine_.clear(); }),
    };
    // The search's constants as Search_<name>, for tuners and ablations: accepted, not listed.
    static const std::vector<std::string> param_names = [] {
        std::vector<std::string> names;
        for (const SearchParamInfo& info : SEARCH_PARAM_INFO)
            names.push_back("Search_" + std::string(info.name));
        return names;
    }();
    for (size_t i = 0; i < std::size(SEARCH_PARAM_INFO); ++i) {
        const SearchParamInfo& info = SEARCH_PARAM_INFO[i];
        table.push_back(hidden(
            spin(param_names[i], ds.params.*info.field, info.min, info.max, s.params.*info.field)));
    }
    return table;
}

std::vector<std::string> UsiLoop::load_eval_file(std::string_view value) {
    const std::string path(value);
    if (value == EMBEDDED_EVAL_FILE) {
        engine_.use_builtin_network();
        return {};
    }
    const std::string keeping = "; keeping the net in use";
    std::ifstream     file(path, std::ios::binary);
    if (!file) return {"error: EvalFile '" + path + "': cannot open it" + keeping};
    const std::string bytes((std::istreambuf_iterator<char>(file)), {});
    if (Status s = engine_.load_network(bytes); !s.ok())
        return {"error: EvalFile '" + path + "': " + s.message() + keeping};
    return {"EvalFile '" + path + "' loaded: " + engine_.network().description};
}

namespace {

// No book: `no_book`, also as the file name of a path (YaneuraOu's BookDir/no_book).
bool is_no_book(std::string_view path) {
    const size_t slash = path.find_last_of("/\\");
    return path.substr(slash == std::string_view::npos ? 0 : slash + 1) == NO_BOOK_FILE;
}

} // namespace

void UsiLoop::set_book_file(std::string_view value) {
    book_file_ = std::string(value.empty() ? NO_BOOK_FILE : value);
    // GUIs send every option before each game: the same file is read once (as YaneuraOu),
    // unless its last reading failed.
    book_pending_ =
        book_file_ != loaded_book_file_ || (engine_.book() == nullptr && !is_no_book(book_file_));
}

void UsiLoop::load_book_file() {
    if (!book_pending_ || engine_.searching()) return;
    book_pending_           = false;
    loaded_book_file_       = book_file_;
    const std::string& path = book_file_;
    engine_.set_book(nullptr);
    if (is_no_book(path)) return;
    const std::string without = "; playing without a book";
    std::ifstream     file(path, std::ios::binary);
    if (!file) {
        send("info string error: BookFile '" + path + "': cannot open it" + without);
        return;
    }
    auto book = std::make_shared<Book>();
    if (Status s = Book::read(file, *book); !s.ok()) {
        send("info string error: BookFile '" + path + "': " + s.message() + without);
        return;
    }
    std::string message = "info string BookFile '" + path
                        + "' loaded: " + std::to_string(book->positions()) + " positions, "
                        + std::to_string(book->moves()) + " moves";
    if (book->illegal_moves())
        message += "; " + std::to_string(book->illegal_moves()) + " illegal moves left out";
    engine_.set_book(std::move(book));
    send(message);
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
        show_group_ = analysing_ || consideration_mode_ || last_shown_ms_ < 0
                   || info.time_ms - last_shown_ms_ >= pv_interval_ms_;
        if (show_group_) last_shown_ms_ = info.time_ms;
        held_.clear();
    }
    // The last whole line (group) for ConsiderationMode: a fail-high/low report is none.
    if (info.bound == BOUND_EXACT && !info.pv.empty()) {
        if (info.multipv == 1) last_group_.clear();
        last_group_.push_back(info);
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
    // ConsiderationMode: the last line (group) again, with the search's final nodes and time,
    // so that a GUI's analysis ends on a whole PV with the true counts (an unfinished
    // iteration is never reported: its PV would be cut short).
    if (consideration_mode_ && !last_group_.empty() && best.nodes > last_group_.front().nodes) {
        const int64_t ms = engine_.clock().now_ms() - go_start_ms_;
        for (SearchInfo info : last_group_) {
            info.nodes   = best.nodes;
            info.time_ms = std::max(info.time_ms, ms);
            write_locked(format_info(info, engine_.options().search.multi_pv > 1));
        }
    }
    last_group_.clear();
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
        if (!spec.hidden) send(option_line(spec));
    send("usiok");
}

void UsiLoop::execute(const IsReadyCommand&) {
    // Heavy set-up belongs here, not before usiok; during a search, answer at once.
    if (!engine_.searching() && pending_hash_mb_ != engine_.hash_size_mb()
        && !engine_.set_hash_size(pending_hash_mb_))
        send("info string warning: could not allocate " + std::to_string(pending_hash_mb_)
             + " MB of hash; keeping " + std::to_string(engine_.hash_size_mb()) + " MB");
    load_book_file();
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

void UsiLoop::reset_reports() {
    last_shown_ms_ = -1;
    held_.clear();
    last_group_.clear();
    go_start_ms_ = engine_.clock().now_ms();
}

void UsiLoop::execute(const PonderHitCommand& command) {
    const SearchLimits clock = clock_limits(command.clock);
    // A stochastic ponder search starts over on the position given: its reports too.
    engine_.ponderhit(command.clock.given ? &clock : nullptr, [this] {
        std::lock_guard lock(out_mutex_);
        reset_reports();
    });
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
    load_book_file(); // a BookFile set without isready (USI wants one, scripts may skip it)
    {
        std::lock_guard lock(out_mutex_);
        analysing_ = command.infinite;
        reset_reports();
        go_start_ms_ = limits.start_ms;
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

namespace {

// One node type's line of bench's move-ordering record: how many of its nodes failed high,
// the share of those cut off by the 1st to 7th move and by later ones, and by which kind.
std::string cutoff_line(const CutoffStats& stats, CutoffStats::NodeType type) {
    static constexpr const char* TYPES[] = {"PV nodes ", "cut nodes", "all nodes"};
    static constexpr const char* KINDS[] = {"tt", "capture", "killer", "quiet", "other"};
    const uint64_t               cutoffs = stats.cutoffs(type);
    const auto                   share   = [&](uint64_t n) {
        char text[16];
        std::snprintf(text, sizeof text, " %.1f",
                      cutoffs ? 100.0 * double(n) / double(cutoffs) : 0);
        return std::string(text);
    };
    std::string line = std::string("Cut-offs, ") + TYPES[type] + " : " + std::to_string(cutoffs)
                     + " of " + std::to_string(stats.nodes[type]) + "; % by move 1-7, 8+:";
    for (const uint64_t n : stats.by_index[type])
        line += share(n);
    line += "; % by kind:";
    for (int k = 0; k < CutoffStats::MOVE_KINDS; ++k)
        line += std::string(" ") + KINDS[k] + share(stats.by_kind[type][k]);
    return line;
}

} // namespace

void UsiLoop::execute(const BenchCommand& command) {
    // A line per position as its search ends (as Stockfish's bench), then the totals, whose
    // `Nodes searched  :` line scripts/bench-signature.sh reads.
    const auto on_position = [this](const BenchPosition& p) {
        const int64_t us = std::max<int64_t>(p.time_us, 1);
        char          line[128];
        std::snprintf(line, sizeof line, "Position %2d/%d  nodes %10llu  time %8.1f ms  nps %9llu",
                      p.number, p.count, static_cast<unsigned long long>(p.nodes),
                      double(p.time_us) / 1000,
                      static_cast<unsigned long long>(p.nodes * 1000000 / uint64_t(us)));
        send(line);
    };
    const BenchResult r =
        engine_.bench(command.depth ? command.depth : DEFAULT_BENCH_DEPTH, {}, on_position);
    const int64_t ms = std::max<int64_t>(r.time_ms, 1);
    send("");
    send("Total time (ms) : " + std::to_string(r.time_ms));
    send("Nodes searched  : " + std::to_string(r.nodes));
    send("Nodes/second    : " + std::to_string(r.nodes * 1000 / uint64_t(ms)));
    for (const auto type : {CutoffStats::PV, CutoffStats::CUT, CutoffStats::ALL})
        send(cutoff_line(r.cutoffs, type));
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
