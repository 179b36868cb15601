#include "match/runner.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include <unistd.h>

#include "match/match_engine.h"
#include "match/match_game.h"
#include "match/options.h"
#include "match/plot.h"
#include "match/record.h"
#include "match/report.h"

namespace tsubame::usi {

namespace {

// Set by SIGINT/SIGTERM (a lock-free atomic store is safe in a signal handler).
std::atomic<bool> g_interrupt{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int) {
    g_interrupt.store(true);
}

// Installs the handlers for the lifetime of a match and restores the old ones afterwards.
class SignalGuard {
public:
    SignalGuard() {
        g_interrupt.store(false);
        struct sigaction sa { };
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = 0; // no SA_RESTART: waits wake up at once
        sigaction(SIGINT, &sa, &old_int_);
        sigaction(SIGTERM, &sa, &old_term_);
    }
    ~SignalGuard() {
        sigaction(SIGINT, &old_int_, nullptr);
        sigaction(SIGTERM, &old_term_, nullptr);
    }
    SignalGuard(const SignalGuard&)            = delete;
    SignalGuard& operator=(const SignalGuard&) = delete;

private:
    struct sigaction old_int_ { };
    struct sigaction old_term_ { };
};

// Everything the worker threads share, behind one mutex.
class MatchState {
public:
    MatchState(const MatchOptions& options, std::ostream& out, std::ostream& err) :
        options_(options),
        out_(out),
        err_(err),
        live_(isatty(STDERR_FILENO) != 0 && &err == &std::cerr) { }

    // Opens games.tsv in the output directory; false if it cannot.
    bool open_files(std::string& error) {
        if (options_.out_dir.empty()) return true;
        std::error_code ec;
        std::filesystem::create_directories(options_.out_dir, ec);
        tsv_.open(std::filesystem::path(options_.out_dir) / "games.tsv");
        if (!tsv_) {
            error = "cannot write to " + options_.out_dir;
            return false;
        }
        tsv_ << tsv_header() << '\n';
        return true;
    }

    void set_names(const std::string& a, const std::string& b) {
        totals_.names = {a, b};
        if (a == b) totals_.names = {a + " (1)", b + " (2)"};
    }

    // The next game number (0-based), or -1 when no game should start.
    int next_game() {
        std::lock_guard lock(mutex_);
        if (stop_ || g_interrupt.load() || next_ >= options_.games) return -1;
        return next_++;
    }

    void finish_game(GameResult game) {
        std::lock_guard lock(mutex_);
        if (game.outcome.reason == Termination::INTERRUPTED) return;
        // The table shows the names as set for the match (also when both are the same).
        for (Color c : {BLACK, WHITE})
            game.names[c] = totals_.names[c == BLACK ? game.setup.black : 1 - game.setup.black];
        totals_.add(game);
        clear_progress();
        out_ << table_row(game) << std::endl;
        if (tsv_) tsv_ << tsv_row(game) << std::endl;
        if (!options_.out_dir.empty()) {
            char name[32];
            std::snprintf(name, sizeof name, "game-%04d", game.setup.number);
            const std::filesystem::path base = std::filesystem::path(options_.out_dir) / name;
            std::ofstream               csa(base.string() + ".csa");
            write_csa(game, options_, csa);
            // .kifu: the extension the GUIs read as UTF-8 KIF.
            std::ofstream kif(base.string() + ".kifu", std::ios::binary);
            write_kif(game, options_, kif);
        }
        if (options_.sprt && !stop_) {
            const std::string decision =
                sprt_decision(match_llr(totals_, options_), *options_.sprt);
            if (!decision.empty()) {
                stop_                 = true;
                totals_.stop_reason   = "SPRT accepted " + decision;
                totals_.stopped_after = totals_.wdl.games();
            }
        }
        show_progress();
    }

    void clear_progress() {
        if (live_ && shown_) err_ << "\r\x1b[K" << std::flush;
        shown_ = false;
    }

    // The games start: the ETA counts from here.
    void start_clock() { start_ = std::chrono::steady_clock::now(); }

    void show_progress() {
        const int64_t elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::steady_clock::now() - start_)
                                       .count();
        const std::string line = progress_line(totals_, options_.games, options_, elapsed_ms);
        if (live_)
            err_ << '\r' << line << "\x1b[K" << std::flush;
        else
            err_ << line << std::endl;
        shown_ = live_;
    }

