#pragma once

// Settings of an engine-vs-engine match (`tsubame match ...`) and the openings file.

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/declaration.h"

namespace tsubame::usi {

/// How long an engine may think: a clock (byoyomi, Fischer or sudden death) and/or a fixed
/// number of nodes or a fixed depth.
struct TimeControl {
    int64_t byoyomi_ms = 0; ///< Per-move allowance once the main time is gone.
    int64_t time_ms    = 0; ///< Main time per side.
    int64_t inc_ms     = 0; ///< Fischer increment, usable for the move it is given for.
    int64_t nodes      = 0; ///< `go ... nodes N` when non-zero.
    int     depth      = 0; ///< `go ... depth N` when non-zero.
    int64_t margin_ms  = 1000; ///< A move later than the clock allows by more than this loses.
    /// Without a clock (fixed nodes or depth): the longest a move may take.
    int64_t move_timeout_ms = 60000;

    /// True when there is a clock to keep (byoyomi, main time or increment).
    bool has_clock() const { return byoyomi_ms > 0 || time_ms > 0 || inc_ms > 0; }
};

/// SPRT hypotheses and error rates.
struct SprtParams {
    double elo0  = 0; ///< H0: the Elo difference is elo0.
    double elo1  = 5; ///< H1: the Elo difference is elo1.
    double alpha = 0.05; ///< False-positive rate.
    double beta  = 0.05; ///< False-negative rate.
};

/// Everything `tsubame match` is told on its command line.
struct MatchOptions {
    std::string engine[2]; ///< Command lines of engine 1 and 2 (split at spaces).
    /// `setoption` name/value pairs per engine.
    std::vector<std::pair<std::string, std::string>> options[2];
    int                                              games = 2; ///< Games to play.
    std::string openings_file; ///< Empty: every game starts from `startpos`.
    TimeControl tc;
    int         concurrency = 1; ///< Games played at the same time.
    /// Engines that name a ponder move think on it during the opponent's turn (`go ponder`,
    /// then `ponderhit` or `stop`); USI_Ponder is set to true unless given.
    bool ponder = false;
    /// Per cent of searches the runner stops with `stop` at a random moment within the move's
    /// time (a user pressing "move now"), to check that the engine then answers at once.
    int                       random_stop = 0;
    int                       max_moves   = 512; ///< Draw after this many plies (0 = no limit).
    EnteringKingRule          rule        = EnteringKingRule::CSA27; ///< Judges `bestmove win`.
    std::string               out_dir; ///< Where records and the game table go; empty: nowhere.
    std::optional<SprtParams> sprt; ///< Stop when the SPRT decides.
    bool                      sprt_by_games = false; ///< The SPRT counts games, not pairs.
    std::optional<uint64_t>   seed; ///< Shuffles the openings when given.
    std::string               plot_file; ///< SVG of the Elo estimate over the games.
    int64_t                   usi_timeout_ms   = 10000; ///< usi -> usiok.
    int64_t                   ready_timeout_ms = 60000; ///< isready -> readyok.
};

/// Usage text of `tsubame match`.
const char* match_usage();

/// Parses the arguments after `match`. On error returns nullopt and sets `error`.
std::optional<MatchOptions> parse_match_options(const std::vector<std::string>& args,
                                                std::string&                    error);

/// Reads an openings file: one `startpos [moves ...]` or `sfen ... [moves ...]` per line (a
/// leading `position` is allowed; empty lines and `#` comments are skipped). Every line is
/// loaded with Tsubame's rules; an illegal or already finished opening is an error (nullopt,
/// with the line number in `error`).
std::optional<std::vector<std::string>> load_openings(std::istream& in, EnteringKingRule rule,
                                                      std::string& error);

/// The rule named as in the USI option EnteringKingRule (`CSARule27`, ...), or nullopt.
std::optional<EnteringKingRule> parse_entering_king_rule(const std::string& name);

} // namespace tsubame::usi
