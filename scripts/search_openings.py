#!/usr/bin/env python3
"""Writes the openings that search changes are matched on, one `startpos moves ...` line each,
from the two shared sets (taya36, ../shared/data/openings.sfen, and the first 3000 lines of
YaneuraOu's records2016, ../shared/data/openings_records2016.sfen), leaving out the claim
openings (claim_openings.py) and the net-selection openings
(scripts/train/openings/select-mixed.sfen):

- `search-select.sfen`: `count` of each family; candidates are chosen on these;
- `search-confirm.sfen`: the next `count` of each family; they choose nothing, so the
  strength of a kept change is claimed on them.

Sampled with Python's random.Random(seed) and interleaved (taya36, records2016, ...) so that
any first 2k lines hold k of each family. The files in scripts/openings/ were written by

    scripts/search_openings.py ../shared/data scripts/openings
"""

import argparse
import random
from pathlib import Path

from claim_openings import claim_lines, lines_of


def interleave(taya, records):
    return [line for pair in zip(taya, records) for line in pair]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder of openings.sfen and openings_records2016.sfen")
    parser.add_argument("out", type=Path, help="the folder to write the two files to")
    parser.add_argument("--count", type=int, default=100, help="openings of each family in each file (100)")
    parser.add_argument("--seed", type=int, default=20261128)
    args = parser.parse_args()

    root = Path(__file__).resolve().parent.parent
    used = set(claim_lines(args.data))
    used |= set(lines_of(root / "scripts/train/openings/select-mixed.sfen"))
    taya = [line for line in lines_of(args.data / "openings.sfen") if line not in used]
    records = [line for line in lines_of(args.data / "openings_records2016.sfen")[:3000] if line not in used]
    rng = random.Random(args.seed)
    taya = rng.sample(taya, 2 * args.count)
    records = rng.sample(records, 2 * args.count)
    args.out.mkdir(parents=True, exist_ok=True)
    n = args.count
    for name, lines in (("search-select.sfen", interleave(taya[:n], records[:n])),
                        ("search-confirm.sfen", interleave(taya[n:], records[n:]))):
        (args.out / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


if __name__ == "__main__":
    main()