    // Prints the summary and writes summary.txt and the plot.
    void summary(bool interrupted) {
        std::lock_guard lock(mutex_);
        if (interrupted && totals_.stop_reason.empty()) totals_.stop_reason = "interrupted";
        clear_progress();
        const std::string text = summary_text(totals_, options_);
        out_ << '\n' << text << std::flush;
        if (!options_.out_dir.empty()) {
            std::ofstream(std::filesystem::path(options_.out_dir) / "summary.txt") << text;
            out_ << "records: " << options_.out_dir
                 << "/game-NNNN.csa and .kifu, games.tsv, summary.txt\n";
        }
        if (!options_.plot_file.empty()) {
            std::ofstream svg(options_.plot_file);
            write_elo_svg(totals_.history, totals_.names[0] + " vs " + totals_.names[1], svg);
            out_ << "plot: " << options_.plot_file << '\n';
        }
    }

private:
    const MatchOptions&                   options_;
    std::ostream&                         out_;
    std::ostream&                         err_;
    bool                                  live_;
    bool                                  shown_ = false;
    std::mutex                            mutex_;
    MatchTotals                           totals_;
    std::ofstream                         tsv_;
    int                                   next_  = 0;
    bool                                  stop_  = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Game i (0-based): opening pair i/2, engine 1 Black in even games.
GameSetup setup_for(int i, const std::vector<std::string>& openings,
                    const std::vector<int>& order) {
    GameSetup s;
    s.number         = i + 1;
    const int k      = order[size_t(i / 2) % order.size()];
    s.opening_number = k + 1;
    s.opening        = openings[size_t(k)];
    s.black          = i % 2;
    return s;
}

} // namespace

int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string error;
    const auto  parsed = parse_match_options(args, error);
    if (!parsed) {
        if (error == "help") {
            out << match_usage();
            return 0;
        }
        err << "match: " << error << "\n\n" << match_usage();
        return 2;
    }
    const MatchOptions& options = *parsed;

    std::vector<std::string> openings{"startpos"};
    if (!options.openings_file.empty()) {
        std::ifstream file(options.openings_file);
        if (!file) {
            err << "match: cannot read " << options.openings_file << '\n';
            return 2;
        }
        const auto loaded = load_openings(file, options.rule, error);
        if (!loaded) {
            err << "match: " << options.openings_file << ": " << error << '\n';
            return 2;
        }
        openings = *loaded;
    }
    std::vector<int> order(openings.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    if (options.seed) std::shuffle(order.begin(), order.end(), std::mt19937_64(*options.seed));

    SignalGuard signals;
    MatchState  state(options, out, err);
    if (!state.open_files(error)) {
        err << "match: " << error << '\n';
        return 2;
    }

    // One pair of engines per concurrent game; the first pair is started now, to fail early.
    const int threads = std::min(options.concurrency, options.games);
    std::vector<std::array<std::unique_ptr<MatchEngine>, 2>> pairs(static_cast<size_t>(threads));
    for (auto& pair : pairs)
        for (int e = 0; e < 2; ++e)
            pair[e] =
                std::make_unique<MatchEngine>(options.engine[e], options.options[e], &g_interrupt);
    for (int e = 0; e < 2; ++e) {
        if (!pairs[0][e]->prepare(options.usi_timeout_ms, options.ready_timeout_ms, error)) {
            err << "match: engine" << e + 1 << " ('" << options.engine[e]
                << "') cannot start: " << error << '\n';
            return g_interrupt.load() ? 130 : 2;
        }
    }
    state.set_names(pairs[0][0]->name(), pairs[0][1]->name());
    out << "engine1: " << pairs[0][0]->name() << "  [" << options.engine[0] << "]\n"
        << "engine2: " << pairs[0][1]->name() << "  [" << options.engine[1] << "]\n"
        << "games " << options.games << ", openings " << openings.size() << ", concurrency "
        << threads << "\n\n"
        << table_header() << std::endl;

    std::vector<std::thread> workers;
    state.start_clock();
    for (auto& pair : pairs)
        workers.emplace_back([&state, &options, &openings, &order, &pair] {
            const std::array<MatchEngine*, 2> engines = {pair[0].get(), pair[1].get()};
            for (int i; (i = state.next_game()) >= 0;)
                state.finish_game(
                    play_game(setup_for(i, openings, order), engines, options, g_interrupt));
            for (auto& engine : pair)
                if (g_interrupt.load())
                    engine->kill();
                else
                    engine->quit(1000);
        });
    for (std::thread& t : workers)
        t.join();
    const bool interrupted = g_interrupt.load();
    state.summary(interrupted);
    return interrupted ? 130 : 0;
}

int run_match(int argc, char* argv[], std::ostream& out, std::ostream& err) {
    std::vector<std::string> args;
    for (int i = 2; i < argc; ++i)
        args.emplace_back(argv[i]);
    return run_match(args, out, err);
}

} // namespace tsubame::usi
