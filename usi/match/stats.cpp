#include "match/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <tuple>
#include <utility>

namespace tsubame::usi {

namespace {

constexpr double Z95 = 1.959963984540054;

struct Moments {
    double mean     = 0;
    double variance = 0;
};

// Mean and variance of the per-game score; fractional counts are allowed.
Moments trinomial(double w, double d, double l) {
    const double n    = w + d + l;
    const double mean = (w + 0.5 * d) / n;
    const double var =
        (w * (1 - mean) * (1 - mean) + d * (0.5 - mean) * (0.5 - mean) + l * mean * mean) / n;
    return {mean, var};
}

// The Wilson score interval of a mean score over n games (draws count half), inside (0, 1)
// whenever 0 < mean < 1.
std::pair<double, double> wilson_interval(double mean, double n) {
    const double z2     = Z95 * Z95;
    const double centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
    const double half   = Z95 / (1 + z2 / n) * std::sqrt(mean * (1 - mean) / n + z2 / (4 * n * n));
    return {centre - half, centre + half};
}

// Mean and variance of the pairs' mean score (a pair of k half points scores k / 4 a game),
// with `pad` pairs of each kind added.
Moments pentanomial(const PairCounts& pairs, double pad) {
    double n = 0, sum = 0;
    for (int k = 0; k < 5; ++k) {
        n += pairs.counts[k] + pad;
        sum += (pairs.counts[k] + pad) * k / 4;
    }
    const double mean = sum / n;
    double       var  = 0;
    for (int k = 0; k < 5; ++k)
        var += (pairs.counts[k] + pad) * (k / 4.0 - mean) * (k / 4.0 - mean);
    return {mean, var / n};
}

// The GSPRT's LLR of n samples of this mean and variance (normal approximation, fishtest's).
double gsprt_llr(double n, double mean, double variance, double elo0, double elo1) {
    const double s0 = score_from_elo(elo0);
    const double s1 = score_from_elo(elo1);
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

std::string signed_number(double x) {
    x += 0.0; // no "-0.0"
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", x);
    return buf;
}

} // namespace

double elo_from_score(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

std::optional<EloEstimate> estimate_elo(const Wdl& wdl) {
    const int n = wdl.games();
    if (n == 0) return std::nullopt;
    const Moments m  = trinomial(wdl.wins, wdl.draws, wdl.losses);
    const double  se = std::sqrt(m.variance / n);
    EloEstimate   e;
    e.score = m.mean;
    if (wdl.wins == n || wdl.losses == n) {
        // One-sided: the exact binomial bound, P(all n the same way) = 5% at the bound.
        const double p = std::pow(0.05, 1.0 / n);
        e.bound        = wdl.wins == n ? EloBound::ABOVE : EloBound::BELOW;
        e.elo          = elo_from_score(wdl.wins == n ? p : 1 - p);
        e.low          = wdl.wins == n ? e.elo : -std::numeric_limits<double>::infinity();
        e.high         = wdl.wins == n ? std::numeric_limits<double>::infinity() : e.elo;
    } else {
        e.elo       = elo_from_score(m.mean);
        double low  = m.mean - Z95 * se;
        double high = m.mean + Z95 * se;
        if (low <= 0 || high >= 1) std::tie(low, high) = wilson_interval(m.mean, n);
        e.low  = elo_from_score(low);
        e.high = elo_from_score(high);
    }
    const int decisive = wdl.wins + wdl.losses;
    e.los = decisive > 0 ? 0.5 * (1 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)))
                         : 0.5;
    return e;
}

double sprt_llr(const Wdl& wdl, double elo0, double elo1) {
    const int n = wdl.games();
    if (n == 0) return 0;
    const Moments m = trinomial(wdl.wins, wdl.draws, wdl.losses);
    // The variance with half a game of each kind added: a one-sided start has the spread of
    // one tail only, and with the sample's own variance 9/1/0 gave an LLR of 4.2 at [0, 15]
    // and stopped a match of two nearly equal settings after ten games (2026-12-07). With it,
    // a side that wins or loses every game still decides in about 13 games at [0, 15].
    const double var = trinomial(wdl.wins + 0.5, wdl.draws + 0.5, wdl.losses + 0.5).variance;
    return gsprt_llr(n, m.mean, var, elo0, elo1);
}

std::optional<EloEstimate> estimate_pair_elo(const PairCounts& pairs) {
    const int n = pairs.pairs();
    if (n == 0) return std::nullopt;
    const Moments m      = pentanomial(pairs, 0);
    const double  spread = Z95 * std::sqrt(m.variance / n);
    // No spread to measure, or an interval reaching a score of 0 or 1: too few pairs to show.
    if (m.variance <= 0 || m.mean - spread <= 0 || m.mean + spread >= 1) return std::nullopt;
    EloEstimate e;
    e.score = m.mean;
    e.elo   = elo_from_score(m.mean);
    e.low   = elo_from_score(m.mean - spread);
    e.high  = elo_from_score(m.mean + spread);
    return e;
}

double sprt_pair_llr(const PairCounts& pairs, double elo0, double elo1) {
    const int n = pairs.pairs();
    if (n == 0) return 0;
    return gsprt_llr(n, pentanomial(pairs, 0).mean, pentanomial(pairs, 0.5).variance, elo0, elo1);
}

double sprt_lower_bound(const SprtParams& p) {
    return std::log(p.beta / (1 - p.alpha));
}

double sprt_upper_bound(const SprtParams& p) {
    return std::log((1 - p.beta) / p.alpha);
}

std::string sprt_decision(double llr, const SprtParams& p) {
    if (llr >= sprt_upper_bound(p)) return "H1";
    if (llr <= sprt_lower_bound(p)) return "H0";
    return "";
}

std::string format_elo(const std::optional<EloEstimate>& e) {
    if (!e) return "n/a";
    if (e->bound == EloBound::ABOVE) return "> " + signed_number(e->elo) + " (95%)";
    if (e->bound == EloBound::BELOW) return "< " + signed_number(e->elo) + " (95%)";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", (e->high - e->low) / 2);
    return signed_number(e->elo) + " +/- " + buf;
}

} // namespace tsubame::usi
