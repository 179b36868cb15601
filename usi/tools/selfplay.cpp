#include "tools/selfplay.h"

#include <random>

#include "movegen/movegen.h"
#include "rules/declaration.h"
#include "rules/game.h"
#include "rules/repetition.h"
#include "search/search.h"

namespace tsubame {

namespace {

// A side this far behind resigns: the result is clear and the rest of the game adds noise.
constexpr Value RESIGN_SCORE = 3000;

} // namespace

void self_play(const SelfPlayOptions&                                           options,
               const std::function<void(const std::vector<TrainingPosition>&)>& on_game) {
    TranspositionTable tt;
    (void)tt.resize(16);
    Searcher        searcher(tt);
    std::mt19937_64 rng(options.seed);
    SearchLimits    limits;
    limits.nodes = options.nodes;

    for (int g = 0; g < options.games; ++g) {
        Game game;
        for (int i = 0; i < options.random_plies; ++i) {
            const LegalMoves moves(game.position());
            if (moves.empty()) break;
            game.play(*(moves.begin() + rng() % moves.size()));
        }

        struct Seen {
            std::string sfen;
            Color       side;
            int         score;
        };
        std::vector<Seen> seen;
        int               black_result = 0; // draw unless decided
        while (int(game.moves().size()) < options.max_plies) {
            Position&        pos = game.position();
            const Color      us  = pos.side_to_move();
            const int        win = us == BLACK ? 1 : -1; // Black's result if the side to move wins
            const Repetition rep = fourfold_repetition(pos);
            if (rep == Repetition::DRAW) break;
            if (rep == Repetition::WIN || rep == Repetition::LOSS) {
                black_result = rep == Repetition::WIN ? win : -win;
                break;
            }
            if (judge_declaration(pos, EnteringKingRule::CSA27) == Declaration::WIN) {
                black_result = win;
                break;
            }
            const SearchResult r = searcher.run(pos, limits, SearchOptions{}, {});
            if (r.best == Move::none() || r.score <= -RESIGN_SCORE) {
                black_result = -win; // mated or hopelessly behind
                break;
            }
            if (r.score >= RESIGN_SCORE) {
                black_result = win;
                break;
            }
            // Quiet positions only: where the best move captures, the static evaluation is
            // off by the capture, and fitting it to the outcome teaches the weights noise.
            if (!pos.in_check() && pos.piece_on(r.best.to()) == NO_PIECE)
                seen.push_back({pos.sfen(), us, int(r.score)});
            game.play(r.best);
        }

        std::vector<TrainingPosition> labelled;
        labelled.reserve(seen.size());
        for (const Seen& s : seen)
            labelled.push_back({s.sfen, s.side == BLACK ? black_result : -black_result, s.score});
        on_game(labelled);
    }
}

} // namespace tsubame
