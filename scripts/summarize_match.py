#!/usr/bin/env python3
"""Sums runs of `tsubame match --out DIR` into one result, from engine 1's point of view.

A match that does not finish in one sitting goes on as a new run with a new seed; an SPRT over
all its games is then the runner's formula on the sum. Each DIR is read from its games.tsv (in
the order the games ended); DIR:N keeps its first N games, for a run stopped by hand or whose
later games were played beside other work:

    scripts/summarize_match.py build/confirm30 build/confirm31:173 --sprt 0,30

Runs whose folders are gone count by their totals, `--prior W/D/L` (repeatable); they join
the W/D/L, Elo and SPRT, not the colours, pairs or termination reasons, which say so.

The SPRT counts the pairs of games that share an opening (pentanomial), as the runner does by
default; by games (trinomial) with --sprt-games, and whenever a --prior is given (its pairs
are not known).

Prints each run's W/D/L, then the total as the runner's summary.txt words it (W/D/L, Elo with
its 95% interval, LOS, results as sente and as gote, the Elo of the pairs of games that share
an opening (pentanomial: the same estimate, its interval free of the openings' colour bias),
SPRT, termination reasons).
"""

import argparse
import collections
import csv
from pathlib import Path

from match_stats import elo_estimate, pair_elo_estimate, sprt_bounds, sprt_llr, sprt_pair_llr


def parse_run(text):
    """'DIR' or 'DIR:N' -> (Path, N or None)."""
    folder, _, count = text.rpartition(":")
    if folder and count.isdigit():
        return Path(folder), int(count)
    return Path(text), None


def read_games(folder, count):
    """The first `count` (or all) rows of folder/games.tsv."""
    with open(folder / "games.tsv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if count is not None:
        if count > len(rows):
            raise SystemExit(f"{folder}: {count} games asked, {len(rows)} played")
        rows = rows[:count]
    return rows


def outcome(row):
    """'W', 'D' or 'L' for engine 1."""
    return {"engine1": "W", "engine2": "L"}.get(row["winner"], "D")


def pair_points(rows):
    """Engine 1's points, in half points (0-4), in each pair of games of one run that share an
    opening (games 2k-1 and 2k, one with each colour); a pair with one game played is left out."""
    halves = {}
    for row in rows:
        halves.setdefault((int(row["game"]) + 1) // 2, []).append("LDW".index(outcome(row)))
    return [sum(pair) for pair in halves.values() if len(pair) == 2]


def wdl_text(counts):
    return f"+{counts['W']} ={counts['D']} -{counts['L']}"


def wdl_counts(text):
    """W/D/L as three counts, for argparse: a malformed value is a usage error, not a crash."""
    try:
        wins, draws, losses = (int(v) for v in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not W/D/L: {text!r}") from None
    if min(wins, draws, losses) < 0:
        raise argparse.ArgumentTypeError(f"negative count: {text!r}")
    return wins, draws, losses


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="*", help="match --out folders, each DIR or DIR:N")
    parser.add_argument("--prior", action="append", default=[], type=wdl_counts,
                        help="W/D/L of earlier runs whose folders are gone")
    parser.add_argument("--sprt", help="ELO0,ELO1[,ALPHA,BETA] as `tsubame match --sprt` takes")
    parser.add_argument("--sprt-games", action="store_true",
                        help="the SPRT counts games (trinomial), not pairs")
    args = parser.parse_args()

    total = collections.Counter()
    by_colour = {True: collections.Counter(), False: collections.Counter()}
    reasons = collections.Counter()
    pairs = [0] * 5
    for wins, draws, losses in args.prior:
        total += collections.Counter(W=wins, D=draws, L=losses)
        print(f"prior: {wins}/{draws}/{losses}")
    for text in args.runs:
        folder, count = parse_run(text)
        run = collections.Counter()
        rows = read_games(folder, count)
        for points in pair_points(rows):
            pairs[points] += 1
        for row in rows:
            result = outcome(row)
            run[result] += 1
            # Odd games have engine 1 as sente (the runner swaps colours on each opening).
            by_colour[int(row["game"]) % 2 == 1][result] += 1
            reasons[row["reason"]] += 1
        print(f"{text}: {run['W']}/{run['D']}/{run['L']}")
        total += run

    wins, draws, losses = total["W"], total["D"], total["L"]
    games = wins + draws + losses
    if games == 0:
        raise SystemExit("no games")
    elo, low, high, los = elo_estimate(wins, draws, losses)
    print(f"games {games}")
    print(f"engine1 W/D/L: {wins}/{draws}/{losses}  score {wins + draws / 2:.1f}/{games} "
          f"({100 * (wins + draws / 2) / games:.1f}%)")
    print(f"Elo difference (engine1 - engine2): {elo:+.1f} +/- {(high - low) / 2:.1f}  "
          f"95% [{low:+.1f}, {high:+.1f}]  LOS {100 * los:.1f}%")
    runs_only = " (the folders' games only)" if args.prior else ""
    print(f"engine1 as sente: {wdl_text(by_colour[True])}   as gote: {wdl_text(by_colour[False])}"
          + runs_only)
    if sum(pairs):
        estimate = pair_elo_estimate(pairs)
        text = ("n/a" if estimate is None else
                f"{estimate[0]:+.1f} +/- {(estimate[2] - estimate[1]) / 2:.1f}  "
                f"95% [{estimate[1]:+.1f}, {estimate[2]:+.1f}]")
        print(f"pairs {sum(pairs)} (0/0.5/1/1.5/2 points: {'/'.join(map(str, pairs))}): Elo "
              + text + runs_only)
    if args.sprt:
        values = [float(v) for v in args.sprt.split(",")]
        if len(values) not in (2, 4):
            raise SystemExit("--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")
        elo0, elo1, alpha, beta = values if len(values) == 4 else values + [0.05, 0.05]
        lower, upper = sprt_bounds(alpha, beta)
        by_games = args.sprt_games or bool(args.prior)
        llr = (sprt_llr(wins, draws, losses, elo0, elo1) if by_games
               else sprt_pair_llr(pairs, elo0, elo1))
        decision = ("accepted H1" if llr >= upper else "accepted H0" if llr <= lower
                    else "no decision")
        print(f"SPRT elo0 {elo0:.1f} elo1 {elo1:.1f} alpha {alpha:g} beta {beta:g} "
              f"by {'games' if by_games else 'pairs'}: "
              f"LLR {llr:.3f} bounds ({lower:.3f}, {upper:.3f}) {decision}")
    print("termination reasons" + runs_only + ":")
    for reason, count in sorted(reasons.items()):
        print(f"  {reason:<20} {count}")


if __name__ == "__main__":
    main()
