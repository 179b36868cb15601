#!/usr/bin/python3
"""Tunes Tsubame's evaluation weights on self-play data (Texel's method).

Input: the output of `tsubame features`, one position per line:
    <result> [<score>] <feature>:<coefficient> ...
with the result for the side to move (1 win, 0 draw, -1 loss), optionally a score for the side
to move (the self-play search's, or a teacher's: scripts/tuning/label_with_gps.py), and the features
from the side to move's view. The model predicts sigmoid(eval / scale) with
eval = sum(weight * coefficient); the loss is cross-entropy against
lambda * (result + 1) / 2 + (1 - lambda) * sigmoid(score / scale): a score tells far more about
one position than a game's result, which is shared by a hundred positions and decided by later
mistakes. The scale is first fitted to the results with the current weights, so the weights
keep their centipawn meaning. Sparse Adam on mini-batches, optional L2 on the placement weights
(needed only against overfitting results alone). The last 10 % of the lines (whole games, as
the generator writes games in order) is held out to show that the fit generalises.

Writes engine/eval/weights.h. Needs NumPy from Debian (apt-get install -y python3-numpy):
the data has tens of millions of feature entries, too many for pure Python.

    scripts/tuning/tune_eval.py features.txt --lam 0 [--epochs 3] [--out engine/eval/weights.h]
"""

import argparse
import re
import sys
import textwrap
from pathlib import Path

try:
    import numpy as np
except ImportError:
    sys.exit("tune_eval.py needs NumPy: apt-get install -y python3-numpy (and run /usr/bin/python3)")

ROOT = Path(__file__).resolve().parent.parent.parent
WEIGHTS_H = ROOT / "engine" / "eval" / "weights.h"
KING_MATERIAL = 8      # the king is not material: its weight stays
PLACEMENT_BEGIN = 24   # features below are material (board, then hand)


def read_weights(path):
    text = path.read_text()
    start = text.index("{", text.index("WEIGHTS["))
    body = text[start + 1:text.index("}", start)]
    weights = [int(x) for x in re.findall(r"-?\d+", body)]
    declared = int(re.search(r"WEIGHTS\[(\d+)\]", text).group(1))
    if len(weights) != declared:
        sys.exit(f"{path}: {len(weights)} weights read, {declared} declared")
    return weights


class Data:
    """Positions as compressed rows: row r's features are idx[ptr[r]:ptr[r+1]]."""

    def __init__(self, result, score, ptr, idx, coef):
        self.result, self.score, self.ptr, self.idx, self.coef = result, score, ptr, idx, coef

    def __len__(self):
        return len(self.result)

    def rows(self, order):
        """The rows in `order`, as a new Data."""
        lengths = np.diff(self.ptr)[order]
        ptr = np.zeros(len(order) + 1, dtype=np.int64)
        np.cumsum(lengths, out=ptr[1:])
        # Position of each entry within its row, added to the row's old start.
        within = np.arange(ptr[-1], dtype=np.int64) - np.repeat(ptr[:-1], lengths)
        take = np.repeat(self.ptr[:-1][order], lengths) + within
        return Data(self.result[order], self.score[order], ptr, self.idx[take], self.coef[take])

    def evals(self, w):
        """sum(weight * coefficient) per row."""
        return np.add.reduceat(w[self.idx] * self.coef, self.ptr[:-1]) if len(self) else np.zeros(0)


def read_data(path):
    result, score, ptr, idx, coef = [], [], [0], [], []
    empty = 0
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            rest = parts[1:]
            has_score = bool(rest) and ":" not in rest[0]
            if has_score:
                rest = rest[1:]
            if not rest:  # every feature cancels (a symmetric position): nothing to learn
                empty += 1
                continue
            result.append((int(parts[0]) + 1) / 2)
            score.append(float(parts[1]) if has_score else np.nan)
            for p in rest:
                a, b = p.split(":")
                idx.append(int(a))
                coef.append(int(b))
            ptr.append(len(idx))
    if empty:
        print(f"{empty} positions without features skipped", file=sys.stderr)
    return Data(np.array(result), np.array(score), np.array(ptr, dtype=np.int64),
                np.array(idx, dtype=np.int64), np.array(coef, dtype=np.float64))


def sigmoid(x):
    return 1 / (1 + np.exp(-np.clip(x, -40, 40)))


def targets(data, lam, scale):
    """The result and the score mixed by lam (1: the result alone; no score: the result)."""
    blended = lam * data.result + (1 - lam) * sigmoid(data.score / scale)
    return np.where(np.isnan(data.score), data.result, blended)


def loss(data, w, scale, target):
    p = np.clip(sigmoid(data.evals(w) / scale), 1e-9, 1 - 1e-9)
    return float(-np.mean(target * np.log(p) + (1 - target) * np.log(1 - p)))


