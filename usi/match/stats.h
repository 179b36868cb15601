#pragma once

// Match statistics from wins, draws and losses: the logistic Elo difference with a 95%
// interval (trinomial variance of the per-game score), the likelihood of superiority, and a
// GSPRT (normal approximation) as fishtest and the shared Node.js runner compute them.

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

/// An Elo estimate; infinite bounds when the score interval reaches 0 or 1.
struct EloEstimate {
    double score = 0; ///< Mean score per game (0..1).
    double elo   = 0; ///< Elo difference at that score.
    double low   = 0; ///< Lower end of the 95% interval.
    double high  = 0; ///< Upper end of the 95% interval.
    double los   = 0.5; ///< Likelihood of superiority (0..1), from wins and losses.
};

/// Elo difference for a mean score (±infinity at 0 and 1).
double elo_from_score(double score);
/// Mean score for an Elo difference.
double score_from_elo(double elo);
/// Estimate from W/D/L; nullopt with no games.
std::optional<EloEstimate> estimate_elo(const Wdl& wdl);
/// Log-likelihood ratio of H1 (elo1) against H0 (elo0).
double sprt_llr(const Wdl& wdl, double elo0, double elo1);
/// Lower (accept H0) and upper (accept H1) LLR bounds.
double sprt_lower_bound(const SprtParams& p);
double sprt_upper_bound(const SprtParams& p);
/// "H0" or "H1" once the LLR leaves the bounds, else empty.
std::string sprt_decision(const Wdl& wdl, const SprtParams& p);
/// "+12.3 +/- 45.6" (or "+inf", "n/a").
std::string format_elo(const std::optional<EloEstimate>& e);

} // namespace tsubame::usi
