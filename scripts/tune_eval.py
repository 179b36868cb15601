#!/usr/bin/env python3
"""Tunes Tsubame's evaluation weights on self-play results (Texel's method).

Input: the output of `tsubame features`, one position per line:
    <result> [<score>] <feature>:<coefficient> ...
with the result for the side to move (1 win, 0 draw, -1 loss), optionally the self-play
search's score for the side to move, and the features from the side to move's view. The model
predicts sigmoid(eval / scale) with eval = sum(weight * coefficient); the loss is
cross-entropy against lambda * (result + 1) / 2 + (1 - lambda) * sigmoid(score / scale): the
search's score tells far more about one position than a game's result, which is shared by a
hundred positions and decided by later mistakes. The scale is first fitted to the results
with the current weights, so the weights keep their centipawn meaning. Sparse Adam on mini-batches, L2 on the
placement weights. The last 10 % of the lines (whole games, as the generator writes games in
order) is held out to show that the fit generalises.

Writes engine/eval/weights.h. Standard library only.

    scripts/tune_eval.py features.txt [--epochs 8] [--out engine/eval/weights.h]
"""

import argparse
import math
import random
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS_H = ROOT / "engine" / "eval" / "weights.h"
HAND_BEGIN = 16   # features below are board material (not tuned for the king, index 8)
PLACEMENT_BEGIN = 24


def read_weights(path):
    text = path.read_text()
    start = text.index("{", text.index("WEIGHTS["))
    body = text[start + 1:text.index("}", start)]
    weights = [int(x) for x in re.findall(r"-?\d+", body)]
    declared = int(re.search(r"WEIGHTS\[(\d+)\]", text).group(1))
    if len(weights) != declared:
        sys.exit(f"{path}: {len(weights)} weights read, {declared} declared")
    return weights


def read_data(path):
    """(result target, search score or None, features) per position."""
    data = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            target = (int(parts[0]) + 1) / 2
            score = None
            if len(parts) > 1 and ":" not in parts[1]:
                score = int(parts[1])
                parts = parts[1:]
            feats = [(int(a), int(b)) for a, b in (p.split(":") for p in parts[1:])]
            data.append((target, score, feats))
    return data


def blend(data, lam, scale):
    """(target, features) with the result and the score mixed by lam (1: result alone)."""
    out = []
    for target, score, feats in data:
        if score is not None:
            target = lam * target + (1 - lam) * sigmoid(score / scale)
        out.append((target, feats))
    return out


def sigmoid(x):
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1 / (1 + math.exp(-x))


def loss(data, w, scale):
    total = 0.0
    for target, feats in data:
        p = sigmoid(sum(w[i] * c for i, c in feats) / scale)
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= target * math.log(p) + (1 - target) * math.log(1 - p)
    return total / max(1, len(data))


def fit_scale(data, w):
    lo, hi = 50.0, 5000.0
    for _ in range(40):  # golden-section search on a unimodal loss
        a = hi - (hi - lo) / 1.618
        b = lo + (hi - lo) / 1.618
        if loss(data, w, a) < loss(data, w, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def tune(train, w, scale, epochs, lr, l2, batch, seed, first):
    w = [float(x) for x in w]
    m = [0.0] * len(w)
    v = [0.0] * len(w)
    t = [0] * len(w)  # per-weight step counts: lazy (sparse) Adam
    b1, b2, eps = 0.9, 0.999, 1e-8
    rng = random.Random(seed)
    order = list(range(len(train)))
    for epoch in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            grad = {}
            for k in order[start:start + batch]:
                target, feats = train[k]
                p = sigmoid(sum(w[i] * c for i, c in feats) / scale)
                g = (p - target) / scale
                for i, c in feats:
                    grad[i] = grad.get(i, 0.0) + g * c
            n = len(order[start:start + batch])
            for i, g in grad.items():
                if i == 8 or i < first:  # the king is not material; frozen weights stay
                    continue
                g /= n
                if i >= PLACEMENT_BEGIN:
                    g += l2 * w[i]
                t[i] += 1
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                mh = m[i] / (1 - b1 ** t[i])
                vh = v[i] / (1 - b2 ** t[i])
                w[i] -= lr * mh / (math.sqrt(vh) + eps)
        print(f"epoch {epoch + 1}: train loss {loss(train, w, scale):.5f}", file=sys.stderr)
    return [max(-32000, min(32000, round(x))) for x in w]


def write_weights(path, w, provenance):
    lines = ["#pragma once", "",
             "// Evaluation weights, indexed as in features.h. Written by scripts/tune_eval.py; do not edit",
             "// by hand."]
    lines += ["// " + line for p in provenance for line in textwrap.wrap(p, 96)]
    lines += ["", "#include <cstdint>", "", "// A generated table, laid out 16 weights a line.", "// clang-format off",
              "namespace tsubame::eval {", "",
              f"inline constexpr int16_t WEIGHTS[{len(w)}] = {{"]
    for i in range(0, len(w), 16):
        lines.append("    " + ", ".join(str(x) for x in w[i:i + 16]) + ",")
    lines += ["};", "", "}  // namespace tsubame::eval", "// clang-format on", ""]
    path.write_text("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("features")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--lr", type=float, default=2.0)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(WEIGHTS_H))
    ap.add_argument("--freeze-material", action="store_true",
                    help="tune only placement and king safety; keep the material values")
    ap.add_argument("--note", default="", help="provenance line: how the data was made")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="weight of the game result in the target; the search score has the rest")
    args = ap.parse_args()

    w0 = read_weights(WEIGHTS_H)
    raw = read_data(args.features)
    split = len(raw) * 9 // 10
    results_only = blend(raw, 1.0, 1.0)
    scale = fit_scale(results_only[:split], w0)
    data = blend(raw, args.lam, scale)
    train, held = data[:split], data[split:]
    held_results = results_only[split:]
    before = (loss(train, w0, scale), loss(held, w0, scale))
    print(f"positions {len(data)} (train {len(train)}, held out {len(held)}), scale {scale:.1f}",
          file=sys.stderr)
    print(f"before: train {before[0]:.5f}, held out {before[1]:.5f}", file=sys.stderr)
    first = PLACEMENT_BEGIN if args.freeze_material else 0
    w = tune(train, w0, scale, args.epochs, args.lr, args.l2, args.batch, args.seed, first)
    after = (loss(train, w, scale), loss(held, w, scale))
    print(f"after:  train {after[0]:.5f}, held out {after[1]:.5f}", file=sys.stderr)
    # The results are what the evaluation must predict in the end, whatever the blend.
    results = (loss(held_results, w0, scale), loss(held_results, w, scale))
    print(f"held out against results alone: {results[0]:.5f} -> {results[1]:.5f}", file=sys.stderr)
    provenance = [
        f"Provenance: {args.note}" if args.note else "Provenance: see the commit that wrote this file.",
        f"Tuned on {len(train)} positions (held out {len(held)}), scale {scale:.1f}, {args.epochs} "
        f"epochs, lr {args.lr}, l2 {args.l2}, lambda {args.lam}"
        + (", material frozen." if args.freeze_material else "."),
        f"Cross-entropy held out: {before[1]:.5f} -> {after[1]:.5f}; train: {before[0]:.5f} -> "
        f"{after[0]:.5f}; held out against results alone: {results[0]:.5f} -> {results[1]:.5f}.",
    ]
    write_weights(Path(args.out), w, provenance)


if __name__ == "__main__":
    main()
