"""The float network the engine's integer net is quantised from, and its export.

Shapes, scales and the file layout follow engine/eval/nnue/network.h: K-P features in 16 copies
(or 1, in a build for experiments) chosen by the own king's region (INPUTS per perspective)
-> 256 per perspective -> 32 -> 32 -> 1, clipped ReLU to [0, 1], the layers after the first in
LAYER_STACKS copies chosen by the pieces in hand. The float output times SCORE_SCALE is
centipawns; the win probability of a score s is sigmoid(s / SCORE_SCALE).
"""

import os
import re
import struct

import numpy as np
import torch
from torch import nn

# The engine's architecture (`tsubame nnue-data --architecture`; run.sh sets
# TSUBAME_ARCHITECTURE from the engine it uses): a build of another input shape
# (engine/CMakeLists.txt, TSUBAME_KING_BUCKETS) has 1 king bucket instead of 16.
ARCHITECTURE = os.environ.get("TSUBAME_ARCHITECTURE",
                              "K-P(1696)x16buckets->256x2->(32->32->1)x8stacks v5").encode()
BASE_INPUTS = 1696  # engine/eval/nnue/features.h: nnue::BASE_INPUTS (the K-P features)
_buckets = re.search(rb"x(\d+)buckets", ARCHITECTURE)
KING_BUCKETS = int(_buckets.group(1)) if _buckets else 1  # nnue::KING_BUCKETS
INPUTS = KING_BUCKETS * BASE_INPUTS  # nnue::INPUTS: bucket * BASE_INPUTS + base feature
HAND_FEATURES = 76  # nnue::HAND_FEATURES: base features below it are pieces in hand
RECORD_FEATURES = 40  # usi/tools/nnue_data.h: RECORD_FEATURES
HALF, HIDDEN1, HIDDEN2 = 256, 32, 32
LAYER_STACKS = 8  # nnue::LAYER_STACKS
# nnue::layer_stack: the stack of each number of pieces in hand (0 to 38).
STACK_OF_HAND = np.array([0, 0, 1, 2, 3, 4, 4, 5, 5, 6, 6, 6] + [7] * 27)
ARCHITECTURE_V4 = b"K-P(1696)x16buckets->256x2->32->32->1 v4"  # one stack, read into all
SCORE_SCALE = 600.0  # centipawns per unit of the float output
ACTIVATION = 127  # integer value of a float activation of 1.0
FT_SHIFT = 3  # the accumulator holds the first layer at 2**3 times ACTIVATION
FT_SCALE = ACTIVATION << FT_SHIFT
L1_SCALE = 512  # first hidden layer's weights: float x 512 (shift 9 in the engine)
L2_SCALE = 128  # second hidden layer's weights: float x 128 (shift 7)
OUTPUT_SCALE = 256  # the engine divides the integer output by this (int16 output weights)
MAX_SCORE = 20000  # and clamps the score to this
# Largest float weights that quantise into int8 (int16 for the output weights: their limit,
# about 27, never binds; at x16/int8 it was 1.68).
L1_WEIGHT_LIMIT = 127 / L1_SCALE
L2_WEIGHT_LIMIT = 127 / L2_SCALE
OUT_WEIGHT_LIMIT = 32767 * ACTIVATION / (OUTPUT_SCALE * SCORE_SCALE)

RECORD = np.dtype([("us", "<u2", RECORD_FEATURES), ("them", "<u2", RECORD_FEATURES),
                   ("score", "<i2"), ("result", "i1"), ("ply", "u1")])


def layer_stacks(us, count=LAYER_STACKS):
    """The layer stack of each record, from one perspective's features (numpy or torch): the
    number of hand features, looked up in STACK_OF_HAND; 0 for all with `count` 1 (a v4 net)."""
    if isinstance(us, torch.Tensor):
        return torch.from_numpy(layer_stacks(us.numpy(), count))
    if count == 1:
        return np.zeros(len(us), np.int64)
    us = us.astype(np.int64)
    hand = ((us % BASE_INPUTS < HAND_FEATURES) & (us != INPUTS)).sum(axis=1)
    return STACK_OF_HAND[np.minimum(hand, len(STACK_OF_HAND) - 1)]


