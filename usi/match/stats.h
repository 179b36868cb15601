#pragma once

// Match statistics from wins, draws and losses: the logistic Elo difference with a 95%
// interval (trinomial variance of the per-game score), the likelihood of superiority, and a
// GSPRT (normal approximation) as fishtest and the shared Node.js runner compute them; and
// the same from the pairs of games that share an opening (pentanomial, as fishtest runs it).

#include <array>
#include <optional>
#include <string>

#include "match/options.h"

namespace tsubame::usi {

/// Results from engine 1's point of view.
struct Wdl {
    int wins   = 0;
    int draws  = 0;
    int losses = 0;

    /// Games played.
    int games() const { return wins + draws + losses; }
};

/// Pairs of games that share an opening, one with each colour, by engine 1's points in the
/// pair: counts[k] pairs scored k half points (0, 0.5, 1, 1.5 or 2 points).
struct PairCounts {
    std::array<int, 5> counts{};

    /// Pairs counted.
    int pairs() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};

/// How a one-sided sample (every game won, or every game lost) bounds the Elo difference.
enum class EloBound {
    NONE, ///< Not one-sided: `elo` is the estimate, [low, high] its 95% interval.
    ABOVE, ///< Every game won: the difference is above `elo` (= low) with 95% confidence.
    BELOW, ///< Every game lost: the difference is below `elo` (= high) with 95% confidence.
};

/// An Elo estimate. Every field is finite, but for the open side of a one-sided sample's
/// bound (`high` = +infinity above, `low` = -infinity below), which is never shown.
struct EloEstimate {
    double   score = 0; ///< Mean score per game (0..1).
    double   elo   = 0; ///< Elo difference at that score, or the bound of a one-sided sample.
    double   low   = 0; ///< Lower end of the 95% interval.
    double   high  = 0; ///< Upper end of the 95% interval.
    double   los   = 0.5; ///< Likelihood of superiority (0..1), from wins and losses.
    EloBound bound = EloBound::NONE;
};

/// Elo difference for a mean score (±infinity at 0 and 1).
double elo_from_score(double score);
/// Mean score for an Elo difference.
double score_from_elo(double elo);
/// Estimate from W/D/L; nullopt with no games. The interval is the normal one of the mean
/// score (trinomial variance), as fishtest and the shared Node.js runner compute it, while it
/// stays inside scores (0, 1). A sample whose normal interval reaches a score of 0 or 1 (few
/// games, most of them won or lost) gets the Wilson score interval instead, finite whenever
/// both sides scored. A one-sided sample has no finite estimate: it gets the exact binomial
/// bound instead (n wins in n games: the score is above 0.05^(1/n) with 95% confidence), shown
/// as `> +X (95%)`; no prior is added, so the counts shown are the games played.
std::optional<EloEstimate> estimate_elo(const Wdl& wdl);
/// Log-likelihood ratio of H1 (elo1) against H0 (elo0): the normal approximation (GSPRT),
/// with half a game of each kind added to the variance so that a one-sided start cannot decide.
double sprt_llr(const Wdl& wdl, double elo0, double elo1);
/// The Elo of the pairs' mean score with the normal 95% interval of its variance over the
/// pairs; nullopt with no pair or while every pair scored alike (no spread to measure). An
/// opening that favours one colour moves both games of its pair, so it does not widen this
/// interval as it widens the per-game one. `los` is left at 0.5 (the games give it).
std::optional<EloEstimate> estimate_pair_elo(const PairCounts& pairs);
/// The GSPRT's log-likelihood ratio over pairs (the pentanomial model), with half a pair of
/// each kind added to the variance, for the reason given at sprt_llr.
double sprt_pair_llr(const PairCounts& pairs, double elo0, double elo1);
/// Lower (accept H0) and upper (accept H1) LLR bounds.
double sprt_lower_bound(const SprtParams& p);
double sprt_upper_bound(const SprtParams& p);
/// "H0" or "H1" once the LLR leaves the bounds, else empty.
std::string sprt_decision(double llr, const SprtParams& p);
/// "+12.3 +/- 45.6", "> +317.6 (95%)" for a one-sided sample, "n/a" with no games.
std::string format_elo(const std::optional<EloEstimate>& e);

} // namespace tsubame::usi
