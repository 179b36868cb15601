#!/usr/bin/env python3
"""Trains the evaluation network on records from `tsubame nnue-data`, and exports it.

Resumable: the state after each epoch is saved in WORK/checkpoint.pt, and a run with the same
WORK continues from there. Deterministic for a given seed, data and thread count. Writes
WORK/losses.tsv, WORK/loss.svg and, at the end, the net file.

  train.py --train a.bin [b.bin ...] --val v.bin --work DIR --out net.nnue [--epochs N] ...
"""

import argparse
import fnmatch
import math
import os
import sys
import time

import numpy as np
import torch
from torch.optim.swa_utils import AveragedModel

import nnue_model as nm
from loss_plot import write_loss_svg


# A record's result when its game's result is not to be learnt (see load).
NO_RESULT = 2


def load(paths, score_only=()):
    """The records of the files, in order. A file whose name matches a pattern of score_only
    has its results replaced by NO_RESULT (for games stopped at +-2000 on the generator's own
    score, whose result only repeats the score)."""
    parts = []
    for p in paths:
        records = np.fromfile(p, dtype=nm.RECORD)
        if any(fnmatch.fnmatch(os.path.basename(p), pattern) for pattern in score_only):
            records["result"] = NO_RESULT
        parts.append(records)
    return np.concatenate(parts) if parts else np.zeros(0, nm.RECORD)


def targets(records, lam, k):
    """Blend of the search score's win probability and the game result, per record; the score
    alone where the result is NO_RESULT."""
    score = torch.sigmoid(torch.from_numpy(records["score"].astype(np.float32)) / k)
    raw = torch.from_numpy(records["result"].astype(np.float32))
    result = torch.where(raw == NO_RESULT, score, (raw + 1) / 2)
    return lam * score + (1 - lam) * result


def fit_k(records):
    """The K of win probability = sigmoid(score / K) that best predicts the game results
    (golden-section search on the cross-entropy): the engine's own score scale."""
    records = records[records["result"] != NO_RESULT]
    if len(records) == 0:
        sys.exit("train.py: no game results to fit K to (every file is --score-only): give --k")
    score = torch.from_numpy(records["score"].astype(np.float64))
    result = torch.from_numpy((records["result"].astype(np.float64) + 1) / 2)

    def loss(k):
        p = torch.sigmoid(score / k).clamp(1e-9, 1 - 1e-9)
        return -(result * torch.log(p) + (1 - result) * torch.log(1 - p)).mean().item()
    lo, hi = 100.0, 5000.0
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def batch_loss(net, records, lam, k, power=0.0):
    """The mean loss over a batch: the cross-entropy less the target's entropy, or with
    power > 0 |target - prediction|^power in win probability (nnue-pytorch's loss, 2.5)."""
    us = torch.from_numpy(records["us"].astype(np.int64))
    them = torch.from_numpy(records["them"].astype(np.int64))
    # The net's output times SCORE_SCALE is centipawns, read with the same K as the labels.
    p = torch.sigmoid(net(us, them) * (nm.SCORE_SCALE / k))
    t = targets(records, lam, k)
    if power > 0:
        return (t - p).abs().pow(power).mean()
    eps = 1e-7
    # Cross-entropy minus the target's own entropy: 0 for a perfect prediction.
    return (t * torch.log((t + eps) / (p + eps))
            + (1 - t) * torch.log((1 - t + eps) / (1 - p + eps))).mean()


def evaluate(net, records, lam, k, batch=65536):
    """The mean loss over records, of the net as the engine runs it (no leak)."""
    net.eval()
    leak, net.leak = net.leak, 0.0
    total = 0.0
    with torch.no_grad():
        for i in range(0, len(records), batch):
            part = records[i:i + batch]
            total += batch_loss(net, part, lam, k).item() * len(part)
    net.leak = leak
    net.train()
    return total / max(len(records), 1)


