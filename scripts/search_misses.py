#!/usr/bin/env python3
"""Where a short search goes wrong: positions from a match's games, each searched short (as in
the games) and long, with the long search's value of the moves the short searches play.

    scripts/search_misses.py collect ENGINE MATCH_DIR OUT.tsv [--positions 600] [--seed 1]
        [--short 200000] [--long 2400000] [--jobs 2]
    scripts/search_misses.py score ENGINE OUT.tsv [--option Search_X=V ...] [--jobs 2]
    scripts/search_misses.py misses ENGINE OUT.tsv [--threshold 0.05] [--jobs 2]

collect samples positions after the opening from MATCH_DIR's games (seeded), and for each one
runs a short search (`go nodes SHORT`), a long one (`go nodes LONG`), and the long search of
each of their moves alone (`go nodes LONG searchmoves M`), which gives every move its value on
one footing. score plays the short searches again with other options (a search setting to
judge) and prints how much each setting loses against the best move known, in expected score
(sigmoid(cp / 700), about the training's K), paired with the defaults position by position.
misses lists the positions where the default short search lost the most, with what kind of move
each search played, the short search's own value of the better move, and the reply it expected (each move searched alone to the short search's depth).

Every search begins from `usinewgame` (a cleared table and histories) with one thread, so a
result depends on the engine, its options, the position and the nodes alone. Both files are
appended to as searches end (OUT.tsv and OUT.tsv.values), so a rerun resumes. Node-limited
searches do not depend on the machine's load.
"""

import argparse
import concurrent.futures
import csv
import math
import os
import random
import re
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shogi_board import Board  # noqa: E402

csv.field_size_limit(sys.maxsize)
SCALE = 700.0  # cp of a win probability sigmoid(cp / SCALE); the training's K is 728
MATE = 30000


