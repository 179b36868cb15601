#include "match/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

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

std::string signed_number(double x) {
    if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
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
    e.score            = m.mean;
    e.elo              = elo_from_score(m.mean);
    e.low              = elo_from_score(std::max(0.0, m.mean - Z95 * se));
    e.high             = elo_from_score(std::min(1.0, m.mean + Z95 * se));
    const int decisive = wdl.wins + wdl.losses;
    e.los = decisive > 0 ? 0.5 * (1 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)))
                         : 0.5;
    return e;
}

double sprt_llr(const Wdl& wdl, double elo0, double elo1) {
    const int n = wdl.games();
    if (n == 0) return 0;
    const Moments m   = trinomial(wdl.wins, wdl.draws, wdl.losses);
    double        var = m.variance;
    // Only one kind of result so far: no variance; add half a game of each kind instead.
    if (!(var > 0)) var = trinomial(wdl.wins + 0.5, wdl.draws + 0.5, wdl.losses + 0.5).variance;
    const double s0 = score_from_elo(elo0);
    const double s1 = score_from_elo(elo1);
    return n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * var);
}

double sprt_lower_bound(const SprtParams& p) {
    return std::log(p.beta / (1 - p.alpha));
}

double sprt_upper_bound(const SprtParams& p) {
    return std::log((1 - p.beta) / p.alpha);
}

std::string sprt_decision(const Wdl& wdl, const SprtParams& p) {
    const double llr = sprt_llr(wdl, p.elo0, p.elo1);
    if (llr >= sprt_upper_bound(p)) return "H1";
    if (llr <= sprt_lower_bound(p)) return "H0";
    return "";
}

std::string format_elo(const std::optional<EloEstimate>& e) {
    if (!e) return "n/a";
    if (std::isinf(e->elo)) return signed_number(e->elo);
    const double err = (e->high - e->low) / 2;
    char         buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", err);
    return signed_number(e->elo) + " +/- " + (std::isinf(err) ? std::string("inf") : buf);
}

} // namespace tsubame::usi