def fit_scale(data, w):
    lo, hi = 50.0, 5000.0
    for _ in range(40):  # golden-section search on a unimodal loss
        a = hi - (hi - lo) / 1.618
        b = lo + (hi - lo) / 1.618
        if loss(data, w, a, data.result) < loss(data, w, b, data.result):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def tune(train, target, w, scale, epochs, lr, l2, batch, seed, first):
    w = np.array(w, dtype=np.float64)
    n = len(w)
    m, v = np.zeros(n), np.zeros(n)
    trainable = np.ones(n)
    trainable[:first] = 0
    trainable[KING_MATERIAL] = 0
    decay = np.zeros(n)
    decay[PLACEMENT_BEGIN:] = l2
    b1, b2, eps = 0.9, 0.999, 1e-8
    rng = np.random.default_rng(seed)
    steps = np.zeros(n)
    for epoch in range(epochs):
        order = rng.permutation(len(train))
        shuffled, shuffled_target = train.rows(order), target[order]
        for start in range(0, len(order), batch):
            stop = min(start + batch, len(order))
            lo, hi = shuffled.ptr[start], shuffled.ptr[stop]
            rows = Data(shuffled.result[start:stop], shuffled.score[start:stop],
                        shuffled.ptr[start:stop + 1] - lo, shuffled.idx[lo:hi], shuffled.coef[lo:hi])
            g_row = (sigmoid(rows.evals(w) / scale) - shuffled_target[start:stop]) / scale
            g = np.bincount(rows.idx, weights=np.repeat(g_row, np.diff(rows.ptr)) * rows.coef,
                            minlength=n) / (stop - start)
            # Lazy Adam: only the features this batch saw move, each with its own step count;
            # a rare feature's moments would otherwise decay between sightings and its next
            # step be outsized.
            seen = np.flatnonzero((g != 0) & (trainable != 0))
            gs = g[seen] + decay[seen] * w[seen]
            steps[seen] += 1
            m[seen] = b1 * m[seen] + (1 - b1) * gs
            v[seen] = b2 * v[seen] + (1 - b2) * gs * gs
            mh = m[seen] / (1 - b1 ** steps[seen])
            vh = v[seen] / (1 - b2 ** steps[seen])
            w[seen] -= lr * mh / (np.sqrt(vh) + eps)
        print(f"epoch {epoch + 1}: train loss {loss(train, w, scale, target):.5f}", file=sys.stderr)
    return [int(x) for x in np.clip(np.rint(w), -32000, 32000)]


def write_weights(path, w, provenance):
    lines = ["#pragma once", "",
             "// Evaluation weights, indexed as in features.h. Written by scripts/tuning/tune_eval.py; do",
             "// not edit by hand."]
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
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=2.0)
    ap.add_argument("--l2", type=float, default=0.0,
                    help="L2 on the placement weights: only against overfitting the results "
                         "(--lam 1); even 1e-7 pins rarely seen weights near zero")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(WEIGHTS_H))
    ap.add_argument("--freeze-material", action="store_true",
                    help="tune only placement and king safety; keep the material values")
    ap.add_argument("--note", default="", help="provenance line: how the data was made")
    ap.add_argument("--feature-count", type=int, default=0,
                    help="features.h's FEATURE_COUNT, when features were added after the table")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="weight of the game result in the target; the search score has the rest")
    args = ap.parse_args()

    w0 = read_weights(WEIGHTS_H)
    data = read_data(args.features)
    # Features added to features.h since the table was written start at zero.
    needed = max(args.feature_count, int(data.idx.max()) + 1)
    if needed > len(w0):
        print(f"{needed - len(w0)} new features start at zero", file=sys.stderr)
        w0 += [0] * (needed - len(w0))
    w0_array = np.array(w0, dtype=np.float64)
    split = len(data) * 9 // 10
    train, held = data.rows(np.arange(split)), data.rows(np.arange(split, len(data)))
    scale = fit_scale(train, w0_array)
    train_target, held_target = targets(train, args.lam, scale), targets(held, args.lam, scale)
    before = (loss(train, w0_array, scale, train_target), loss(held, w0_array, scale, held_target))
    print(f"positions {len(data)} (train {len(train)}, held out {len(held)}), scale {scale:.1f}",
          file=sys.stderr)
    print(f"before: train {before[0]:.5f}, held out {before[1]:.5f}", file=sys.stderr)
    first = PLACEMENT_BEGIN if args.freeze_material else 0
    w = tune(train, train_target, w0, scale, args.epochs, args.lr, args.l2, args.batch, args.seed, first)
    w_array = np.array(w, dtype=np.float64)
    after = (loss(train, w_array, scale, train_target), loss(held, w_array, scale, held_target))
    print(f"after:  train {after[0]:.5f}, held out {after[1]:.5f}", file=sys.stderr)
    # The results are what the evaluation must predict in the end, whatever the blend.
    results = (loss(held, w0_array, scale, held.result), loss(held, w_array, scale, held.result))
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
