#pragma once

// `tsubame gensfen`: training games for the evaluation, written as a game-record shard, and
// `tsubame games-dump`, which prints a shard's labelled positions as text.

#include <string>

namespace tsubame::nnue {
struct Network;
}

namespace tsubame::usi {

/// Reads the net file of an `--eval-file` option; the error names the file and what is wrong
/// with it.
bool load_eval_file(const std::string& path, nnue::Network& net, std::string& error);

/// The evaluation that labels a shard, for its provenance: the net's hash and description, and
/// the base name of `eval_file` (not its path, so that the same seed, commit and net give the
/// same bytes wherever the net lies); empty `eval_file`: the built-in net.
std::string teacher_of(const nnue::Network& net, const std::string& eval_file);

/// `tsubame gensfen --out FILE [--games N] [--nodes N] [--seed S] [--random-moves N]
/// [--random-max-ply N] [--eval-limit CP] [--max-plies N] [--eval-file NET]`: plays the games
/// (evaluated by NET, else by the built-in net) and writes them to FILE (through FILE.part,
/// renamed when complete, so a shard on disk is always whole).
int run_gensfen(int argc, char* argv[]);

/// `tsubame games-dump FILE`: one line per labelled position of a shard (or of a label file's
/// source, with its labels): SFEN, move, score for the side to move, and the game's result for
/// the side to move.
int run_games_dump(int argc, char* argv[]);

} // namespace tsubame::usi
