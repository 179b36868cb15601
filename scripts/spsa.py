#!/usr/bin/env python3
"""Tunes search constants (SearchParams, set as hidden `Search_<name>` options) by SPSA over
`tsubame match`, as Fishtest tunes Stockfish: each iteration perturbs every constant by +-c_k
at random, plays one opening with both colours between theta+ and theta-, and moves theta
towards the side that scored more.

    scripts/spsa.py --engine build/release/usi/tsubame --state runs/spsa.json \\
        --param LmrTableScale:50:20:120:8:0.002 --param RfpMargin:118:40:300:20:0.002 \\
        --byoyomi 100 --iterations 400 --openings scripts/openings/search-select.sfen --seed 1

An --option NAME=VALUE (repeatable) is a USI option set alike on both sides, for example
`--option Search_LmrFractional=1` to tune weights that only act with a switch on.

A --param is NAME:START:MIN:MAX:C_END:R_END; C_END is the perturbation at the last iteration
(in the constant's units) and R_END the learning rate there (Fishtest's meaning: the step is
r_k * c_k * result). The run is resumable and deterministic given its seed: the state file
keeps the configuration, theta and every iteration's perturbation and result; run the same
command again to go on. Results: the state file (JSON) and a TSV log beside it.

A timed run (--byoyomi) needs the machine to itself; --nodes runs may share it.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ALPHA, GAMMA = 0.602, 0.101  # Spall's exponents, as Fishtest uses


def parse_param(text):
    name, start, lo, hi, c_end, r_end = text.split(":")
    return {"name": name, "start": float(start), "min": float(lo), "max": float(hi),
            "c_end": float(c_end), "r_end": float(r_end)}


def parse_option(text):
    if "=" not in text or text.startswith("="):
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=VALUE")
    return text


def schedule(param, k, iterations):
    """c_k and r_k (= a_k / c_k^2) of `param` at iteration k (0-based)."""
    big_a = 0.1 * iterations
    c = param["c_end"] * iterations ** GAMMA
    a_end = param["r_end"] * param["c_end"] ** 2
    a = a_end * (big_a + iterations) ** ALPHA
    c_k = c / (k + 1) ** GAMMA
    a_k = a / (big_a + k + 1) ** ALPHA
    return c_k, a_k / c_k ** 2


def play(config, plus, minus, k):
    """Plays the iteration's games (theta+ as engine1); returns engine1's wins - losses."""
    with tempfile.TemporaryDirectory(prefix="spsa-") as out:
        cmd = [config["engine"], "match", "--engine1", config["engine"], "--engine2",
               config["engine"], "--games", str(config["games"]), "--openings",
               config["openings"], "--seed", str(config["seed"] * 100003 + k),
               "--concurrency", str(config["concurrency"]), "--out", out]
        cmd += ["--byoyomi", str(config["byoyomi"])] if config["byoyomi"] else [
            "--nodes", str(config["nodes"])]
        for option in config.get("options", []):
            cmd += ["--opt1", option, "--opt2", option]
        for name, value in plus.items():
            cmd += ["--opt1", f"Search_{name}={value}"]
        for name, value in minus.items():
            cmd += ["--opt2", f"Search_{name}={value}"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(out, "games.tsv")) as f:
            rows = [line.rstrip("\n").split("\t") for line in f][1:]
        winners = [row[6] for row in rows]
        if len(winners) != config["games"]:
            sys.exit(f"iteration {k}: {len(winners)} games of {config['games']}")
        return winners.count("engine1") - winners.count("engine2")


def iterate(state, log):
    config = state["config"]
    k = len(state["history"])
    rng = random.Random(config["seed"] * 7919 + k)
    plus, minus, deltas, steps = {}, {}, {}, {}
    for p in config["params"]:
        name = p["name"]
        c_k, r_k = schedule(p, k, config["iterations"])
        deltas[name] = rng.choice((-1, 1))
        steps[name] = (c_k, r_k)
        theta = state["theta"][name]
        plus[name] = round(min(p["max"], max(p["min"], theta + c_k * deltas[name])))
        minus[name] = round(min(p["max"], max(p["min"], theta - c_k * deltas[name])))
    result = play(config, plus, minus, k)
    for p in config["params"]:
        name = p["name"]
        c_k, r_k = steps[name]
        theta = state["theta"][name] + r_k * c_k * result * deltas[name]
        state["theta"][name] = min(p["max"], max(p["min"], theta))
    state["history"].append({"k": k, "result": result, "delta": deltas})
    log.write("\t".join([str(k), str(result)]
                        + [f"{state['theta'][p['name']]:.2f}" for p in config["params"]]) + "\n")
    log.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--state", required=True, help="JSON state file (resumes when it exists)")
    ap.add_argument("--engine")
    ap.add_argument("--param", action="append", default=[], type=parse_param)
    ap.add_argument("--option", action="append", default=[], type=parse_option,
                    help="NAME=VALUE, a USI option of both sides (a new run only)")
    ap.add_argument("--byoyomi", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--iterations", type=int)
    ap.add_argument("--games", type=int, default=2, help="games an iteration (even)")
    ap.add_argument("--openings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=2)
    args = ap.parse_args()

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
    else:
        if not (args.engine and args.param and args.iterations and args.openings
                and (args.byoyomi or args.nodes)):
            ap.error("a new run needs --engine, --param, --iterations, --openings and a limit")
        config = {"engine": os.path.abspath(args.engine), "params": args.param,
                  "byoyomi": args.byoyomi, "nodes": args.nodes, "iterations": args.iterations,
                  "games": args.games, "openings": os.path.abspath(args.openings),
                  "seed": args.seed, "concurrency": args.concurrency,
                  "options": args.option}
        state = {"config": config, "theta": {p["name"]: p["start"] for p in args.param},
                 "history": []}
    log_path = os.path.splitext(args.state)[0] + ".tsv"
    with open(log_path, "a") as log:
        if os.path.getsize(log_path) == 0:
            log.write("\t".join(["k", "result"] + [p["name"] for p in state["config"]["params"]])
                      + "\n")
        while len(state["history"]) < state["config"]["iterations"]:
            iterate(state, log)
            tmp = args.state + ".tmp"
            with open(tmp, "w") as f:
                json.dump(state, f, indent=1)
            os.replace(tmp, args.state)
    print(json.dumps({name: round(v) for name, v in state["theta"].items()}))


if __name__ == "__main__":
    main()
