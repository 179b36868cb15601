#!/usr/bin/python3
"""Relabels self-play positions with GPS Shogi's static evaluation, a teacher for tune_eval.py.

Input: the output of `tsubame selfplay`, one position per line:
    <sfen>\t<result>\t<score>
Output: the same lines with the score replaced by gpsshell's `eval` of the position, in its
centipawns, for the side to move. tune_eval.py with `--lam 0 --l2 0` then fits Tsubame's
evaluation to GPS's; the game results are kept, so that the fit is still judged by how well
it predicts them.

Why a teacher: a game's result is one noisy bit shared by a hundred positions, and our own
shallow search scores inherit our evaluation's blind spots. GPS's evaluation (pattern weights
blended by game progress, as its `eval` output shows) predicts the results of our own
self-play games better than ours does, so every position it labels carries more information.

gpsshell comes with Debian's gpsshogi (apt-get install -y gpsshogi). It reads positions with
all forty pieces; self-play positions always have them. Standard library only.

    scripts/tuning/label_with_gps.py selfplay.tsv labelled.tsv
"""

import argparse
import re
import shutil
import subprocess
import sys

GPSSHELL = "/usr/games/gpsshell"
CHUNK = 20000  # positions per gpsshell run: one process start for many positions
CENTIPAWN = re.compile(r"centipawn (-?\d+)")
COLOUR_CODES = re.compile(r"\x1b\[[0-9;]*m")


def evaluate_chunk(sfens):
    """gpsshell's evaluations of the positions, from Black's view, in order."""
    script = "".join(f"position sfen {s}\neval\n" for s in sfens) + "quit\n"
    run = subprocess.run([GPSSHELL], input=script, capture_output=True, text=True, check=False)
    values = CENTIPAWN.findall(COLOUR_CODES.sub("", run.stdout))
    if len(values) != len(sfens):
        sys.exit(f"gpsshell answered {len(values)} evaluations for {len(sfens)} positions "
                 f"(exit code {run.returncode}); check the first position it did not answer")
    return [int(v) for v in values]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("selfplay")
    ap.add_argument("out")
    args = ap.parse_args()
    if not shutil.which(GPSSHELL):
        sys.exit(f"{GPSSHELL} not found: apt-get install -y gpsshogi")

    with open(args.selfplay) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    bad = next((i + 1 for i, r in enumerate(rows) if len(r) < 2 or len(r[0].split()) < 3), None)
    if bad:
        sys.exit(f"{args.selfplay}: line {bad} is not '<sfen>\\t<result>[\\t<score>]'")
    with open(args.out, "w") as out:
        for start in range(0, len(rows), CHUNK):
            chunk = rows[start:start + CHUNK]
            for row, black_view in zip(chunk, evaluate_chunk([r[0] for r in chunk])):
                to_move = black_view if row[0].split()[1] == "b" else -black_view
                out.write(f"{row[0]}\t{row[1]}\t{to_move}\n")
            print(f"{start + len(chunk)} / {len(rows)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
