#!/usr/bin/env python3
"""Writes the openings that search changes are matched on, one `startpos moves ...` line each,
from the two shared sets (taya36, ../shared/data/openings.sfen, and the first 3000 lines of
YaneuraOu's records2016, ../shared/data/openings_records2016.sfen), leaving out the claim
openings (claim_openings.py) and the net-selection openings
(scripts/train/openings/select-mixed.sfen):

- `search-select.sfen`: `count` of each family; candidates are chosen on these;
- `search-confirm.sfen`: the next `count` of each family; they choose nothing, so the
  strength of a kept change is claimed on them.
- `net-confirm.sfen` (since 2026-12-07): `count` more of each family, none in the two files
  above, sampled with seed + 1 so that those stay as they were; nets are claimed on them (the
  search's routine had made choices on `search-confirm.sfen` by then).

Sampled with Python's random.Random(seed) and interleaved (taya36, records2016, ...) so that
any first 2k lines hold k of each family. The files in scripts/openings/ were written (and
are written again, unchanged) by

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
    taya_all = [line for line in lines_of(args.data / "openings.sfen") if line not in used]
    records_all = [line for line in lines_of(args.data / "openings_records2016.sfen")[:3000]
                   if line not in used]
    rng = random.Random(args.seed)
    taya = rng.sample(taya_all, 2 * args.count)
    records = rng.sample(records_all, 2 * args.count)
    args.out.mkdir(parents=True, exist_ok=True)
    n = args.count
    # The third file's draw comes after the first two, from what they left.
    rest_rng = random.Random(args.seed + 1)
    rest_taya = rest_rng.sample([line for line in taya_all if line not in taya], n)
    rest_records = rest_rng.sample([line for line in records_all if line not in records], n)
    for name, lines in (("search-select.sfen", interleave(taya[:n], records[:n])),
                        ("search-confirm.sfen", interleave(taya[n:], records[n:])),
                        ("net-confirm.sfen", interleave(rest_taya, rest_records))):
        (args.out / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


if __name__ == "__main__":
    main()
