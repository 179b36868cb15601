#!/usr/bin/env python3
"""Writes openings that nothing in the repository has used, one `startpos moves ...` line each:
`count` lines of taya36 (../shared/data/openings.sfen) and `count` of the first 3000 lines of
YaneuraOu's records2016 (../shared/data/openings_records2016.sfen), none of them

- a claim opening (claim_openings.py) or a net-selection opening
  (scripts/train/openings/select-mixed.sfen);
- a line training games start from (scripts/train/openings/taya36-book.sfen; the records2016
  book is lines 3151-5465, outside the first 3000);
- a line of scripts/openings/search-select.sfen, search-confirm.sfen or net-confirm.sfen.

So a claim on them, such as gpsusi's 90% of issue 47, plays openings that chose nothing and
trained nothing (search_openings.py drew from the training book too: 249 of the 300 taya36
lines of its three files are book lines). taya36 has few such lines left (78 of 956 on
2026-12-07; 50 are claim lines, 777 book lines, and the other 129 share 12 plies or more with
a claim line, which the book leaves out, 51 of them in those three files). Sampled with Python's
random.Random(seed) and interleaved (taya36, records2016, ...) so that any first 2k lines hold
k of each family. `--exclude FILE` leaves out the lines of more files, such as earlier output.
The files in scripts/openings/ it wrote (2026-12-07):

    scripts/fresh_openings.py ../shared/data > scripts/openings/gpsusi-confirm.sfen
    scripts/fresh_openings.py ../shared/data --count 28 --seed 20261208 \
      --exclude scripts/openings/gpsusi-confirm.sfen > scripts/openings/net-confirm-1000.sfen

gpsusi's claim played the first 50 lines of the first; the second is for the net's confirmation
at 1000 ms. Together they take all 78 taya36 lines left, so a later claim needs fresh taya36
openings from another source.
"""

import argparse
import random
from pathlib import Path

from claim_openings import claim_lines, lines_of
from search_openings import interleave

USED = ("scripts/train/openings/select-mixed.sfen", "scripts/train/openings/taya36-book.sfen",
        "scripts/openings/search-select.sfen", "scripts/openings/search-confirm.sfen",
        "scripts/openings/net-confirm.sfen")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder of openings.sfen and openings_records2016.sfen")
    parser.add_argument("--count", type=int, default=50, help="openings of each family (50)")
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--exclude", type=Path, action="append", default=[],
                        help="a file of lines to leave out as well (repeatable)")
    args = parser.parse_args()

    root = Path(__file__).resolve().parent.parent
    used = set(claim_lines(args.data))
    for name in USED:
        used |= set(lines_of(root / name))
    for path in args.exclude:
        used |= set(lines_of(path))
    taya = [line for line in lines_of(args.data / "openings.sfen") if line not in used]
    records = [line for line in lines_of(args.data / "openings_records2016.sfen")[:3000]
               if line not in used]
    rng = random.Random(args.seed)
    taya = rng.sample(taya, args.count)
    records = rng.sample(records, args.count)
    for line in interleave(taya, records):
        print(line)


if __name__ == "__main__":
    main()
