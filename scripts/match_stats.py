"""Match statistics shared by the summarizing scripts, with the formulas of `tsubame match`
(usi/match/stats.cpp) and the shared runner's lib/stats.mjs: the logistic Elo of a mean score,
its normal 95% interval from the trinomial variance, the likelihood of superiority, and the
GSPRT log-likelihood ratio (normal approximation, as fishtest computes it), over games or over
the pairs of games that share an opening. Only the per-game interval of a sample near a score
of 0 or 1 differs: clamped here, where the runner gives the Wilson or the exact one-sided
bound."""

import math

Z95 = 1.959963984540054


def elo_from_score(p):
    """Logistic Elo difference of a mean score in [0, 1] (±infinity at the ends)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1) + 0.0  # + 0.0: no "-0.0" at an even score


def score_from_elo(elo):
    """Mean score of a logistic Elo difference."""
    return 1 / (1 + 10 ** (-elo / 400))


def trinomial(wins, draws, losses):
    """(mean, variance) of the per-game score; fractional counts are allowed."""
    n = wins + draws + losses
    mean = (wins + draws / 2) / n
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean**2) / n
    return mean, variance


def elo_estimate(wins, draws, losses):
    """(elo, low, high, LOS) of a W/D/L: the normal interval, clamped to scores [0, 1]."""
    n = wins + draws + losses
    mean, variance = trinomial(wins, draws, losses)
    spread = Z95 * math.sqrt(variance / n)
    decisive = wins + losses
    los = 0.5 if decisive == 0 else 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * decisive)))
    return (elo_from_score(mean), elo_from_score(max(0.0, mean - spread)),
            elo_from_score(min(1.0, mean + spread)), los)


def pair_elo_estimate(pair_counts):
    """(elo, low, high) from the counts of game pairs scoring 0, 0.5, 1, 1.5 and 2 points (the
    two games of one opening, one with each colour): the normal interval from the variance of
    the pairs' mean score (pentanomial, as fishtest reports it), which an opening that favours
    one colour does not widen, as it widens the per-game one. None, as the runner's "n/a",
    while every pair scored alike or the interval reaches a score of 0 or 1."""
    pairs = sum(pair_counts)
    mean, variance = pentanomial(pair_counts)
    spread = Z95 * math.sqrt(variance / pairs)
    if variance <= 0 or mean - spread <= 0 or mean + spread >= 1:
        return None
    return elo_from_score(mean), elo_from_score(mean - spread), elo_from_score(mean + spread)


def sprt_llr(wins, draws, losses, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0) after these games."""
    n = wins + draws + losses
    if n == 0:
        return 0.0
    mean = trinomial(wins, draws, losses)[0]
    # Half a game of each kind in the variance, as `tsubame match` does: a one-sided start
    # has the spread of one tail only (9/1/0 read 4.2 at [0, 15] with the sample's own).
    variance = trinomial(wins + 0.5, draws + 0.5, losses + 0.5)[1]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def pentanomial(pair_counts):
    """(mean, variance) of the pairs' mean score (a pair of k half points scores k / 4 a game);
    fractional counts are allowed."""
    pairs = sum(pair_counts)
    mean = sum(k * c for k, c in enumerate(pair_counts)) / (4 * pairs)
    variance = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(pair_counts)) / pairs
    return mean, variance


def sprt_pair_llr(pair_counts, elo0, elo1):
    """Log-likelihood ratio of H1 against H0 over the pairs (pentanomial), as `tsubame match`
    computes it by default: half a pair of each kind in the variance."""
    pairs = sum(pair_counts)
    if pairs == 0:
        return 0.0
    mean = pentanomial(pair_counts)[0]
    variance = pentanomial([c + 0.5 for c in pair_counts])[1]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def sprt_bounds(alpha=0.05, beta=0.05):
    """(lower, upper) LLR bounds: H0 is accepted below the first, H1 above the second."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
