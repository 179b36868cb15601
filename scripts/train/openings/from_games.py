#!/usr/bin/env python3
"""Start lines for gensfen cut from recorded games (CSA files of `tsubame match` or the shared
runner), so that self-play continues from the structures another engine builds.

Each game gives --cuts lines: its moves up to plies drawn (seeded) between --after plies past
its opening line and --before plies before its end. The opening line is read from the record
("'game N, opening #M: startpos moves ..." of the shared runner, "$OPENING:startpos moves ..." of
`tsubame match`); a game without one counts from ply 0.

    scripts/train/openings/from_games.py OUT.sfen DIR... [--cuts 3] [--after 8] [--span 40]
                                         [--before 20] [--seed 1] [--check ENGINE]

--check plays every whole game through the engine (USI `position`, then `d`) and compares its
last position with the final SFEN of the games.tsv beside the records: the conversion's test.
"""
import argparse
import csv
import pathlib
import random
import re
import subprocess
import sys

# CSA piece names, unpromoted and promoted.
PROMOTED = {"TO": "FU", "NY": "KY", "NK": "KE", "NG": "GI", "UM": "KA", "RY": "HI"}
DROP_LETTER = {"FU": "P", "KY": "L", "KE": "N", "GI": "S", "KI": "G", "KA": "B", "HI": "R"}


def initial_board():
    """Square (file, rank) -> CSA piece name of the initial position (colour is not needed)."""
    board = {}
    back = "KY KE GI KI OU KI GI KE KY".split()
    for file in range(1, 10):
        board[(file, 1)] = board[(file, 9)] = back[file - 1]
        board[(file, 3)] = board[(file, 7)] = "FU"
    board[(8, 2)] = board[(2, 8)] = "HI"
    board[(2, 2)] = board[(8, 8)] = "KA"
    return board


def square(file, rank):
    return f"{file}{chr(ord('a') + rank - 1)}"


def usi_moves(csa_text):
    """(opening plies, the game's moves as USI) of a CSA record from the initial position."""
    opening = 0
    # The shared runner's comment, or tsubame match's $OPENING line.
    match = re.search(r"^(?:'game \d+, opening #\d+: |\$OPENING:)(.*)$", csa_text, re.M)
    if match:
        words = match.group(1).split()
        if "moves" in words:
            opening = len(words) - words.index("moves") - 1
    board = initial_board()
    moves = []
    for line in csa_text.splitlines():
        if not re.fullmatch(r"[+-]\d{4}[A-Z]{2}", line.strip()):
            continue
        line = line.strip()
        ff, fr, tf, tr, piece = int(line[1]), int(line[2]), int(line[3]), int(line[4]), line[5:7]
        if ff == 0:
            moves.append(f"{DROP_LETTER[piece]}*{square(tf, tr)}")
        else:
            before = board.pop((ff, fr))
            promote = piece != before and PROMOTED.get(piece) == before
            moves.append(square(ff, fr) + square(tf, tr) + ("+" if promote else ""))
        board[(tf, tr)] = piece
    return opening, moves


def final_sfen(path):
    """The final SFEN games.tsv gives for the record at path (beside it, as tsubame match
    writes it, or one folder up, as the shared runner does)."""
    number = int(re.search(r"(\d+)$", path.stem).group(1))
    for tsv in (path.parent / "games.tsv", path.parent.parent / "games.tsv"):
        if tsv.exists():
            with open(tsv, encoding="utf-8") as f:
                for row in csv.DictReader(f, delimiter="\t"):
                    if int(row["game"]) == number:
                        return row["final_sfen"]
    sys.exit(f"no final SFEN for {path} in a games.tsv")


def check(engine, games):
    """The number of games (path, moves) whose moves, played by the engine, miss games.tsv's
    final SFEN."""
    commands, wanted = [], []
    for path, moves in games:
        commands += ["position startpos moves " + " ".join(moves), "d"]
        wanted.append(" ".join(final_sfen(path).split()[:3]))
    out = subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                         capture_output=True, text=True, check=True).stdout
    got = [" ".join(line.split("sfen ", 1)[1].split()[:3])
           for line in out.splitlines() if line.startswith("sfen ")]
    if "error" in out or len(got) != len(wanted):
        return len(wanted)
    return sum(g != w for g, w in zip(got, wanted))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("dirs", nargs="+", help="folders searched for *.csa records")
    ap.add_argument("--cuts", type=int, default=3, help="lines per game")
    ap.add_argument("--after", type=int, default=8, help="first cut, plies past the opening")
    ap.add_argument("--span", type=int, default=40, help="cuts fall within this many plies")
    ap.add_argument("--before", type=int, default=20, help="no cut this close to the end")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", metavar="ENGINE", help="verify the conversion with this engine")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    records = sorted(p for d in args.dirs for p in pathlib.Path(d).rglob("*.csa"))
    parsed = [(path, *usi_moves(path.read_text(encoding="utf-8"))) for path in records]
    if args.check:
        wrong = check(args.check, [(path, moves) for path, _, moves in parsed])
        print(f"checked {len(records)} games against their final SFEN: {wrong} differ")
        if wrong:
            sys.exit(1)
    lines, games = [], 0
    for _, opening, moves in parsed:
        first = opening + args.after
        last = min(first + args.span, len(moves) - args.before)
        if last < first:
            continue
        games += 1
        plies = rng.sample(range(first, last + 1), min(args.cuts, last - first + 1))
        lines += ["startpos moves " + " ".join(moves[:p]) for p in sorted(plies)]
    pathlib.Path(args.out).write_text("".join(line + "\n" for line in lines))
    print(f"{len(lines)} lines from {games} games")


if __name__ == "__main__":
    main()
