#include "match/match_game.h"

#include <algorithm>

#include "match/match_clock.h"

namespace tsubame::usi {

void EngineTally::add(const EngineTally& other) {
    moves += other.moves;
    time_ms += other.time_ms;
    max_ms = std::max(max_ms, other.max_ms);
    depth_sum += other.depth_sum;
    depth_count += other.depth_count;
    late += other.late;
}

int GameResult::winner_engine() const {
    if (!outcome.winner) return -1;
    return *outcome.winner == BLACK ? setup.black : 1 - setup.black;
}

GameResult play_game(const GameSetup& setup, const std::array<MatchEngine*, 2>& engines,
                     const MatchOptions& options, const std::atomic<bool>& interrupt) {
    GameResult result;
    result.setup   = setup;
    result.started = std::time(nullptr);
    // Engine index by colour.
    const int engine_of[COLOR_NB] = {setup.black, 1 - setup.black};

    Arbiter arbiter(options.rule, options.max_moves);
    // Openings were checked when loaded.
    (void)arbiter.start(setup.opening);
    result.start_sfen    = arbiter.game().start_sfen();
    result.opening_moves = arbiter.game().moves();

    // Both engines ready (started or restarted as needed).
    std::string failure[COLOR_NB];
    for (Color c : {BLACK, WHITE}) {
        MatchEngine& e = *engines[engine_of[c]];
        if (!e.prepare(options.usi_timeout_ms, options.ready_timeout_ms, failure[c]))
            failure[c] = "engine" + std::to_string(engine_of[c] + 1) + " " + failure[c];
        else
            e.new_game();
    }
    for (Color c : {BLACK, WHITE})
        result.names[c] = engines[engine_of[c]]->name();

    Outcome& outcome = result.outcome;
    if (!failure[BLACK].empty() && !failure[WHITE].empty())
        outcome = {Termination::BOTH_FAILED, std::nullopt, failure[BLACK] + "; " + failure[WHITE]};
    else if (!failure[BLACK].empty())
        outcome = {Termination::STARTUP_FAILURE, WHITE, failure[BLACK]};
    else if (!failure[WHITE].empty())
        outcome = {Termination::STARTUP_FAILURE, BLACK, failure[WHITE]};

    MatchClock clock(options.tc);
    while (!outcome.over()) {
        if (interrupt.load()) {
            outcome = {Termination::INTERRUPTED, std::nullopt, ""};
            break;
        }
        const Color       us      = arbiter.side_to_move();
        const int         index   = engine_of[us];
        MatchEngine&      engine  = *engines[index];
        const std::string who     = "engine" + std::to_string(index + 1);
        const int64_t     limit   = clock.deadline_ms(us);
        const int64_t     allowed = clock.allowed_ms(us);
        const GoResult    answer = engine.go(arbiter.position_command(), clock.go_command(), limit);
        if (answer.kind == GoResult::Kind::INTERRUPTED) {
            outcome = {Termination::INTERRUPTED, std::nullopt, ""};
            break;
        }
        if (answer.kind == GoResult::Kind::CRASH) {
            outcome = arbiter.forfeit(Termination::CRASH, who + " exited (end of its output)");
            engine.kill(); // restarted before its next game
            break;
        }
        if (answer.kind == GoResult::Kind::TIMEOUT || !clock.charge(us, answer.elapsed_ms)) {
            outcome =
                arbiter.forfeit(Termination::TIME_FORFEIT,
                                who + " gave no bestmove within " + std::to_string(limit)
                                    + " ms (allowed " + std::to_string(allowed) + " + margin)");
            if (answer.kind == GoResult::Kind::TIMEOUT) engine.stop_or_kill(2000);
            break;
        }
        EngineTally& t = result.tally[index];
        ++t.moves;
        t.time_ms += answer.elapsed_ms;
        t.max_ms = std::max(t.max_ms, answer.elapsed_ms);
        if (answer.depth) {
            t.depth_sum += *answer.depth;
            ++t.depth_count;
        }
        if (options.tc.has_clock() && answer.elapsed_ms > allowed) ++t.late;
        outcome = arbiter.on_bestmove(answer.move);
        if (outcome.reason != Termination::ILLEGAL_MOVE && answer.move != "resign"
            && answer.move != "win")
            result.moves.push_back(
                {arbiter.game().moves().back(), answer.elapsed_ms, answer.depth, answer.score});
        if (outcome.reason == Termination::ILLEGAL_MOVE)
            outcome.detail = who + " played " + outcome.detail;
    }
    result.final_sfen = arbiter.game().position().sfen();

    if (outcome.reason != Termination::INTERRUPTED)
        for (Color c : {BLACK, WHITE}) {
            const char* verdict = !outcome.winner ? "draw" : *outcome.winner == c ? "win" : "lose";
            engines[engine_of[c]]->game_over(verdict);
        }
    result.ended = std::time(nullptr);
    return result;
}

} // namespace tsubame::usi
