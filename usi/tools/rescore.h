#pragma once

// `tsubame rescore`: a game-record shard's games labelled again by a deeper search, so that
// the positions already played teach what a longer search sees in them.

namespace tsubame::usi {

/// `tsubame rescore --in SHARD --out FILE [--nodes N (20000)] [--min-ply N (16)]
/// [--eval-file NET]`: the games of SHARD with the same moves; each position nnue-data would
/// keep (from ply N on, a quiet label) gets the score of an N-node search, the others no score
/// (nor one where the new search's best move captures, promotes or mates). Searched in the
/// games' order with one hash table, so the output is deterministic. Written through
/// FILE.part, renamed when complete.
int run_rescore(int argc, char* argv[]);

} // namespace tsubame::usi
