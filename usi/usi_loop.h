#pragma once

// USI command loop: parses each line into a command value, drives the engine facade and
// formats its replies. The reading thread stays free during a search (which runs on the
// engine's thread), so `stop`, `ponderhit`, `isready`, `gameover` and `quit` are answered at
// any time.

#include <istream>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "engine/engine.h"
#include "option_table.h"

namespace tsubame::usi {

/// The engine's name and version, as `id name` gives it.
inline constexpr char ENGINE_NAME[] = "Tsubame 0.1";
/// USI_Hash's default, in MB: isready takes 0.05-0.4 s on 2 cores (1024 MB: 0.15-1.3 s), and
/// it holds the entries of a search of 10-20 s on one thread.
inline constexpr size_t DEFAULT_USI_HASH_MB = 256;

/// Reads USI commands line by line and writes the replies (whole lines, thread-safe).
class UsiLoop {
public:
    /// A loop that writes its replies to `out`.
    explicit UsiLoop(std::ostream& out);
    ~UsiLoop();

    /// Handles one line of input. Returns false when the engine should exit (`quit`).
    bool handle_line(std::string_view line);
    /// Handles lines from `in` until `quit` or end of input (which counts as `quit`).
    void run(std::istream& in);
    /// Waits until the running search, if any, has answered (for tests and scripts).
    void wait_for_search() { engine_.wait(); }

    /// The current game (for tests).
    const Game& game() const { return engine_.game(); }
    /// The engine's settings as the options made them (for tests).
    const EngineOptions& engine_options() const { return engine_.options(); }

private:
    void execute(const UsiCommand&);
    void execute(const IsReadyCommand&);
    void execute(const UsiNewGameCommand&);
    void execute(const SetOptionCommand& command);
    void execute(const PositionCommand& command);
    void execute(const GoCommand& command);
    void execute(const StopCommand&) { engine_.stop(); }
    void execute(const PonderHitCommand& command);
    // gameover ends a ponder search too (usi.md §8.9); its bestmove still follows.
    void execute(const GameOverCommand&) { engine_.stop(); }
    void execute(const QuitCommand&) { engine_.quit(); }
    void execute(const BenchCommand& command);
    void execute(const DisplayCommand&);
    void execute(const IgnoredCommand&) { }
    void execute(const InvalidCommand& command) { send("info string error: " + command.message); }
    void report_checkmate(const MateResult& result);

    std::vector<OptionSpec> make_options();
    /// EvalFile: loads the net of a file, or goes back to the built-in one for
    /// EMBEDDED_EVAL_FILE; the messages to show.
    std::vector<std::string> load_eval_file(std::string_view value);
    /// BookFile: notes the value; the book is read at the next isready (or go).
    void set_book_file(std::string_view value);
    /// Reads the BookFile noted by set_book_file, if it changed or its last reading failed,
    /// and hands the book to the engine (none for NO_BOOK_FILE, or on error); the messages go
    /// out as `info string`.
    void load_book_file();
    void run_perft(int depth);
    void send(std::string_view line);
    void write_locked(std::string_view line);
    void report_info(const SearchInfo& info);
    void report_bestmove(const BestMove& best);

    std::ostream&           out_;
    std::mutex              out_mutex_; ///< Guards out_ and the throttle state below.
    Engine                  engine_;
    std::vector<OptionSpec> options_;
    size_t pending_hash_mb_ = DEFAULT_USI_HASH_MB; ///< USI_Hash, applied at `isready`.
    /// ConsiderationMode: every report shown (no PvInterval), and the last line again with the
    /// final nodes and time just before `bestmove`.
    bool consideration_mode_ = false;
    /// PvInterval's default: least milliseconds between two reports.
    static constexpr int64_t DEFAULT_PV_INTERVAL_MS = 300;
    int64_t                  pv_interval_ms_        = DEFAULT_PV_INTERVAL_MS; ///< PvInterval.
    std::string              book_file_{NO_BOOK_FILE}; ///< BookFile as set.
    std::string              loaded_book_file_{NO_BOOK_FILE}; ///< BookFile the book came from.
    bool                     book_pending_ = false; ///< book_file_ is to be read.

    // PV throttle of the current search (usi.md §8.20): reports closer than pv_interval_ms_
    // to the last one shown are held back, and the latest held one is shown before bestmove.
    bool                     analysing_     = false; ///< `go infinite`: every report is shown.
    int64_t                  last_shown_ms_ = -1;
    bool                     show_group_    = true; ///< The current MultiPV group is shown.
    std::vector<std::string> held_; ///< The latest group held back.
    std::vector<SearchInfo>  last_group_; ///< The latest group reported (ConsiderationMode).
    int64_t                  go_start_ms_ = 0; ///< When the current search's clock started.
    /// Forgets the reports of the last search (out_mutex_ held).
    void reset_reports();
};

} // namespace tsubame::usi
