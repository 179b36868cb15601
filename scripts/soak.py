#!/usr/bin/env python3
"""A soak of the engine against itself on the paths GUIs take: 1,000 games over byoyomi
50-300 ms, Fischer 2 s + 100 ms and sudden death 10 s, pondering in most of them, Threads 2 on
one side in some, `stop` at random moments of the searches in some ("move now"), USI_Hash from
16 to 1024 MB, and a margin of 100 ms. Each batch is one
`tsubame match` run; the soak is resumable (a batch with a summary is skipped) and seeded.

    scripts/soak.py ENGINE OUT_DIR [--seed 1] [--scale 1.0] [--openings FILE] [--batches A,B]

--scale multiplies every batch's game count (0.05 for a quick check). --batches runs only the
named batches that have no summary yet, so that the soak can be spread over the hours the
machine is free; the report covers every batch with a summary. At the end it prints, per
batch and in total: games, crashes, time losses, illegal moves, extra bestmoves, ponder
searches that answered before ponderhit or stop (a protocol error), late moves, and the
slowest moves against the byoyomi, with their depth, nodes, score, the engine's own time and
whether they answered a ponderhit (from the CSA records).
Needs the machine to itself: these are timed games.
"""

import argparse
import os
import random
import re
import subprocess
import sys

# name, time control flags, games, concurrency, engine-1 options beyond the hash
BATCHES = [
    ("byoyomi50-ponder", ["--byoyomi", "50", "--ponder"], 200, 1, []),
    ("byoyomi100", ["--byoyomi", "100"], 100, 2, []),
    # A user's "move now": `stop` at a random moment of 30% of the searches.
    ("byoyomi200-stops", ["--byoyomi", "200", "--random-stop", "30"], 50, 2, []),
    ("byoyomi200-ponder", ["--byoyomi", "200", "--ponder"], 150, 1, []),
    ("byoyomi300-threads2", ["--byoyomi", "300"], 100, 1, ["Threads=2"]),
    ("fischer2s-ponder", ["--time", "2000", "--inc", "100", "--ponder"], 200, 1, []),
    ("fischer2s", ["--time", "2000", "--inc", "100"], 100, 2, []),
    ("sudden10s-ponder", ["--time", "10000", "--ponder"], 100, 1, []),
]
HASH_MB = [16, 64, 256, 1024]
BAD = ["crash", "time-forfeit", "illegal-move", "startup-failure", "both-failed"]


def run_batch(args, name, flags, games, concurrency, options, seed):
    out = os.path.join(args.out, name)
    if os.path.exists(os.path.join(out, "summary.txt")):
        return
    rng = random.Random(seed)
    cmd = [args.engine, "match", "--engine1", args.engine, "--engine2", args.engine,
           "--games", str(max(2, round(games * args.scale / 2) * 2)), "--openings",
           args.openings, "--seed", str(seed), "--concurrency", str(concurrency),
           "--margin", "100", "--out", out] + flags
    for side, extra in (("--opt1", options), ("--opt2", [])):
        cmd += [side, f"USI_Hash={rng.choice(HASH_MB)}"]
        for option in extra:
            cmd += [side, option]
    print(" ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def slow_moves(out, byoyomi):
    """(overshoot ms, game, ply, time, depth, nodes, score, engine's time, "ponderhit" or "")
    of every move of a byoyomi batch (the engine's time is in records from 2026-11-30 on)."""
    moves = []
    for f in sorted(os.listdir(out)):
        if not f.endswith(".csa"):
            continue
        ply = 0
        for line in open(os.path.join(out, f), encoding="utf-8"):
            if line[:1] in "+-" and len(line) > 5:
                ply += 1
            m = re.match(r"'time (\d+) ms(?:, depth (\d+))?(?:, nodes (\d+))?"
                         r"(?:, score ([^,]*))?(?:, engine time (\d+) ms)?(, ponderhit)?", line)
            if m:
                t = int(m.group(1))
                moves.append((t - byoyomi, f, ply, t, m.group(2), m.group(3),
                              (m.group(4) or "").strip(), m.group(5),
                              "ponderhit" if m.group(6) else ""))
    return moves


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--openings")
    ap.add_argument("--batches", help="comma-separated names: run only these")
    args = ap.parse_args()
    names = [b[0] for b in BATCHES]
    chosen = args.batches.split(",") if args.batches else names
    for name in chosen:
        if name not in names:
            sys.exit(f"unknown batch {name}; the batches: {', '.join(names)}")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    args.engine = os.path.abspath(args.engine)
    args.openings = os.path.abspath(
        args.openings or os.path.join(root, "scripts/openings/search-select.sfen"))
    os.makedirs(args.out, exist_ok=True)

    totals = {key: 0 for key in
              ["games"] + BAD + ["extra bestmoves", "ponder ended early", "late", "stopped"]}
    slowest = []
    missing = []
    for i, (name, flags, games, concurrency, options) in enumerate(BATCHES):
        out = os.path.join(args.out, name)
        if name in chosen:
            run_batch(args, name, flags, games, concurrency, options, args.seed * 100 + i)
        if not os.path.exists(os.path.join(out, "summary.txt")):
            missing.append(name)
            continue
        summary = open(os.path.join(out, "summary.txt"), encoding="utf-8").read()
        row = {"games": int(re.search(r"^games (\d+)", summary, re.M).group(1))}
        for reason in BAD:
            m = re.search(rf"^\s+{reason}\s+(\d+)", summary, re.M)
            row[reason] = int(m.group(1)) if m else 0
        row["extra bestmoves"] = sum(map(int, re.findall(r"EXTRA BESTMOVES (\d+)", summary)))
        row["ponder ended early"] = sum(map(int, re.findall(r"ended early (\d+)", summary)))
        row["late"] = sum(map(int, re.findall(r"late within margin (\d+)", summary)))
        row["stopped"] = sum(map(int, re.findall(r"stopped (\d+)", summary)))
        row["stop wait max ms"] = max(
            map(int, re.findall(r"bestmove within (\d+) ms", summary)), default=0)
        for key in totals:
            totals[key] += row[key]
        print(name, " ".join(f"{k}={v}" for k, v in row.items()))
        if "--byoyomi" in flags:
            byoyomi = int(flags[flags.index("--byoyomi") + 1])
            slowest += [(name,) + m for m in slow_moves(out, byoyomi)]
    print("total", " ".join(f"{k}={v}" for k, v in totals.items()))
    print("slowest moves against the byoyomi (batch, ms over, record, ply, time, depth, nodes, "
          "score, the engine's time, ponderhit):")
    for move in sorted(slowest, key=lambda m: -m[1])[:10]:
        print(" ", *move)
    if missing:
        print("not run yet:", ", ".join(missing))
    bad = sum(totals[k] for k in BAD) + totals["extra bestmoves"] + totals["ponder ended early"]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
