#!/usr/bin/env python3
"""Engine 1's score in a `tsubame match` by ranges of opening numbers.

With openings/select-mixed.sfen the first 75 openings are taya36 lines and the next 75
records2016 lines, so a candidate's gain on each family shows apart:

    scripts/train/score_by_openings.py OUT/games.tsv taya36=1-75 records2016=76-150
"""
import argparse
import csv
import math


def parse_range(text):
    name, _, span = text.partition("=")
    first, _, last = span.partition("-")
    return name, int(first), int(last or first)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", help="the match's games.tsv")
    ap.add_argument("ranges", nargs="+", help="NAME=FIRST-LAST (opening numbers, inclusive)")
    args = ap.parse_args()
    with open(args.games, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for name, first, last in map(parse_range, args.ranges):
        wins = draws = losses = 0
        for row in rows:
            if not first <= int(row["opening_no"]) <= last:
                continue
            if row["winner"] == "engine1":
                wins += 1
            elif row["winner"] == "engine2":
                losses += 1
            else:
                draws += 1
        games = wins + draws + losses
        if games == 0:
            print(f"{name}: no games")
            continue
        score = (wins + draws / 2) / games
        # Two standard errors of the score, counting a draw as half a point.
        variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2
                    + losses * score ** 2) / games
        spread = math.sqrt(variance / games)
        print(f"{name}: {wins}/{draws}/{losses} in {games}, score {100 * score:.1f}% "
              f"± {200 * spread:.1f}")


if __name__ == "__main__":
    main()
