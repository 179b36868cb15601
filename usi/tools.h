#pragma once

// Command-line tools beside the USI loop: tuning-data generation and feature dumps.

namespace tsubame::usi {

/// `tsubame selfplay <games> <nodes> <out.tsv> [seed]`: writes `sfen<TAB>result` lines.
int run_selfplay(int argc, char* argv[]);
/// `tsubame features <in.tsv> <out.txt>`: writes `result feature:coefficient ...` lines,
/// the input of scripts/tune_eval.py.
int run_features(int argc, char* argv[]);

} // namespace tsubame::usi