def live_neurons(net, records, n=20000):
    """Hidden neurons of each layer, over every layer stack, that are neither always 0 nor
    always 1 (clipped) on the first n records of their stack: a layer of dead or saturated
    neurons is a linear model in disguise. Measured as the engine runs the net."""
    part = records[:n]
    us = torch.from_numpy(part["us"].astype(np.int64))
    them = torch.from_numpy(part["them"].astype(np.int64))
    training, leak = net.training, net.leak
    net.eval()
    net.leak = 0.0
    with torch.no_grad():
        h1, h2, stacks = net.hidden(us, them)
    net.train(training)
    net.leak = leak

    def live(pre):
        count = 0
        for s in range(net.stacks):
            rows = pre[stacks == s]
            if len(rows):
                count += int((((rows > 0) & (rows < 1)).float().mean(0) > 0.01).sum())
        return count
    return live(h1), live(h2)


def constant_loss(train, val, lam, k):
    """The validation loss of the best constant prediction: the bar any net must clear."""
    mean = targets(train, lam, k).mean().clamp(1e-6, 1 - 1e-6)
    t = targets(val, lam, k)
    eps = 1e-7
    return ((t * torch.log((t + eps) / mean) + (1 - t) * torch.log((1 - t + eps) / (1 - mean)))
            .mean().item())


def schedule(opt, args, batches):
    """The learning-rate schedule: stepped after every epoch (step) or every batch (cosine)."""
    if args.schedule == "step":
        return torch.optim.lr_scheduler.ExponentialLR(opt, gamma=args.lr_decay)
    total = args.epochs * batches
    floor = args.lr_min_ratio
    return torch.optim.lr_scheduler.LambdaLR(
        opt, lambda step: floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * min(step, total) / total)))


