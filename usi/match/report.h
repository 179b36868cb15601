#pragma once

// What the match runner prints: the live progress line, one table row per game, the games
// file (TSV) and the final summary.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "match/match_game.h"
#include "match/options.h"
#include "match/stats.h"

namespace tsubame::usi {

/// Running totals of a match, from engine 1's point of view.
struct MatchTotals {
    Wdl                        wdl; ///< All games.
    Wdl                        as_black; ///< Games with engine 1 as Black (sente).
    Wdl                        as_white; ///< Games with engine 1 as White (gote).
    PairCounts                 pairs; ///< Pairs of games of one opening, both played.
    std::map<int, int>         unpaired; ///< Pair index -> half points of its one game played.
    std::map<std::string, int> reasons; ///< Termination name -> games.
    std::array<EngineTally, 2> tally; ///< Per engine.
    std::array<std::string, 2> names; ///< Engine names.
    std::vector<EloEstimate>   history; ///< Estimate after each game (for the plot).
    std::string                stop_reason; ///< Why the match stopped early, if it did.
    int stopped_after = 0; ///< Games counted when the SPRT stopped the match (0: it did not);
                           ///< games then in play still finish and count.

    /// Counts a finished game (INTERRUPTED games are not counted). Games 2k+1 and 2k+2 share
    /// an opening, one with each colour: pair k.
    void add(const GameResult& game);
};

/// The SPRT's log-likelihood ratio as the match runs it (`options.sprt` must be set): over
/// the pairs, or over the games with --sprt-games.
double match_llr(const MatchTotals& totals, const MatchOptions& options);

/// Seconds the `left` games will take, after `done` games in `elapsed_ms` played
/// `concurrency` at a time: each of the concurrent slots plays its games one after another, so
/// the games left take ceil(left / concurrency) rounds of a game's mean time (elapsed ×
/// concurrency / done). nullopt before the first game has ended.
std::optional<int64_t> eta_seconds(int64_t elapsed_ms, int done, int left, int concurrency);

/// `[3/10] +1 =1 -1  Elo +0.0 +/- 123.4  ETA 0:01:10` (with the LLR when an SPRT runs; no ETA
/// once the match stops early), `elapsed_ms` after the first game started.
std::string progress_line(const MatchTotals& totals, int games, const MatchOptions& options,
                          int64_t elapsed_ms);
/// Header of the per-game table.
std::string table_header();
/// One row of the per-game table.
std::string table_row(const GameResult& game);
/// Header of games.tsv.
std::string tsv_header();
/// One row of games.tsv (its last column: the moves after the opening, in USI notation).
std::string tsv_row(const GameResult& game);
/// The final summary: W/D/L, score, Elo with its 95% interval, LOS, results by colour, SPRT,
/// termination reasons, average time and depth per move.
std::string summary_text(const MatchTotals& totals, const MatchOptions& options);

} // namespace tsubame::usi