def pick(outputs, stacks, width):
    """Each row's outputs of its own stack, from the outputs of every stack."""
    return outputs.view(len(stacks), -1, width)[torch.arange(len(stacks)), stacks]


class Net(nn.Module):
    """The float model; feature index INPUTS is padding (a zero row).

    A feature's weight is its bucket's own row plus the row of its base feature, shared by
    every bucket (a "factoriser"): what a piece is worth wherever the king stands is learnt
    from all positions, and a bucket's rows learn only the difference, from its own. The
    export adds the two. `stacks`: LAYER_STACKS (a v5 net) or 1 (a v4 net)."""

    def __init__(self, stacks=LAYER_STACKS):
        super().__init__()
        if stacks not in (1, LAYER_STACKS):
            raise ValueError(f"a net has 1 or {LAYER_STACKS} layer stacks, not {stacks}")
        self.stacks = stacks
        self.ft = nn.EmbeddingBag(INPUTS + 1, HALF, mode="sum", padding_idx=INPUTS)
        self.factor = nn.EmbeddingBag(BASE_INPUTS + 1, HALF, mode="sum", padding_idx=BASE_INPUTS)
        self.ft_bias = nn.Parameter(torch.full((HALF,), 0.5))
        # Every stack's layer in one (stack-major rows): stack s has rows s * width onwards.
        self.l1 = nn.Linear(2 * HALF, HIDDEN1 * stacks)
        self.l2 = nn.Linear(HIDDEN1, HIDDEN2 * stacks)
        self.out = nn.Linear(HIDDEN2, stacks)
        with torch.no_grad():
            # 40 active features: their sum should start well inside the clipped range.
            self.ft.weight.zero_()
            self.factor.weight.normal_(0.0, 0.01)
            self.factor.weight[BASE_INPUTS].zero_()

    def accumulate(self, features):
        """The first layer of one perspective (before clipping)."""
        base = torch.where(features == INPUTS, BASE_INPUTS, features % BASE_INPUTS)
        return self.ft(features) + self.factor(base) + self.ft_bias

    def ft_weights(self):
        """The first layer's weights as the engine holds them (bucket rows plus shared rows)."""
        return self.ft.weight[:INPUTS] + self.factor.weight[:BASE_INPUTS].repeat(KING_BUCKETS, 1)

    leak = 0.0  # training only: slope outside [0, 1], so that dead neurons still learn

    def act(self, x):
        clipped = torch.clamp(x, 0.0, 1.0)
        return clipped + self.leak * (x - clipped) if self.leak else clipped

    dropout = 0.0  # training only: share of the first layer's outputs zeroed per position

    def hidden(self, us, them):
        """The two hidden layers before activation, of each record's stack, and the stacks."""
        stacks = layer_stacks(us, self.stacks)
        x = torch.clamp(torch.cat([self.accumulate(us), self.accumulate(them)], dim=1), 0.0, 1.0)
        if self.dropout and self.training:
            x = nn.functional.dropout(x, self.dropout)
        h1 = pick(self.l1(x), stacks, HIDDEN1)
        h2 = pick(self.l2(self.act(h1)), stacks, HIDDEN2)
        return h1, h2, stacks

    def forward(self, us, them):
        _, h2, stacks = self.hidden(us, them)
        return pick(self.out(self.act(h2)), stacks, 1).squeeze(1)

    def clip_weights(self):
        """Keeps the weights where quantisation represents them."""
        with torch.no_grad():
            self.l1.weight.clamp_(-L1_WEIGHT_LIMIT, L1_WEIGHT_LIMIT)
            self.l2.weight.clamp_(-L2_WEIGHT_LIMIT, L2_WEIGHT_LIMIT)
            self.out.weight.clamp_(-OUT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT)


