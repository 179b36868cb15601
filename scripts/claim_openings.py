#!/usr/bin/env python3
"""Writes the openings that strength claims are measured on, one `startpos moves ...` line each:
`count` lines of taya36 (../shared/data/openings.sfen) and `count` of YaneuraOu's records2016
half (../shared/data/openings_records2016.sfen, its first 3000 lines; lines 3001-3150 choose
between nets and are never claim openings), sampled with Python's random.Random(seed):
`sample(taya, count) + sample(records2016[:3000], count)`, then interleaved (taya, records2016,
taya, ...) so that any first 2k lines hold k of each family. The default seed, 20261126, made
the openings of every claim since 2026-11-26:

    scripts/claim_openings.py ../shared/data > claim.sfen
"""

import argparse
import random
from pathlib import Path


def lines_of(path):
    return [line.strip() for line in open(path, encoding="utf-8") if line.strip()]


def claim_lines(data, count=50, seed=20261126):
    """The claim openings, in their interleaved order (taya, records2016, taya, ...)."""
    taya = lines_of(data / "openings.sfen")
    records = lines_of(data / "openings_records2016.sfen")[:3000]
    rng = random.Random(seed)
    sampled = rng.sample(taya, count) + rng.sample(records, count)
    return [line for i in range(count) for line in (sampled[i], sampled[count + i])]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder of openings.sfen and openings_records2016.sfen")
    parser.add_argument("--count", type=int, default=50, help="openings of each family (50)")
    parser.add_argument("--seed", type=int, default=20261126)
    args = parser.parse_args()
    for line in claim_lines(args.data, args.count, args.seed):
        print(line)


if __name__ == "__main__":
    main()
