#!/usr/bin/env python3
"""Speed in games against a lone search on the same positions: for every move an engine made in
a `tsubame match` output folder, the nodes it reported and the time it took (from the CSA
records' comments), then the same engine alone on the machine searching each of those
positions for the same number of nodes (`go nodes N`, the game's moves in order after
`usinewgame`, so its hash table fills as in the game). Prints both rates and their ratio.

    scripts/lone_speed.py ENGINE MATCH_DIR [--name 'Tsubame 0.1 (1)'] [--games N]
        [--option USI_Hash=256 ...]

--name picks the engine's side by the name in games.tsv (default: engine 1's, the black column
of game 1); --option sets what the match set for it. Moves answered after a ponderhit are not
in the records' times as searched, so run this on matches without --ponder. The lone searches
need the machine to themselves, as the match did.
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import time

csv.field_size_limit(sys.maxsize)


def games_of(match_dir, name, limit):
    """[(position command, nodes, ms)] of each game: `name`'s moves and what it searched."""
    with open(os.path.join(match_dir, "games.tsv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    if "moves" not in rows[0]:
        sys.exit("games.tsv has no moves column: a match from before 2026-11-28")
    # In game order: with --concurrency the rows are in the order the games ended, and game 1
    # (engine 1 as Black) need not come first.
    rows.sort(key=lambda row: int(row["game"]))
    name = name or rows[0]["black"]
    games = []
    for row in rows[:limit]:
        base, _, after = row["opening"].partition(" moves")
        opening_moves = after.split()
        # The side to move after the opening: Black at an even count from startpos, or as the
        # SFEN says.
        black_to_move = base.split()[2] == "b" if base.startswith("sfen") else True
        first_black = black_to_move == (len(opening_moves) % 2 == 0)
        ours = row["black"] == name, row["white"] == name
        if not any(ours):
            continue
        with open(os.path.join(match_dir, "game-%04d.csa" % int(row["game"])), encoding="utf-8") as f:
            # One comment a move after the opening ("'time control: ..." is the header's).
            comments = [m for m in (re.match(r"'time (\d+) ms(?:, depth \d+)?(?:, nodes (\d+))?",
                                             line) for line in f) if m]
        moves = row["moves"].split()
        searches = []
        for i, comment in enumerate(comments[:len(moves)]):
            black_moved = first_black == (i % 2 == 0)
            if ours[0 if black_moved else 1] and comment.group(2):
                played = opening_moves + moves[:i]
                command = f"position {base}" + (f" moves {' '.join(played)}" if played else "")
                searches.append((command, int(comment.group(2)), int(comment.group(1))))
        games.append(searches)
    return name, games


def lone(engine, options, games):
    """Total nodes and seconds of the engine's lone searches."""
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        sys.exit("the engine ended")

    send("usi")
    wait_for("usiok")
    for option in options:
        key, value = option.split("=", 1)
        send(f"setoption name {key} value {value}")
    send("isready")
    wait_for("readyok")
    nodes, seconds = 0, 0.0
    for searches in games:
        send("usinewgame")
        for command, n, _ in searches:
            send(command)
            began = time.monotonic()
            send(f"go nodes {n}")
            wait_for("bestmove")
            seconds += time.monotonic() - began
            nodes += n
        send("gameover draw")
    send("quit")
    p.wait()
    return nodes, seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("match_dir")
    ap.add_argument("--name", default="")
    ap.add_argument("--games", type=int, default=10**9)
    ap.add_argument("--option", action="append", default=[])
    args = ap.parse_args()
    name, games = games_of(args.match_dir, args.name, args.games)
    searches = [s for game in games for s in game]
    if not searches:
        sys.exit(f"no move of {name!r} with a node count in {args.match_dir}")
    game_nodes = sum(n for _, n, _ in searches)
    game_seconds = sum(ms for _, _, ms in searches) / 1000
    lone_nodes, lone_seconds = lone(args.engine, args.option, games)
    in_games, alone = game_nodes / game_seconds, lone_nodes / lone_seconds
    print(f"{name}: {len(searches)} moves of {len(games)} games, {game_nodes} nodes")
    print(f"in games: {in_games:.0f} nodes/s ({game_seconds:.1f} s)")
    print(f"alone:    {alone:.0f} nodes/s ({lone_seconds:.1f} s)")
    print(f"ratio:    {in_games / alone:.3f}")


if __name__ == "__main__":
    main()