def quantise(net, us=None, them=None):
    """The integer tensors of the engine's net, in the file's order. The first layer's and the
    hidden layers' biases get half a step added, so that the engine's shifts round instead of
    truncating; with sample
    positions (`us`, `them`: feature arrays), the output bias then absorbs the mean difference
    between the integer and the float net (rounding many weights of always-present features
    shifts every score alike: 12 cp on one trained net)."""
    def q(t, scale, dtype):
        info = np.iinfo(dtype)
        return np.clip(np.round(t.detach().numpy().astype(np.float64) * scale),
                       info.min, info.max).astype(dtype)
    S = net.stacks
    tensors = [
        q(net.ft_weights(), FT_SCALE, np.int16),
        np.clip(q(net.ft_bias, FT_SCALE, np.int32) + (1 << (FT_SHIFT - 1)), -32768,
                32767).astype(np.int16),
        q(net.l1.weight, L1_SCALE, np.int8).reshape(S, HIDDEN1, 2 * HALF),
        (q(net.l1.bias, ACTIVATION * L1_SCALE, np.int32) + L1_SCALE // 2).reshape(S, HIDDEN1),
        q(net.l2.weight, L2_SCALE, np.int8).reshape(S, HIDDEN2, HIDDEN1),
        (q(net.l2.bias, ACTIVATION * L2_SCALE, np.int32) + L2_SCALE // 2).reshape(S, HIDDEN2),
        q(net.out.weight, OUTPUT_SCALE * SCORE_SCALE / ACTIVATION, np.int16),
        q(net.out.bias, OUTPUT_SCALE * SCORE_SCALE, np.int32),
    ]
    if us is not None:
        with torch.no_grad():
            floats = net(torch.from_numpy(us.astype(np.int64)),
                         torch.from_numpy(them.astype(np.int64))).numpy() * SCORE_SCALE
        diff = floats - integer_forward(tensors, us, them)
        stacks = layer_stacks(us, S)
        # Per stack, each its own rounding; a stack without samples gets the overall mean.
        for s in range(S):
            mean = diff[stacks == s].mean() if (stacks == s).any() else diff.mean()
            tensors[7][s] += np.int32(round(float(mean) * OUTPUT_SCALE))
    return tensors


# engine/eval/nnue/features.cpp: the base features a piece of each type can switch on, and how
# many pieces of the type a position has (standard material; more has no feature). Hand slots
# (own side, HAND_FEATURES / 2 more for the opponent's) and board kinds (own, BOARD_KINDS more
# for the opponent's; kind 4 is the gold's, shared by the promoted minors).
BOARD_KINDS = 9
KING_FEATURES_BEGIN = HAND_FEATURES + 2 * BOARD_KINDS * 81
PIECE_GROUPS = [  # (pieces, first hand slot, hand slots, board kinds)
    (18, 0, 18, (0, 4)), (4, 18, 4, (1, 4)), (4, 22, 4, (2, 4)), (4, 26, 4, (3, 4)),
    (4, 30, 4, (4,)), (2, 34, 2, (5, 6)), (2, 36, 2, (7, 8))]


def feature_groups():
    """(count, base features): a position switches on at most `count` distinct features of
    each group, one per piece (a piece is on the board, promoted or not, or in either hand),
    and one square of each king."""
    groups = []
    for count, hand, slots, kinds in PIECE_GROUPS:
        features = [side * (HAND_FEATURES // 2) + hand + i
                    for side in (0, 1) for i in range(slots)]
        for side in (0, 1):
            for kind in kinds:
                begin = HAND_FEATURES + (side * BOARD_KINDS + kind) * 81
                features += range(begin, begin + 81)
        groups.append((count, np.array(features)))
    for side in (0, 1):
        begin = KING_FEATURES_BEGIN + side * 81
        groups.append((1, np.arange(begin, begin + 81)))
    assert sum(c for c, _ in groups) == RECORD_FEATURES
    return groups


def accumulator_bound(tensors):
    """The largest |accumulator| any position can reach, per neuron, maximised over neurons:
    the bias plus, in the worst king bucket, the largest weights a position can hold from each
    group of feature_groups(). Sound (a position's features are distinct and grouped so), and
    far tighter than the 40 largest weights of all buckets together."""
    ft_w, ft_b = np.abs(tensors[0].astype(np.int64)), np.abs(tensors[1].astype(np.int64))
    w = ft_w.reshape(KING_BUCKETS, BASE_INPUTS, HALF)
    bound = np.zeros((KING_BUCKETS, HALF), np.int64)
    for count, features in feature_groups():
        bound += np.sort(w[:, features, :], axis=1)[:, -count:, :].sum(axis=1)
    return int((ft_b + bound.max(axis=0)).max())


def check_accumulator_range(tensors):
    """Refuses a net whose int16 accumulator could overflow on some position (the engine's
    adds wrap, so only the final sum matters): accumulator_bound must stay within int16."""
    worst = accumulator_bound(tensors)
    if worst > 32767:
        raise ValueError(f"accumulator bound {worst} exceeds int16: the net cannot be "
                         "exported safely")
    return worst


def fnv1a(data):
    h = 2166136261
    for byte in data:
        h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
    return h


def write_net_file(path, tensors, description):
    """Writes the TSBNNUE1 file engine/eval/nnue/network.cpp reads: v5, or v4 for one stack.
    Only the bucketed shape has a v4 format: a one-stack net of another shape is written as v5
    with its stack repeated, which evaluates alike."""
    check_accumulator_range(tensors)
    if len(tensors[2]) == 1 and KING_BUCKETS != 16:
        tensors = list(tensors[:2]) + [np.repeat(t, LAYER_STACKS, axis=0) for t in tensors[2:]]
    arch = ARCHITECTURE if len(tensors[2]) == LAYER_STACKS else ARCHITECTURE_V4
    payload = b"".join(t.astype(t.dtype.newbyteorder("<")).tobytes() for t in tensors)
    desc = description.encode()
    with open(path, "wb") as f:
        f.write(b"TSBNNUE1")
        f.write(struct.pack("<I", len(arch)) + arch)
        f.write(struct.pack("<I", fnv1a(arch)))
        f.write(struct.pack("<I", len(desc)) + desc)
        f.write(payload)
        f.write(struct.pack("<I", fnv1a(payload)))


def accumulators(tensors, features):
    """The first layer's sums (bias included, before the shift) for records' feature lists of
    one perspective, in int64: the engine's int16 accumulator holds them while they fit."""
    ft_w = np.vstack([tensors[0].astype(np.int64), np.zeros((1, HALF), np.int64)])  # padding
    return tensors[1].astype(np.int64) + ft_w[features.astype(np.int64)].sum(axis=1)


def integer_forward(tensors, us, them):
    """The engine's integer evaluation (scalar reference), for records' feature lists."""
    _, _, l1_w, l1_b, l2_w, l2_b, out_w, out_b = (t.astype(np.int64) for t in tensors)

    def accumulate(features):
        # The engine's accumulator is int16 and wraps; a sound net never gets there.
        return np.clip(accumulators(tensors, features) >> FT_SHIFT, 0, ACTIVATION)
    x0 = np.concatenate([accumulate(us), accumulate(them)], axis=1)
    stacks = layer_stacks(us, len(l1_w))
    out = np.zeros(len(x0), np.int64)
    for s in range(len(l1_w)):
        rows = stacks == s
        x = np.clip((x0[rows] @ l1_w[s].T + l1_b[s]) >> 9, 0, ACTIVATION)
        x = np.clip((x @ l2_w[s].T + l2_b[s]) >> 7, 0, ACTIVATION)
        out[rows] = x @ out_w[s] + out_b[s]
    # C++ integer division truncates towards zero.
    return np.clip(np.sign(out) * (np.abs(out) // OUTPUT_SCALE), -MAX_SCORE, MAX_SCORE)


def read_tensors(data):
    """The integer tensors of a net file of this architecture or of v4, with as many stacks as
    the file holds (the engine checks the rest of the header)."""
    at = 8
    size = int.from_bytes(data[at:at + 4], "little")
    arch = data[at + 4:at + 4 + size]
    if data[:8] != b"TSBNNUE1" or arch not in (ARCHITECTURE,
                                                  ARCHITECTURE_V4 if KING_BUCKETS == 16 else None):
        raise ValueError(f"not a net of architecture {ARCHITECTURE.decode()} (or v4)")
    at += 4 + size + 4
    desc = int.from_bytes(data[at:at + 4], "little")
    at += 4 + desc
    S = LAYER_STACKS if arch == ARCHITECTURE else 1
    shapes = [((INPUTS, HALF), np.int16), ((HALF,), np.int16),
              ((S, HIDDEN1, 2 * HALF), np.int8), ((S, HIDDEN1), np.int32),
              ((S, HIDDEN2, HIDDEN1), np.int8), ((S, HIDDEN2), np.int32),
              ((S, HIDDEN2), np.int16), ((S,), np.int32)]
    tensors = []
    for shape, dtype in shapes:
        count = int(np.prod(shape))
        dt = np.dtype(dtype).newbyteorder("<")
        tensors.append(np.frombuffer(data, dt, count, at).reshape(shape))
        at += count * dt.itemsize
    return tensors


def load_quantised(net, tensors):
    """Sets the float model to an exported net's values (the inverse of quantise, up to its
    rounding), to train on from a net instead of from scratch. A feature's weight is split into
    its base feature's mean over the buckets (the shared row) and the bucket's difference, as
    the factorised model holds it. A one-stack net's layers go to every stack of a stacked model
    (which then evaluates every phase alike)."""
    if len(tensors[2]) not in (1, net.stacks):
        raise ValueError(f"a net of {len(tensors[2])} stacks does not fit a model of {net.stacks}")
    tensors = tensors[:2] + [np.repeat(t, net.stacks // len(tensors[2]), axis=0)
                             for t in tensors[2:]]
    ft_w, ft_b, l1_w, l1_b, l2_w, l2_b, out_w, out_b = (
        torch.from_numpy(t.astype(np.float64)) for t in tensors)
    rows = (ft_w / FT_SCALE).reshape(KING_BUCKETS, BASE_INPUTS, HALF)
    shared = rows.mean(dim=0)
    with torch.no_grad():
        net.factor.weight[:BASE_INPUTS] = shared.float()
        net.ft.weight[:INPUTS] = (rows - shared).reshape(INPUTS, HALF).float()
        net.ft_bias[:] = ((ft_b - (1 << (FT_SHIFT - 1))) / FT_SCALE).float()
        net.l1.weight[:] = (l1_w / L1_SCALE).reshape(-1, 2 * HALF).float()
        net.l1.bias[:] = ((l1_b - L1_SCALE // 2) / (ACTIVATION * L1_SCALE)).reshape(-1).float()
        net.l2.weight[:] = (l2_w / L2_SCALE).reshape(-1, HIDDEN1).float()
        net.l2.bias[:] = ((l2_b - L2_SCALE // 2) / (ACTIVATION * L2_SCALE)).reshape(-1).float()
        net.out.weight[:] = (out_w / (OUTPUT_SCALE * SCORE_SCALE / ACTIVATION)).float()
        net.out.bias[:] = (out_b / (OUTPUT_SCALE * SCORE_SCALE)).float()
