#include "match/match_game.h"

#include <algorithm>
#include <random>

#include "match/match_clock.h"
#include "movegen/movegen.h"

namespace tsubame::usi {

void EngineTally::add(const EngineTally& other) {
    moves += other.moves;
    time_ms += other.time_ms;
    max_ms = std::max(max_ms, other.max_ms);
    depth_sum += other.depth_sum;
    depth_count += other.depth_count;
    nodes_sum += other.nodes_sum;
    nodes_time_ms += other.nodes_time_ms;
    late += other.late;
    ponder_hits += other.ponder_hits;
    ponder_misses += other.ponder_misses;
    ponder_early += other.ponder_early;
    extra_bestmoves += other.extra_bestmoves;
    stops += other.stops;
    max_stop_wait_ms = std::max(max_stop_wait_ms, other.max_stop_wait_ms);
}

int GameResult::winner_engine() const {
    if (!outcome.winner) return -1;
    return *outcome.winner == BLACK ? setup.black : 1 - setup.black;
}

namespace {

// How long a stopped search (a ponder search, or one past its time) may take to send its
// bestmove.
constexpr int64_t STOP_WAIT_MS = 2000;

// One game in progress: the arbiter, the clocks, the engines by colour and the result so far.
struct GameState {
    const MatchOptions&                options;
    const std::array<MatchEngine*, 2>& engines;
    GameResult&                        result;
    Arbiter                            arbiter;
    MatchClock                         clock;
    int                                engine_of[COLOR_NB];
    Move predicted[COLOR_NB] = {Move::none(), Move::none()}; ///< Each side's ponder move.
    std::mt19937_64 random; ///< When --random-stop stops a search; seeded by the game.