class Engine:
    """One USI engine process; search() runs one node-limited search from a cleared state."""

    def __init__(self, path, options):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("usi")
        self.wait("usiok")
        for option in options:
            name, _, value = option.partition("=")
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait(self, first_word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the engine quit")
            lines.append(line.strip())
            if line.startswith(first_word):
                return lines

    def search(self, position, nodes, move=None, depth=None):
        """(best move, score in cp for the side to move, depth, pv) of `go nodes N` (or of `go
        depth D`), of every move or of `move` alone."""
        self.send("usinewgame")
        self.send(position)
        self.send((f"go depth {depth}" if depth else f"go nodes {nodes}")
                  + (f" searchmoves {move}" if move else ""))
        lines = self.wait("bestmove")
        score, depth, pv = 0, 0, []
        for line in lines:
            m = re.match(r"info depth (\d+) .*score (cp|mate) (-?\d+).* pv (.*)", line)
            if m:
                depth, pv = int(m.group(1)), m.group(4).split()
                n = int(m.group(3))
                score = n if m.group(2) == "cp" else (MATE - abs(n)) * (1 if n > 0 else -1)
        return lines[-1].split()[1], score, depth, pv

    def close(self):
        self.send("quit")
        self.proc.wait()


class Pool:
    """One engine per worker thread, all with the same options."""

    def __init__(self, path, options, jobs):
        self.path, self.options, self.jobs = path, options, jobs
        self.local = threading.local()
        self.engines = []
        self.lock = threading.Lock()

    def engine(self):
        if not hasattr(self.local, "engine"):
            self.local.engine = Engine(self.path, self.options)
            with self.lock:
                self.engines.append(self.local.engine)
        return self.local.engine

    def map(self, function, items):
        """function(engine, item) for each item, yielded as each ends."""
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as executor:
            futures = [executor.submit(lambda i=i: function(self.engine(), i)) for i in items]
            for future in concurrent.futures.as_completed(futures):
                yield future.result()
        for engine in self.engines:
            engine.close()
        self.local, self.engines = threading.local(), []


def sample_positions(match_dir, count, seed):
    """[(id, position command)] of `count` positions after the openings, chosen by seed."""
    with open(os.path.join(match_dir, "games.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    positions = []
    for row in sorted(rows, key=lambda r: int(r["game"])):
        base, _, after = row["opening"].partition(" moves")
        opening, moves = after.split(), row["moves"].split()
        for ply in range(len(moves)):
            played = opening + moves[:ply]
            command = f"position {base}" + (f" moves {' '.join(played)}" if played else "")
            positions.append((f"g{int(row['game'])}p{len(played)}", command))
    return random.Random(seed).sample(positions, min(count, len(positions)))


def expected(cp):
    return 1 / (1 + math.exp(-max(-MATE, min(MATE, cp)) / SCALE))


class Values:
    """The long search's value of (position id, move), kept in OUT.tsv.values."""

    def __init__(self, path):
        self.path, self.values = path, {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    pid, move, value = line.split()
                    self.values[(pid, move)] = int(value)

    def add(self, pid, move, value):
        self.values[(pid, move)] = value
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(f"{pid}\t{move}\t{value}\n")

    def best(self, pid):
        return max(v for (p, _), v in self.values.items() if p == pid)


FIELDS = ["id", "position", "short_move", "short_score", "short_depth", "long_move",
          "long_score", "long_depth"]


def collect(args):
    done = {row["id"] for row in data_rows(args.out)} if os.path.exists(args.out) else set()
    values = Values(args.out + ".values")
    todo = [p for p in sample_positions(args.match_dir, args.positions, args.seed) if p[0] not in done]
    header = (f"# collect: nodes short {args.short} long {args.long}, seed {args.seed}, "
              f"positions {args.positions}, match {args.match_dir}, engine {args.engine}")

    def run(engine, item):
        pid, position = item
        short = engine.search(position, args.short)
        full = engine.search(position, args.long)
        moves = {short[0], full[0]}
        return pid, position, short, full, {m: engine.search(position, args.long, m)[1] for m in moves}

    new_file = not os.path.exists(args.out)
    with open(args.out, "a", encoding="utf-8") as out:
        if new_file:
            out.write(header + "\n" + "\t".join(FIELDS) + "\n")
        for n, (pid, position, short, full, move_values) in enumerate(
                Pool(args.engine, args.option, args.jobs).map(run, todo), start=1):
            for move, value in move_values.items():
                values.add(pid, move, value)
            out.write("\t".join(map(str, [pid, position, short[0], short[1], short[2], full[0],
                                          full[1], full[2]])) + "\n")
            out.flush()
            if n % 20 == 0:
                print(f"{n} of {len(todo)}", file=sys.stderr)


def data_rows(path):
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def nodes_of(path, which):
    with open(path, encoding="utf-8") as f:
        return int(re.search(which + r" (\d+)", f.readline()).group(1))


def score(args):
    rows = data_rows(args.tsv)
    values = Values(args.tsv + ".values")
    short_nodes, long_nodes = nodes_of(args.tsv, "short"), nodes_of(args.tsv, "long")
    reference = Pool(args.engine, args.reference_option, args.jobs)

    def run(engine, row):
        return row, engine.search(row["position"], short_nodes)

    played = dict((row["id"], result) for row, result in
                  Pool(args.engine, args.option, args.jobs).map(run, rows))
    unknown = [row for row in rows if (row["id"], played[row["id"]][0]) not in values.values]

    def value(engine, row):
        move = played[row["id"]][0]
        return row["id"], move, engine.search(row["position"], long_nodes, move)[1]

    for pid, move, v in reference.map(value, unknown):
        values.add(pid, move, v)
    losses = []
    for row in rows:
        best = expected(values.best(row["id"]))
        ours = best - expected(values.values[(row["id"], played[row["id"]][0])])
        base = best - expected(values.values[(row["id"], row["short_move"])])
        losses.append((ours, base, played[row["id"]][0] != row["short_move"], played[row["id"]][2]))
    n = len(losses)
    diffs = [a - b for a, b, _, _ in losses]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    print(f"options {' '.join(args.option) or '(defaults)'}: {n} positions, short {short_nodes} "
          f"nodes, long {long_nodes}")
    print(f"  loss {100 * sum(a for a, *_ in losses) / n:.2f} points a move (defaults "
          f"{100 * sum(b for _, b, *_ in losses) / n:.2f}); difference {100 * mean:+.2f} "
          f"± {196 * sd / math.sqrt(n):.2f} (95%)")
    print(f"  moves other than the defaults' {sum(c for *_, c, _ in losses)}; losing over 5 "
          f"points {sum(a > 0.05 for a, *_ in losses)} (defaults {sum(b > 0.05 for _, b, *_ in losses)})"
          f"; depth {sum(d for *_, d in losses) / n:.2f} (defaults "
          f"{sum(int(r['short_depth']) for r in rows) / n:.2f})")


def misses(args):
    rows = data_rows(args.tsv)
    values = Values(args.tsv + ".values")
    lost = []
    for row in rows:
        best = values.best(row["id"])
        loss = expected(best) - expected(values.values[(row["id"], row["short_move"])])
        if loss >= args.threshold:
            better = max((m for (p, m) in values.values if p == row["id"]),
                         key=lambda m: values.values[(row["id"], m)])
            lost.append((loss, row, better))
    lost.sort(key=lambda item: -item[0])

    def run(engine, item):
        loss, row, better = item
        # Each move alone at the depth the short search reached, so that both values come
        # from the same kind of search: what it made of the better move.
        depth = int(row["short_depth"])
        return item, (engine.search(row["position"], None, better, depth),
                      engine.search(row["position"], None, row["short_move"], depth)[1])

    kinds = {}
    judged = []
    for (loss, row, better), ((_, value, _, pv), played_value) in Pool(args.engine, args.option, args.jobs).map(run, lost):
        board = Board.from_position(row["position"])
        reply = "-"
        if len(pv) > 1:
            after = board.copy()
            after.play(better)
            reply = pv[1] + " (" + "+".join(after.kinds(pv[1])) + ")"
        gap = played_value - value
        judged.append((loss, row, better, value, gap, board, reply))
        for move, side in ((better, "better"), (row["short_move"], "played")):
            for kind in board.kinds(move):
                kinds.setdefault(kind, {"better": 0, "played": 0})[side] += 1
    judged.sort(key=lambda item: -item[0])
    print(f"{len(judged)} of {len(rows)} positions lose at least {100 * args.threshold:.0f} "
          f"points with the default short search")
    print("kind of move: the better one, the one played")
    for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1]["better"]):
        print(f"  {kind:10} {count['better']:4} {count['played']:4}")
    misjudged = sum(gap > 30 for *_, gap, _, _ in judged)
    print(f"the short search values the better move over 30 cp below its own: {misjudged}")
    for loss, row, better, value, gap, board, reply in judged:
        print(f"{row['id']:10} loss {100 * loss:5.1f}  played {row['short_move']:6} "
              f"({'+'.join(board.kinds(row['short_move']))}, short {row['short_score']}), "
              f"better {better:6} ({'+'.join(board.kinds(better))}, short {value}, "
              f"gap {gap}), expected reply {reply}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("engine")
    c.add_argument("match_dir")
    c.add_argument("out")
    c.add_argument("--positions", type=int, default=600)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--short", type=int, default=200000)
    c.add_argument("--long", type=int, default=2400000)
    for p in (c, sub.add_parser("score"), sub.add_parser("misses")):
        if p is not c:
            p.add_argument("engine")
            p.add_argument("tsv")
        p.add_argument("--option", action="append", default=[], help="NAME=VALUE, for setoption")
        p.add_argument("--jobs", type=int, default=2)
    sub.choices["score"].add_argument("--reference-option", action="append", default=[],
                                      help="the options of the long searches (as collect's)")
    sub.choices["misses"].add_argument("--threshold", type=float, default=0.05)
    args = parser.parse_args()
    {"collect": collect, "score": score, "misses": misses}[args.command](args)


if __name__ == "__main__":
    main()
