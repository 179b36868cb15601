#!/usr/bin/env python3
"""Turns a rescored shard written as a second copy of its games (what `tsubame rescore` wrote
before 2026-11-28) into a label file beside its source (what it writes now, 2 bytes a ply; see
usi/tools/label_file.h), after checking that the copy holds the source's games move for move.

    scripts/train/labels_from_copy.py games/r20000/shard-02013.games games/shard-02013.games \\
        games/r20000/shard-02013.labels

The label file's provenance is the copy's header text, which names the labeller and ends with
"; of: " and the source's header text. Check a conversion with `tsubame games-dump`: the copy
and the label file print the same lines.
"""

import os
import struct
import sys


def read_text(data, at):
    (length,) = struct.unpack_from("<H", data, at)
    return data[at + 2:at + 2 + length], at + 2 + length


def read_game_file(path):
    """(provenance bytes, [(start SFEN, [(move16, score), ...]), ...]) of a game file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"TSBGAMES" or struct.unpack_from("<H", data, 8)[0] != 1:
        sys.exit(f"{path}: not a version-1 game file")
    provenance, at = read_text(data, 10)
    games = []
    while at < len(data):
        sfen, at = read_text(data, at)
        (plies,) = struct.unpack_from("<H", data, at)
        at += 4  # plies, result, how it ended
        moves = list(struct.iter_unpack("<Hh", data[at:at + 4 * plies]))
        at += 4 * plies
        games.append((sfen, moves))
    return provenance, games


def text(value):
    return struct.pack("<H", len(value)) + value


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    copy_path, source_path, out_path = sys.argv[1:]
    copy_provenance, copy_games = read_game_file(copy_path)
    source_provenance, source_games = read_game_file(source_path)
    if not copy_provenance.endswith(b"; of: " + source_provenance):
        sys.exit(f"{copy_path} was not made from {source_path}")
    if len(copy_games) != len(source_games):
        sys.exit(f"{copy_path}: {len(copy_games)} games, the source {len(source_games)}")
    relative = os.path.relpath(os.path.abspath(source_path),
                               os.path.dirname(os.path.abspath(out_path)))
    out = bytearray(b"TSBLABEL" + struct.pack("<H", 1) + text(copy_provenance)
                    + text(relative.encode()) + text(source_provenance))
    for number, ((sfen, plies), (source_sfen, source_plies)) in enumerate(
            zip(copy_games, source_games), 1):
        if sfen != source_sfen or [m for m, _ in plies] != [m for m, _ in source_plies]:
            sys.exit(f"{copy_path}: game {number} differs from the source's")
        out += struct.pack("<H", len(plies))
        out += b"".join(struct.pack("<h", score) for _, score in plies)
    with open(out_path + ".part", "wb") as f:
        f.write(out)
    os.replace(out_path + ".part", out_path)


if __name__ == "__main__":
    main()
