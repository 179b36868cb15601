#pragma once

// `tsubame gensfen`: training games for the evaluation, written as a game-record shard, and
// `tsubame games-dump`, which prints a shard's labelled positions as text.

namespace tsubame::usi {

/// `tsubame gensfen --out FILE [--games N] [--nodes N] [--seed S] [--random-moves N]
/// [--random-max-ply N] [--eval-limit CP] [--max-plies N] [--eval-file NET]`: plays the games
/// (evaluated by NET, else by the built-in net) and writes them to FILE (through FILE.part,
/// renamed when complete, so a shard on disk is always whole).
int run_gensfen(int argc, char* argv[]);

/// `tsubame games-dump FILE`: one line per labelled position: SFEN, move, score for the side
/// to move, and the game's result for the side to move.
int run_games_dump(int argc, char* argv[]);

} // namespace tsubame::usi
