#!/usr/bin/env python3
"""Writes an openings file for `tsubame match --openings`: lines `startpos moves ...` of 8 to 16
plies that Tsubame itself plays, varied and near balance. tests/data/openings.sfen was made by

    scripts/make_openings.py build/release/usi/tsubame --count 50 --seed 1 > tests/data/openings.sfen

Each line: a length drawn from 8..16 plies; the first two moves drawn from the usual ones (7g7f,
2g2f, 5g5f, 6g6f; 3c3d, 8c8d, 5c5d, 4c4d: the engine's own taste there is narrow), then at each
ply the engine searches the position with MultiPV 4 to depth 8, and a move is drawn among those
scored within 40 cp of the best. The line is
kept when a depth-10 search scores its last position within 150 cp, and no line so far reached the
same position. Same engine, same seed: the same file.
"""

import argparse
import random
import subprocess
import sys


# The usual first moves and replies, where every line starts.
FIRST_MOVES = ["7g7f", "2g2f", "5g5f", "6g6f"]
FIRST_REPLIES = ["3c3d", "8c8d", "5c5d", "4c4d"]


class Engine:
    """A USI engine behind pipes."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("usi")
        self.read_until("usiok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.read_until("readyok")

    def search(self, moves, depth):
        """The last score (cp, None for a mate) and first move of each MultiPV line."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        lines = {}
        for line in self.read_until("bestmove"):
            tokens = line.split()
            if not tokens or tokens[0] != "info" or "pv" not in tokens or "score" not in tokens:
                continue
            k = int(tokens[tokens.index("multipv") + 1]) if "multipv" in tokens else 1
            kind, value = tokens[tokens.index("score") + 1 : tokens.index("score") + 3]
            lines[k] = (int(value) if kind == "cp" else None, tokens[tokens.index("pv") + 1])
        return [lines[k] for k in sorted(lines)]

    def sfen(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        return next(l for l in self.read_until("sfen ") if l.startswith("sfen "))[5:]

    def quit(self):
        self.send("quit")
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine", help="path of the tsubame binary")
    ap.add_argument("--count", type=int, default=50, help="lines to write (50)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    engine.setoption("USI_Hash", 64)
    seen, lines, tries = set(), [], 0
    while len(lines) < args.count and tries < 20 * args.count:
        tries += 1
        moves = [rng.choice(FIRST_MOVES), rng.choice(FIRST_REPLIES)]
        engine.setoption("MultiPV", 4)
        for _ in range(rng.randint(8, 16) - len(moves)):
            candidates = engine.search(moves, 8)
            best = candidates[0][0]
            if best is None:
                break
            moves.append(rng.choice([m for s, m in candidates if s is not None and s >= best - 40]))
        else:
            engine.setoption("MultiPV", 1)
            score = engine.search(moves, 10)[0][0]
            position = engine.sfen(moves).rsplit(" ", 1)[0]  # without the move number
            if score is not None and abs(score) <= 150 and position not in seen:
                seen.add(position)
                lines.append("startpos moves " + " ".join(moves))
    engine.quit()
    print(f"# {len(lines)} openings of 8 to 16 plies played by Tsubame from the usual first two moves,")
    print("# within 150 cp at depth 10;")
    print(f"# made by scripts/make_openings.py --count {args.count} --seed {args.seed}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
