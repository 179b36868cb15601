#pragma once

// `tsubame rescore`: a game-record shard's games labelled again by a deeper search, so that
// the positions already played teach what a longer search sees in them.

namespace tsubame::usi {

/// `tsubame rescore --in SHARD --out FILE.labels [--nodes N (20000)] [--min-ply N (16)]
/// [--eval-file NET] [--every-ply]`: new scores for the games of SHARD, as a label file beside it
/// (tools/label_file.h): each position nnue-data would keep (from ply N on, a quiet label) gets
/// the score of an N-node search, the others no score (nor one where the new search's best move
/// captures, promotes or mates); with `--every-ply`, every position not in check from ply N on,
/// whatever its move, unless the score is a mate (the labels of nnue-data --leaf). Each game is
/// searched from a fresh search state, so the output is deterministic and a run resumes at any
/// game. Written through FILE.labels.part, renamed when complete.
int run_rescore(int argc, char* argv[]);

} // namespace tsubame::usi