def schedule_name(args):
    return (f"decay {args.lr_decay}" if args.schedule == "step"
            else f"cosine to x{args.lr_min_ratio}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--train", nargs="+", required=True)
    ap.add_argument("--val", nargs="+", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lr-decay", type=float, default=0.75, help="per epoch (--schedule step)")
    ap.add_argument("--schedule", choices=["step", "cosine"], default="step",
                    help="step: the rate times --lr-decay after every epoch; cosine: from --lr "
                         "down to --lr-min-ratio of it along half a cosine over every batch of "
                         "the run")
    ap.add_argument("--lr-min-ratio", type=float, default=0.05,
                    help="the cosine schedule's last rate, as a fraction of the first")
    ap.add_argument("--l1-lr-scale", type=float, default=0.1,
                    help="the first hidden layer's learning rate, relative to --lr")
    ap.add_argument("--ft-lr-scale", type=float, default=1.0,
                    help="the feature transformer's learning rate, relative to --lr (0 freezes "
                    "it: a fine-tune of the later layers alone, e.g. of new layer stacks)")
    ap.add_argument("--stacks", type=int, default=nm.LAYER_STACKS, choices=[1, nm.LAYER_STACKS],
                    help="layer stacks: 8 (a v5 net) or 1 (a v4 net, every phase alike)")
    ap.add_argument("--lam", type=float, default=1.0,
                    help="weight of the score against the game result (1: the score only; with "
                    "results mixed in, the net learns the outcomes of the training games)")
    ap.add_argument("--score-only", nargs="*", default=[], metavar="PATTERN",
                    help="record files (names, e.g. '*.r20000.bin') whose game results are not "
                    "learnt: the target is their score alone, whatever --lam")
    ap.add_argument("--k", type=float, default=0, help="score scale of the win probability "
                    "sigmoid(score / K); 0 fits it to the training set's results")
    ap.add_argument("--leak", type=float, default=0.0,
                    help="training only: slope of the hidden activations outside [0, 1], so "
                    "that a neuron pushed out of range still gets a gradient")
    ap.add_argument("--ft-decay", type=float, default=0.0,
                    help="decoupled weight decay of the king buckets' own first-layer rows (not "
                    "the shared K-P rows): a bucket departs from the shared weights only where "
                    "its data insists")
    ap.add_argument("--dropout", type=float, default=0.1,
                    help="training only: share of the first layer's outputs zeroed per position")
    ap.add_argument("--loss-power", type=float, default=0.0,
                    help="train on |target - prediction|^P in win probability (nnue-pytorch: "
                         "2.5); 0: the cross-entropy. Validation always reports the "
                         "cross-entropy, so that recipes compare")
    ap.add_argument("--ema", type=float, default=0.0,
                    help="decay per batch of an exponential moving average of the weights "
                    "(e.g. 0.99); when set, the average is validated and exported (default 0: off)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--init", default="",
                    help="start from this net file (the engine's format) instead of from scratch")
    ap.add_argument("--description", default="")
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    os.makedirs(args.work, exist_ok=True)
    train = load(args.train, args.score_only)
    # Each validation file is also judged alone (one per data family, e.g. self-play and each
    # book), so that a recipe's gain on one family cannot hide a loss on another.
    val_files = [(os.path.basename(p).removesuffix(".bin"), load([p], args.score_only))
                 for p in args.val]
    val = np.concatenate([records for _, records in val_files])
    val_parts = val_files if len(val_files) > 1 else []
    if len(train) == 0 or len(val) == 0:
        sys.exit("train.py: no training or validation records")
    k = args.k or fit_k(train)
    print(f"records: train {len(train)}, validation {len(val)}; K {k:.1f}; constant-prediction "
          f"loss {constant_loss(train, val, args.lam, k):.5f}", flush=True)

    net = nm.Net(args.stacks)
    if args.init:
        with open(args.init, "rb") as f:
            nm.load_quantised(net, nm.read_tensors(f.read()))
        print(f"starting from {args.init}: validation loss {evaluate(net, val, args.lam, k):.5f}",
              flush=True)
    # The first hidden layer learns at a tenth of the rate. Its 512 inputs all start near the
    # same value, so Adam moves its weights together and a full-rate step pushes most neurons
    # out of [0, 1] for good: with lr 1e-3, 3 of 32 stayed alive; at a tenth, 18 to 28.
    net.leak = args.leak
    net.dropout = args.dropout
    ft_shared = ["ft_bias", "factor.weight"]
    groups = [{"params": [p for n, p in net.named_parameters()
                          if not n.startswith("l1.") and n != "ft.weight" and n not in ft_shared]},
              {"params": net.l1.parameters(), "lr": args.lr * args.l1_lr_scale},
              {"params": [net.ft.weight], "weight_decay": args.ft_decay,
               "lr": args.lr * args.ft_lr_scale},
              {"params": [p for n, p in net.named_parameters() if n in ft_shared],
               "lr": args.lr * args.ft_lr_scale}]
    # AdamW with no decay is Adam; only the bucket rows decay.
    opt = torch.optim.AdamW(groups, lr=args.lr, weight_decay=0.0)
    batches = math.ceil(len(train) / args.batch)
    sched = schedule(opt, args, batches)
    # The average smooths out the noise of the last steps, which a fine-tune at a high rate
    # adds to a good starting net; the average is what is validated and exported.
    ema = AveragedModel(net, avg_fn=lambda avg, p, n: torch.lerp(avg, p, 1 - args.ema)) \
        if args.ema else None
    judged = ema.module if ema else net
    checkpoint = os.path.join(args.work, "checkpoint.pt")
    history = []  # (epoch, train loss, validation loss)
    part_history = []  # per epoch, the validation loss of each file of val_parts
    start_epoch = 0
    best = None  # (validation loss, epoch, state) of the best epoch so far: the one exported
    if os.path.exists(checkpoint):
        state = torch.load(checkpoint)
        net.load_state_dict(state["net"])
        if ema:
            ema.load_state_dict(state["ema"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        history, start_epoch, best = state["history"], state["epoch"], state["best"]
        part_history = state.get("part_history", [[] for _ in history])
        print(f"resuming after epoch {start_epoch}", flush=True)

    for epoch in range(start_epoch, args.epochs):
        rng = np.random.default_rng(args.seed * 1000 + epoch)
        order = rng.permutation(len(train))
        began, total = time.time(), 0.0
        for b in range(batches):
            part = train[order[b * args.batch:(b + 1) * args.batch]]
            loss = batch_loss(net, part, args.lam, k, args.loss_power)
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clip_weights()
            if ema:
                ema.update_parameters(net)
            if args.schedule == "cosine":
                sched.step()
            total += loss.item() * len(part)
            if b % 50 == 49 or b == batches - 1:
                done = (epoch - start_epoch) * batches + b + 1
                left = (args.epochs - start_epoch) * batches - done
                rate = (b + 1) * args.batch / (time.time() - began)
                eta = left * (time.time() - began) / (b + 1)
                print(f"epoch {epoch + 1}/{args.epochs} batch {b + 1}/{batches} "
                      f"loss {total / min((b + 1) * args.batch, len(train)):.5f} "
                      f"{rate:.0f} pos/s ETA {eta:.0f} s", flush=True)
        if args.schedule == "step":
            sched.step()
        val_loss = evaluate(judged, val, args.lam, k)
        history.append((epoch + 1, total / len(train), val_loss))
        part_history.append([evaluate(judged, part, args.lam, k) for _, part in val_parts])
        if best is None or val_loss < best[0]:
            best = (val_loss, epoch + 1,
                    {n: t.clone() for n, t in judged.state_dict().items()})
        l1_live, l2_live = live_neurons(judged, val)
        print(f"epoch {epoch + 1}: train {history[-1][1]:.5f} validation {val_loss:.5f} "
              f"live neurons L1 {l1_live}/{nm.HIDDEN1 * net.stacks} "
              f"L2 {l2_live}/{nm.HIDDEN2 * net.stacks} "
              f"({time.time() - began:.0f} s)", flush=True)
        if val_parts:
            print("  validation by file: " + ", ".join(
                f"{name} {loss:.5f}" for (name, _), loss in zip(val_parts, part_history[-1])),
                flush=True)
        torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                    "ema": ema.state_dict() if ema else None,
                    "history": history, "part_history": part_history, "epoch": epoch + 1,
                    "best": best}, checkpoint + ".tmp")
        os.replace(checkpoint + ".tmp", checkpoint)
        with open(os.path.join(args.work, "losses.tsv"), "w") as f:
            f.write("\t".join(["epoch", "train", "validation"]
                              + [f"validation {name}" for name, _ in val_parts]) + "\n")
            for (e, t, v), parts in zip(history, part_history):
                f.write("\t".join([str(e), f"{t:.6f}", f"{v:.6f}"]
                                  + [f"{x:.6f}" for x in parts]) + "\n")
        write_loss_svg(os.path.join(args.work, "loss.svg"), history)

    # The net of the epoch with the lowest validation loss: later epochs may only overfit.
    net.load_state_dict(best[2])
    sample = train[np.random.default_rng(args.seed).permutation(len(train))[:20000]]
    description = (f"{args.description} train {len(train)} val {len(val)} epochs {args.epochs} "
                   f"lr {args.lr} (L1 x{args.l1_lr_scale}) {schedule_name(args)} lambda {args.lam} K {k:.1f} batch {args.batch} "
                   f"leak {args.leak} ft-decay {args.ft_decay} ft-lr x{args.ft_lr_scale} stacks {args.stacks} seed {args.seed}"
                   f"{f' ema {args.ema}' if args.ema else ''}"
                   f"{f' loss-power {args.loss_power}' if args.loss_power else ''}"
                   f"{' score-only ' + ','.join(args.score_only) if args.score_only else ''}"
                   f"{' init ' + os.path.basename(args.init) if args.init else ''}; "
                   f"best epoch {best[1]}: train {history[best[1] - 1][1]:.5f} val {best[0]:.5f}")
    net.eval()
    net.leak = 0.0  # the engine's activations
    tensors = nm.quantise(net, sample["us"], sample["them"])
    nm.write_net_file(args.out, tensors, description.strip())
    torch.save(net.state_dict(), os.path.join(args.work, "float.pt"))
    with open(os.path.join(args.work, "k.txt"), "w") as f:
        f.write(f"{k}\n")
    print(f"wrote {args.out}: {description}", flush=True)


if __name__ == "__main__":
    main()
