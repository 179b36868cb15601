#!/usr/bin/env python3
"""Combines the streams of scripts/match-gpsusi.sh into the figures a strength note needs.

A claim is usually played as several streams (`match-gpsusi.sh out-a 60 1`, `... out-b 40 31`);
this reads each stream's games.tsv and prints Tsubame's W/D/L, score and Elo with its 95%
interval (scripts/match_stats.py, the runner's formulas), the score on each opening family, the
termination reasons and the plies:

    scripts/summarize_gpsusi.py out-a out-b [--data ../shared/data]
"""

import argparse
import collections
import csv
from pathlib import Path

from match_stats import elo_estimate


def outcome(row, ours):
    """'W', 'D' or 'L' for the engine whose name starts with `ours`."""
    if row["result"] not in ("1-0", "0-1"):
        return "D"
    return "W" if row["winner"].startswith(ours) else "L"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("streams", nargs="+", type=Path, help="match-gpsusi.sh output folders")
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared" / "data",
                        help="the folder of openings.sfen, to tell taya36 openings from records2016 ones")
    parser.add_argument("--engine", default="Tsubame", help="the name our engine reports (prefix)")
    args = parser.parse_args()
    taya = {line.strip() for line in open(args.data / "openings.sfen", encoding="utf-8") if line.strip()}

    total = collections.Counter()
    families = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    plies = []
    for stream in args.streams:
        with open(stream / "games" / "games.tsv", newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                result = outcome(row, args.engine)
                total[result] += 1
                families["taya36" if row["opening"].strip() in taya else "records2016"][result] += 1
                reasons[(result, row["reason"])] += 1
                plies.append(int(row["plies"]))

    wins, draws, losses = total["W"], total["D"], total["L"]
    games = wins + draws + losses
    if games == 0:
        raise SystemExit("no games")
    elo, low, high, los = elo_estimate(wins, draws, losses)
    print(f"games {games}: W/D/L {wins}/{draws}/{losses}, {100 * (wins + draws / 2) / games:.1f}%, "
          f"Elo {elo:+.1f} ± {(high - low) / 2:.1f}, 95% [{low:+.1f}, {high:+.1f}], LOS {100 * los:.1f}%")
    for name, count in sorted(families.items()):
        n = sum(count.values())
        print(f"  {name}: {count['W']}/{count['D']}/{count['L']}, {count['W'] + count['D'] / 2}/{n}")
    names = {"W": "won", "D": "drawn", "L": "lost"}
    for (result, reason), count in sorted(reasons.items()):
        print(f"  {names[result]} by {reason}: {count}")
    print(f"  plies: mean {sum(plies) / games:.1f}, min {min(plies)}, max {max(plies)}")


if __name__ == "__main__":
    main()
