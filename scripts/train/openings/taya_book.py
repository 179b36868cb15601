#!/usr/bin/env python3
"""Writes the taya36 lines that book games may start from: the lines of ../shared/data/openings.sfen
that are not claim openings (scripts/claim_openings.py, default seed) and share fewer than
`--max-shared` plies (12) with every claim opening, so that no training game replays the start
of a game that a strength claim plays. In file order, one `startpos moves ...` line each:

    scripts/train/openings/taya_book.py ../shared/data > scripts/train/openings/taya36-book.sfen
"""

import argparse
import importlib.util
import os
from pathlib import Path


def claim_module():
    path = Path(__file__).resolve().parents[2] / "claim_openings.py"
    spec = importlib.util.spec_from_file_location("claim_openings", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", type=Path, help="the folder of openings.sfen and openings_records2016.sfen")
    parser.add_argument("--max-shared", type=int, default=12,
                        help="a line is kept when it shares fewer plies than this with every claim opening")
    args = parser.parse_args()
    claims = claim_module()
    taya = claims.lines_of(args.data / "openings.sfen")
    claimed = set(claims.claim_lines(args.data))
    claim_moves = [line.split()[2:] for line in taya if line in claimed]
    # A claim opening shares all its plies with itself, so this test leaves the claims out too.
    for line in taya:
        moves = line.split()[2:]
        if all(len(os.path.commonprefix([moves, c])) < args.max_shared for c in claim_moves):
            print(line)


if __name__ == "__main__":
    main()
