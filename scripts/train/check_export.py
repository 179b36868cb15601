#!/usr/bin/env python3
"""Checks an exported net against its float model and against the engine.

Three scores per held-out record: the float model's (x SCORE_SCALE), the Python integer
reference's, and the engine's (`tsubame nnue-eval`). The engine must equal the integer
reference exactly, and the integer scores must stay within --tolerance centipawns of the
float ones on average. The net read back into a float model (as `train.py --init` does) and
quantised again must give the same integer scores. Exits non-zero otherwise.

  check_export.py --engine tsubame --net net.nnue --float WORK/float.pt --records v.bin
                  --sfens v.sfens [--tolerance 15] [--baseline adopted.nnue]
"""

import argparse
import pathlib
import subprocess
import sys

import numpy as np
import torch

import nnue_model as nm
from train import targets

BUILT_IN_NET = pathlib.Path(__file__).resolve().parents[2] / "engine" / "eval" / "nnue" / "tsubame.nnue"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--net", required=True)
    ap.add_argument("--float", required=True, dest="float_model")
    ap.add_argument("--records", required=True)
    ap.add_argument("--sfens", required=True)
    ap.add_argument("--limit", type=int, default=10000)
    ap.add_argument("--tolerance", type=float, default=15.0, help="mean |int - float| in cp")
    ap.add_argument("--lam", type=float, default=1.0, help="as train.py's, for the losses")
    ap.add_argument("--k", type=float, default=600.0, help="as train.py's (its WORK/k.txt)")
    ap.add_argument("--baseline", default=str(BUILT_IN_NET),
                    help="the net to beat (default: the engine's built-in net, the adopted one)")
    args = ap.parse_args()

    records = np.fromfile(args.records, dtype=nm.RECORD)[:args.limit]
    with open(args.sfens) as f:
        sfens = [line for _, line in zip(range(len(records)), f)]
    state = torch.load(args.float_model)
    net = nm.Net(len(state["out.bias"]))
    net.load_state_dict(state)
    net.eval()
    with torch.no_grad():
        floats = net(torch.from_numpy(records["us"].astype(np.int64)),
                     torch.from_numpy(records["them"].astype(np.int64))).numpy() * nm.SCORE_SCALE
    with open(args.net, "rb") as f:
        tensors = nm.read_tensors(f.read())
    reference = nm.integer_forward(tensors, records["us"], records["them"])
    engine = subprocess.run([args.engine, "nnue-eval", args.net, "/dev/stdin"], input="".join(sfens),
                            capture_output=True, text=True, check=True).stdout.split()
    engine = np.array([int(v) for v in engine])

    baseline = subprocess.run([args.engine, "nnue-eval", args.baseline, "/dev/stdin"],
                              input="".join(sfens), capture_output=True, text=True)
    lam, k = args.lam, args.k
    name = pathlib.Path(args.baseline).name
    if baseline.returncode == 0:
        baseline = np.array([int(v) for v in baseline.stdout.split()])
        compared = f"baseline {name} {loss(baseline, records, lam, k):.5f}"
    else:  # a net of another shape than this engine's (an experiment's build)
        compared = f"baseline {name} not read by this engine: {baseline.stderr.strip()}"
    print(f"validation loss (lambda {lam}, K {k:.1f}): net {loss(engine, records, lam, k):.5f}, "
          f"{compared}")

    # train.py --init reads a net back into the float model: quantised again, it must give the
    # same integer scores.
    reread = nm.Net(len(tensors[2]))
    nm.load_quantised(reread, tensors)
    reread_scores = nm.integer_forward(nm.quantise(reread), records["us"], records["them"])
    reread_mismatches = int((reread_scores != reference).sum())
    print(f"net read back into the float model (train.py --init) and quantised again: "
          f"{reread_mismatches} of {len(records)} scores differ")

    # The bound the export checked must hold on real positions: the largest |accumulator| of
    # the records, from both perspectives, within it (a failure means the grouping is wrong).
    bound = nm.accumulator_bound(tensors)
    observed = max(int(np.abs(nm.accumulators(tensors, records[side])).max())
                   for side in ("us", "them"))
    print(f"accumulator: largest |value| on these positions {observed}, bound {bound} "
          f"(int16: 32767)")

    mismatches = int((engine != reference).sum())
    error = np.abs(reference - floats)
    print(f"positions {len(records)}: engine vs integer reference: {mismatches} differ; "
          f"integer vs float: mean {error.mean():.2f} cp, max {error.max():.1f} cp, "
          f"float scores mean |{np.abs(floats).mean():.1f}| cp")
    if (len(engine) != len(records) or mismatches or reread_mismatches
            or error.mean() > args.tolerance or observed > bound):
        sys.exit("check_export: FAILED")


def loss(scores, records, lam, k):
    """train.py's loss of integer scores (centipawns) against the records' targets."""
    p = torch.sigmoid(torch.from_numpy(scores.astype(np.float32)) / k)
    # train.py's targets: a record without a game result (NO_RESULT) has its score alone.
    t = targets(records, lam, k)
    eps = 1e-7
    return (t * torch.log((t + eps) / (p + eps))
            + (1 - t) * torch.log((1 - t + eps) / (1 - p + eps))).mean().item()


if __name__ == "__main__":
    main()
