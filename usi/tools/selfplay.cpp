#include "tools/selfplay.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "movegen/movegen.h"
#include "rules/declaration.h"
#include "rules/game.h"
#include "rules/repetition.h"
#include "search/search.h"

namespace tsubame {

namespace {

// The plies (0-based) at which a game plays a random move.
std::vector<bool> random_plies(const SelfPlayOptions& options, std::mt19937_64& rng) {
    std::vector<int> plies(size_t(std::max(options.random_max_ply, 0)));
    std::iota(plies.begin(), plies.end(), 0);
    std::vector<bool> chosen(plies.size(), false);
    for (int i = 0; i < std::min<int>(options.random_moves, int(plies.size())); ++i) {
        // A partial Fisher-Yates shuffle: the first `random_moves` entries are a uniform
        // sample. Drawn with the generator's raw output so that every platform agrees.
        const size_t j = size_t(i) + size_t(rng() % (plies.size() - size_t(i)));
        std::swap(plies[size_t(i)], plies[j]);
        chosen[size_t(plies[size_t(i)])] = true;
    }
    return chosen;
}

// The move of a random ply (see SelfPlayOptions::random_multipv); none() if there is none.
Move random_move(Position& pos, Searcher& searcher, const SelfPlayOptions& options,
                 std::mt19937_64& rng) {
    if (options.random_multipv <= 0) {
        const MoveList<GenType::LEGAL> moves(pos);
        return moves.empty() ? Move::none() : *(moves.begin() + rng() % moves.size());
    }
    SearchLimits limits;
    limits.nodes = options.nodes;
    SearchOptions search;
    search.network  = options.network;
    search.multi_pv = options.random_multipv;
    std::vector<SearchInfo> lines; // the latest exact report of each line
    (void)searcher.run(pos, limits, search, [&](const SearchInfo& info) {
        if (info.bound != BOUND_EXACT || info.pv.empty()) return;
        if (lines.size() < size_t(info.multipv)) lines.resize(size_t(info.multipv));
        lines[size_t(info.multipv - 1)] = info;
    });
    std::vector<Move> candidates;
    for (const SearchInfo& line : lines)
        if (!line.pv.empty() && line.score >= lines.front().score - options.random_margin)
            candidates.push_back(line.pv.front());
    return candidates.empty() ? Move::none() : candidates[rng() % candidates.size()];
}

} // namespace

void self_play(const SelfPlayOptions&                        options,
               const std::function<void(const GameRecord&)>& on_game) {
    TranspositionTable tt;
    (void)tt.resize(16);
    Searcher        searcher(tt);
    std::mt19937_64 rng(options.seed);
    SearchLimits    limits;
    limits.nodes = options.nodes;
    SearchOptions search;
    search.network = options.network;

    for (int g = 0; g < options.games; ++g) {
        Game       game;
        GameRecord record;
        if (!options.openings.empty()) {
            // Valid by contract (gensfen checks each line); a bad one keeps its valid part.
            (void)game.set_position(options.openings[size_t(rng() % options.openings.size())]);
            for (const Move m : game.moves())
                record.plies.push_back({m.to16(), NO_SCORE});
        }
        record.start_sfen              = game.start_sfen();
        const size_t            book   = record.plies.size(); // random plies count from here
        const std::vector<bool> random = random_plies(options, rng);
        while (int(record.plies.size()) < options.max_plies) {
            Position&        pos = game.position();
            const int        win = pos.side_to_move() == BLACK ? 1 : -1; // if the mover wins
            const Repetition rep = fourfold_repetition(pos);
            if (rep == Repetition::DRAW || rep == Repetition::WIN || rep == Repetition::LOSS) {
                record.end =
                    rep == Repetition::DRAW ? GameEnd::REPETITION_DRAW : GameEnd::PERPETUAL_CHECK;
                record.black_result = int8_t(rep == Repetition::DRAW  ? 0
                                             : rep == Repetition::WIN ? win
                                                                      : -win);
                break;
            }
            if (judge_declaration(pos, EnteringKingRule::CSA27) == Declaration::WIN) {
                record.end          = GameEnd::DECLARATION;
                record.black_result = int8_t(win);
                break;
            }
            const size_t ply = record.plies.size() - book;
            if (ply < random.size() && random[ply]) {
                if (const Move m = random_move(pos, searcher, options, rng); m != Move::none()) {
                    record.plies.push_back({m.to16(), NO_SCORE});
                    game.play(m);
                    continue;
                }
            }
            const SearchResult r = searcher.run(pos, limits, search, {});
            if (r.best == Move::none()) {
                record.end          = GameEnd::MATED;
                record.black_result = int8_t(-win);
                break;
            }
            if (options.eval_limit > 0 && std::abs(r.score) >= options.eval_limit) {
                record.end          = GameEnd::EVAL_LIMIT;
                record.black_result = int8_t(r.score > 0 ? win : -win);
                break;
            }
            record.plies.push_back({r.best.to16(), recorded_score(r.score)});
            game.play(r.best);
        }
        on_game(record);
    }
}

} // namespace tsubame
