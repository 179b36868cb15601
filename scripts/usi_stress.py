#!/usr/bin/env python3
"""Drives a USI engine through seeded bursts of the commands a GUI sends at awkward moments:
`go` then `stop`, `go ponder` then `ponderhit` or `stop`, `gameover` and `isready` during a
search, `setoption Threads` between games, several threads. Checks that every `go` gets exactly
one `bestmove`, every `isready` one `readyok`, and that the engine neither hangs nor exits.

    scripts/usi_stress.py ENGINE [--rounds 200] [--seed 1] [--threads 4]

Used under ThreadSanitizer by scripts/tsan.sh; any build can run it. Exit status 0 when every
check held, 1 otherwise (the failures are printed).
"""

import argparse
import queue
import random
import subprocess
import sys
import threading
import time

POSITIONS = [
    "startpos",
    "startpos moves 7g7f 3c3d 8h2b+ 3a2b",
    "startpos moves 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1",
]
CLOCK = "btime 2000 wtime 2000 byoyomi 100"


class Engine:
    """The engine process and a reader thread that queues its lines."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout):
        """Lines up to the first that starts with `prefix`; None on timeout or exit."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            seen.append(line)
            if line.startswith(prefix):
                return seen


def run(args):
    rng = random.Random(args.seed)
    engine = Engine([args.engine])
    failures = []
    counts = {"go": 0, "bestmove": 0, "isready": 0}

    def expect(prefix, what, allowed=(), timeout=30):
        lines = engine.wait_for(prefix, timeout)
        if lines is None:
            failures.append(f"no {prefix} after {what}")
            return []
        # A second answer to one request would arrive before the next one's.
        extra = [l for l in lines[:-1]
                 if (l.startswith("bestmove") or l == "readyok") and l not in allowed]
        if extra:
            failures.append(f"unexpected {extra} before the {prefix} of {what}")
        return lines

    def ready(what):
        engine.send("isready")
        counts["isready"] += 1
        expect("readyok", what)

    engine.send("usi")
    expect("usiok", "usi")
    engine.send(f"setoption name Threads value {args.threads}")
    engine.send("setoption name USI_Hash value 16")
    ready("the first isready")
    engine.send("usinewgame")
    for round_no in range(args.rounds):
        if failures:
            break
        pause = rng.choice([0, 0, 0.001, 0.01, 0.05, 0.2])
        engine.send("position " + rng.choice(POSITIONS))
        action = rng.choice(["timed", "stop", "ponderhit", "ponder-stop", "gameover",
                             "isready", "threads"])
        what = f"round {round_no} ({action}, pause {pause})"
        if action == "threads":
            engine.send("gameover draw")
            engine.send(f"setoption name Threads value {rng.randint(1, args.threads)}")
            ready(what)
            engine.send("usinewgame")
            continue
        go = {"timed": "go " + CLOCK, "stop": "go infinite", "ponderhit": "go ponder " + CLOCK,
              "ponder-stop": "go ponder " + CLOCK, "gameover": "go infinite",
              "isready": "go " + CLOCK}[action]
        engine.send(go)
        counts["go"] += 1
        time.sleep(pause)
        if action in ("stop", "ponder-stop"):
            engine.send("stop")
        elif action == "ponderhit":
            engine.send("ponderhit")
        elif action == "gameover":
            engine.send("gameover lose")
        elif action == "isready":
            engine.send("isready")
            counts["isready"] += 1
        lines = expect("bestmove", what, ("readyok",) if action == "isready" else ())
        if lines:
            counts["bestmove"] += 1
        if action == "isready" and not any(l == "readyok" for l in lines):
            expect("readyok", what)
        if action == "gameover":
            ready(what)
            engine.send("usinewgame")
    engine.send("quit")
    try:
        code = engine.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        engine.proc.kill()
        failures.append("no exit within 30 s of quit")
        code = None
    if code not in (0, None):
        failures.append(f"exit status {code}")
    print(f"rounds {args.rounds}, go {counts['go']}, bestmove {counts['bestmove']}, "
          f"isready {counts['isready']}, failures {len(failures)}")
    for f in failures:
        print("FAIL:", f)
    return 0 if not failures and counts["go"] == counts["bestmove"] else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=4)
    sys.exit(run(ap.parse_args()))


if __name__ == "__main__":
    main()