    MatchEngine& engine(Color c) const { return *engines[engine_of[c]]; }
    std::string  who(Color c) const { return "engine" + std::to_string(engine_of[c] + 1); }
    EngineTally& tally(Color c) { return result.tally[engine_of[c]]; }
};

// Starts both engines' game; the outcome of a startup failure, else nothing.
Outcome start_engines(GameState& g) {
    std::string failure[COLOR_NB];
    for (Color c : {BLACK, WHITE}) {
        MatchEngine& e = g.engine(c);
        if (!e.prepare(g.options.usi_timeout_ms, g.options.ready_timeout_ms, failure[c]))
            failure[c] = g.who(c) + " " + failure[c];
        else
            e.new_game();
    }
    for (Color c : {BLACK, WHITE})
        g.result.names[c] = g.engine(c).name();
    if (!failure[BLACK].empty() && !failure[WHITE].empty())
        return {Termination::BOTH_FAILED, std::nullopt, failure[BLACK] + "; " + failure[WHITE]};
    if (!failure[BLACK].empty()) return {Termination::STARTUP_FAILURE, WHITE, failure[BLACK]};
    if (!failure[WHITE].empty()) return {Termination::STARTUP_FAILURE, BLACK, failure[WHITE]};
    return {};
}

// The move of side `us`: a ponderhit when its ponder search predicted the opponent's last
// move, else (its ponder search stopped) position and go. A ponder search that gives no
// bestmove after `stop` loses on time.
GoResult ask_move(GameState& g, Color us, Outcome& outcome) {
    MatchEngine&  engine = g.engine(us);
    const int64_t limit  = g.clock.deadline_ms(us);
    if (engine.pondering()) {
        const auto& played = g.arbiter.game().moves();
        if (!played.empty() && played.back() == g.predicted[us]) {
            ++g.tally(us).ponder_hits;
            GoResult answer = engine.ponderhit(limit);
            answer.pondered = true;
            if (answer.early) ++g.tally(us).ponder_early;
            return answer;
        }
        ++g.tally(us).ponder_misses;
        bool early = false;
        if (!engine.stop_ponder(STOP_WAIT_MS, early)) {
            outcome = g.arbiter.forfeit(Termination::TIME_FORFEIT,
                                        g.who(us) + " gave no bestmove within "
                                            + std::to_string(STOP_WAIT_MS)
                                            + " ms of stop (a missed ponder search)");
            return GoResult::of(GoResult::Kind::TIMEOUT);
        }
        if (early) ++g.tally(us).ponder_early;
    }
    // A user's "move now" at a random moment of the move's time.
    std::optional<int64_t> stop_after;
    if (g.options.random_stop > 0 && int(g.random() % 100) < g.options.random_stop)
        stop_after = int64_t(g.random() % uint64_t(std::max<int64_t>(g.clock.allowed_ms(us), 1)));
    return engine.go(g.arbiter.position_command(), g.clock.go_command(), limit, stop_after);
}

// After side `us` moved: its ponder search on the predicted reply, when the reply is legal.
void start_ponder(GameState& g, Color us, const std::string& ponder) {
    if (!g.options.ponder || ponder.empty()) return;
    std::string error;
    const Move  m = parse_legal_move(g.arbiter.game().position(), ponder, error);
    if (m == Move::none()) return; // an illegal ponder move is dropped, as ShogiHome does
    g.predicted[us] = m;
    g.engine(us).start_ponder(g.arbiter.position_command() + " " + ponder, g.clock.go_command());
}

// Counts a move in the mover's tally.
void tally_move(GameState& g, Color us, const GoResult& answer) {
    EngineTally& t = g.tally(us);
    ++t.moves;
    t.time_ms += answer.elapsed_ms;
    t.max_ms = std::max(t.max_ms, answer.elapsed_ms);
    if (answer.depth) {
        t.depth_sum += *answer.depth;
        ++t.depth_count;
    }
    if (answer.stop_wait_ms) {
        ++t.stops;
        t.max_stop_wait_ms = std::max(t.max_stop_wait_ms, *answer.stop_wait_ms);
    }
    // Speed in games: a pondered move's nodes were searched before its time started.
    if (answer.nodes && !answer.pondered) {
        t.nodes_sum += *answer.nodes;
        t.nodes_time_ms += answer.elapsed_ms;
    }
}

// One move of side `us`: asked, timed, judged, recorded; the game's outcome after it.
Outcome play_turn(GameState& g, Color us) {
    const int64_t  limit   = g.clock.deadline_ms(us);
    const int64_t  allowed = g.clock.allowed_ms(us);
    Outcome        outcome;
    const GoResult answer = ask_move(g, us, outcome);
    if (outcome.over()) return outcome;
    MatchEngine& engine = g.engine(us);
    if (answer.kind == GoResult::Kind::INTERRUPTED) return {Termination::INTERRUPTED, {}, ""};
    if (answer.kind == GoResult::Kind::CRASH) {
        engine.kill(); // restarted before its next game
        return g.arbiter.forfeit(Termination::CRASH, g.who(us) + " exited (end of its output)");
    }
    if (answer.kind == GoResult::Kind::TIMEOUT || !g.clock.charge(us, answer.elapsed_ms)) {
        if (answer.kind == GoResult::Kind::TIMEOUT) engine.stop_or_kill(STOP_WAIT_MS);
        return g.arbiter.forfeit(Termination::TIME_FORFEIT,
                                 g.who(us) + " gave no bestmove within " + std::to_string(limit)
                                     + " ms (allowed " + std::to_string(allowed) + " + margin)");
    }
    tally_move(g, us, answer);
    if (answer.stray) ++g.tally(us).extra_bestmoves;
    if (g.options.tc.has_clock() && answer.elapsed_ms > allowed) ++g.tally(us).late;
    outcome = g.arbiter.on_bestmove(answer.move);
    if (outcome.reason == Termination::ILLEGAL_MOVE) {
        outcome.detail = g.who(us) + " played " + outcome.detail;
        return outcome;
    }
    if (answer.move != "resign" && answer.move != "win")
        g.result.moves.push_back({g.arbiter.game().moves().back(), answer.elapsed_ms, answer.depth,
                                  answer.score, answer.nodes, answer.engine_ms, answer.pondered});
    if (!outcome.over()) start_ponder(g, us, answer.ponder);
    return outcome;
}

} // namespace

GameResult play_game(const GameSetup& setup, const std::array<MatchEngine*, 2>& engines,
                     const MatchOptions& options, const std::atomic<bool>& interrupt) {
    GameResult result;
    result.setup   = setup;
    result.started = std::time(nullptr);
    GameState g{options,
                engines,
                result,
                Arbiter(options.rule, options.max_moves),
                MatchClock(options.tc),
                {setup.black, 1 - setup.black},
                {Move::none(), Move::none()},
                std::mt19937_64(options.seed.value_or(0) * 1000003 + uint64_t(setup.number))};
    // Openings were checked when loaded.
    (void)g.arbiter.start(setup.opening);
    result.start_sfen    = g.arbiter.game().start_sfen();
    result.opening_moves = g.arbiter.game().moves();

    Outcome& outcome = result.outcome;
    outcome          = start_engines(g);
    while (!outcome.over())
        outcome = interrupt.load() ? Outcome{Termination::INTERRUPTED, std::nullopt, ""}
                                   : play_turn(g, g.arbiter.side_to_move());
    result.final_sfen = g.arbiter.game().position().sfen();

    // A ponder search still running is stopped first, as ShogiHome does before `gameover`.
    for (Color c : {BLACK, WHITE}) {
        bool early = false;
        if (g.engine(c).pondering() && !g.engine(c).stop_ponder(STOP_WAIT_MS, early))
            continue; // killed: no gameover
        if (early) ++g.tally(c).ponder_early;
    }
    if (outcome.reason != Termination::INTERRUPTED)
        for (Color c : {BLACK, WHITE}) {
            const char* verdict = !outcome.winner ? "draw" : *outcome.winner == c ? "win" : "lose";
            g.engine(c).game_over(verdict);
        }
    result.ended = std::time(nullptr);
    return result;
}

} // namespace tsubame::usi
