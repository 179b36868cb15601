#include "engine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "bench_positions.h"
#include "eval/nnue/embedded.h"
#include "movegen/movegen.h"

namespace tsubame {

namespace {
// The root mate probe's table: small, since the probe runs for a few milliseconds.
constexpr size_t ROOT_MATE_HASH_MB = 16;
// Least nodes of a `go nodes` budget per thread for the helpers to join the search.
constexpr uint64_t NODES_PER_HELPER = 4096;
} // namespace

Engine::Engine(Callbacks callbacks) :
    callbacks_(std::move(callbacks)),
    searcher_(std::make_unique<Searcher>(tt_)),
    book_rng_(uint64_t(std::chrono::steady_clock::now().time_since_epoch().count())
              ^ uint64_t(reinterpret_cast<uintptr_t>(this))) {
    helpers_.set_main(searcher_.get());
    // Read now, so that no move's clock pays for reading the built-in net.
    nnue::builtin_network();
}

Engine::~Engine() {
    quit();
}

Status Engine::set_position(std::string_view sfen, const std::vector<std::string>& moves) {
    return game_.set_position(sfen, moves);
}

void Engine::join() {
    if (thread_.joinable()) thread_.join();
}

void Engine::go(const SearchLimits& limits) {
    SearchLimits l = limits;
    if (l.start_ms < 0) l.start_ms = clock_->now_ms(); // before waiting for an earlier search
    stop();
    join();
    // Threads changed without an isready (which USI requires): the pool is made now.
    if (helpers_.size() != options_.threads - 1) helpers_.resize(options_.threads - 1);
    searching_.store(true);
    stale_ = true;
    stop_request_.store(false);
    ponderhit_request_.store(-1);
    searcher_->set_request_flags(&stop_request_, &ponderhit_request_);
    searcher_->discard_ponderhit_clock();

    // The search gets its own copy of the game, so `position` may change game_ meanwhile.
    auto search_game = std::make_shared<Game>();
    search_game->replay(game_);
    // Stochastic_Ponder: the position before the predicted move, the opponent to move; an
    // answer after stop must still be legal in the position given.
    stochastic_ = l.ponder && options_.stochastic_ponder && !game_.moves().empty();
    std::shared_ptr<Game> given;
    if (stochastic_) {
        stochastic_limits_ = l;
        given              = std::make_shared<Game>();
        given->replay(game_);
        search_game->undo();
    }

    if (!l.depth && options_.depth_limit) l.depth = options_.depth_limit;
    if (!l.nodes && options_.nodes_limit) l.nodes = options_.nodes_limit;

    thread_ = std::thread([this, search_game, given, l, options = options_, book = book_] {
        Position& pos = search_game->position();
        if (!root_mate_solver_) root_mate_solver_ = std::make_unique<MateSolver>(ROOT_MATE_HASH_MB);
        const BookProbe    probe{book.get(), options.book, &book_rng_};
        const RootDecision decision = decide_before_search(
            pos, l, options.search.entering_king_rule, probe, options.root_mate_permille,
            options.search.time, *root_mate_solver_, &stop_request_);
        BestMove answer;
        switch (decision.kind) {
            case RootDecision::Kind::DECLARE_WIN:
                answer.kind = BestMove::Kind::WIN;
                break;
            case RootDecision::Kind::PLAY:
                answer = {BestMove::Kind::MOVE, decision.move, Move::none()};
                if (decision.mate.status == MateStatus::MATE) report_mate(decision.mate, answer);
                if (decision.book) report_book(*decision.book, l.start_ms, answer);
                break;
            case RootDecision::Kind::SEARCH:
                answer = search(*search_game, l, options);
                break;
        }
        hold_answer(l);
        if (given) answer = answer_in(given->position());
        searching_.store(false);
        if (!silent_.load() && callbacks_.on_bestmove) callbacks_.on_bestmove(answer);
        // Helpers told to stop may still be leaving their search; the answer did not wait.
        helpers_.wait();
    });
}

BestMove Engine::search(Game& game, const SearchLimits& limits, const EngineOptions& options) {
    // Lazy SMP: once the main thread has its first iteration, the helpers search the same
    // position with their own histories and share the table (and the node count); they run
    // until the main search ends, whose result is the answer.
    shared_nodes_.store(0);
    searcher_->set_shared_nodes(&shared_nodes_);
    // A node budget too small to share is searched by the main thread alone: a thread's
    // first iterations take a few hundred nodes, and with many threads (more than cores) a
    // small budget would end before the main thread gets past depth 1.
    const bool share =
        !limits.nodes || limits.nodes >= NODES_PER_HELPER * uint64_t(options.threads);
    searcher_->set_after_first_iteration([&] {
        if (share) helpers_.start(game, limits, options.search, &shared_nodes_);
    });
    auto on_info = [&](const SearchInfo& info) {
        SearchInfo total = info;
        total.nodes += helpers_.nodes();
        // After quit() nothing may be reported, not even the interrupted iteration.
        if (callbacks_.on_info && !silent_.load()) callbacks_.on_info(total);
    };
    const SearchResult r = searcher_->run(game.position(), limits, options.search, on_info);
    helpers_.stop();
    searcher_->set_after_first_iteration(nullptr);
    BestMove answer;
    if (r.best != Move::none()) answer = {BestMove::Kind::MOVE, r.best, r.ponder};
    answer.nodes = r.nodes + helpers_.nodes();
    if (should_resign(r, limits, ponderhit_request_.load() >= 0, options.resign_value))
        answer = {BestMove::Kind::RESIGN, Move::none(), Move::none(), answer.nodes};
    return answer;
}

void Engine::prepare() {
    if (searching_.load()) return;
    join();
    helpers_.resize(options_.threads - 1);
    searcher_->prepare();
    if (!root_mate_solver_) root_mate_solver_ = std::make_unique<MateSolver>(ROOT_MATE_HASH_MB);
    if (!mate_solver_) mate_solver_ = std::make_unique<MateSolver>(mate_hash_mb_);
    if (stale_) clear();
}

void Engine::set_clock(const TimeSource& clock) {
    quit();
    clock_ = &clock;
    searcher_->set_clock(clock);
}

void Engine::report_mate(const MateResult& mate, BestMove& answer) {
    answer.ponder = mate.pv.size() > 1 ? mate.pv[1] : Move::none();
    if (!callbacks_.on_info || silent_.load()) return;
    SearchInfo info;
    info.depth    = int(mate.pv.size());
    info.seldepth = info.depth;
    info.score    = mate_in(int(mate.pv.size()));
    info.nodes    = mate.nodes;
    info.time_ms  = mate.time_ms;
    info.pv       = mate.pv;
    callbacks_.on_info(info);
}

void Engine::report_book(const BookChoice& choice, int64_t start_ms, BestMove& answer) {
    answer.ponder = choice.ponder;
    if (!callbacks_.on_info || silent_.load()) return;
    SearchInfo info;
    info.depth    = choice.depth;
    info.seldepth = choice.depth;
    info.score    = choice.value;
    info.time_ms  = std::max<int64_t>(0, clock_->now_ms() - start_ms);
    info.pv       = choice.pv;
    callbacks_.on_info(info);
}

BestMove Engine::answer_in(const Position& pos) const {
    TTData tt{};
    Move   move = tt_.probe(pos.key(), tt) && tt.move16 ? generated_move_from16(pos, tt.move16)
                                                        : Move::none();
    if (move == Move::none())
        if (const LegalMoves moves(pos); moves.size() > 0) move = *moves.begin();
    BestMove answer; // resign when there is no legal move
    if (move != Move::none()) answer = {BestMove::Kind::MOVE, move, Move::none()};
    return answer;
}

void Engine::hold_answer(const SearchLimits& limits) const {
    // The search waits so itself; this also holds an answer known before any search: a
    // mated root, which a ponder search meets when the predicted move mates. GUIs expect no
    // bestmove before ponderhit or stop, even at mate (the protocol's rule for both).
    while ((limits.infinite || (limits.ponder && ponderhit_request_.load() < 0))
           && !stop_request_.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void Engine::set_book(std::shared_ptr<const Book> book) {
    quit();
    book_ = std::move(book);
}

void Engine::go_mate(int64_t time_ms) {
    stop();
    join();
    searching_.store(true);
    stop_request_.store(false);
    auto problem = std::make_shared<Game>();
    problem->replay(game_);
    thread_ = std::thread([this, problem, time_ms] {
        if (!mate_solver_) mate_solver_ = std::make_unique<MateSolver>(mate_hash_mb_);
        MateLimits limits;
        limits.time_ms          = time_ms;
        limits.stop             = &stop_request_;
        const MateResult result = mate_solver_->solve(problem->position(), limits);
        searching_.store(false);
        if (!silent_.load() && callbacks_.on_checkmate) callbacks_.on_checkmate(result);
    });
}

void Engine::stop() {
    // The flag first: a search thread that has not started yet reads it when it does.
    stop_request_.store(true);
    if (searching_.load()) searcher_->stop();
}

void Engine::ponderhit(const SearchLimits* clock, const std::function<void()>& on_restart) {
    if (stochastic_) {
        // The opponent played the predicted move: the position given is searched afresh (as
        // YaneuraOu sends its go again), with the table the ponder search filled.
        if (!searching_.load()) return;
        quit(); // no answer for the position before the move
        SearchLimits l = stochastic_limits_;
        l.ponder       = false;
        l.start_ms     = -1; // the clock starts now
        if (clock) {
            for (Color c : {BLACK, WHITE}) {
                l.time[c] = clock->time[c];
                l.inc[c]  = clock->inc[c];
            }
            l.byoyomi = clock->byoyomi;
        }
        if (on_restart) on_restart();
        go(l);
        return;
    }
    // The clock first: a search thread that has not started yet finds it with the flag.
    if (clock) searcher_->set_ponderhit_clock(*clock);
    const int64_t now = clock_->now_ms();
    ponderhit_request_.store(now);
    if (searching_.load()) searcher_->ponderhit(now);
}

void Engine::wait() {
    join();
}

void Engine::quit() {
    silent_.store(true);
    stop();
    join();
    silent_.store(false);
}

bool Engine::set_hash_size(size_t mb) {
    quit();
    return tt_.resize(mb);
}

Status Engine::load_network(std::string_view bytes) {
    quit();
    auto         net = std::make_unique<nnue::Network>();
    const Status s   = nnue::read_network(bytes, *net);
    if (!s.ok()) return s;
    network_                = std::move(net);
    options_.search.network = network_.get();
    clear(); // the table's scores and evals came from the other evaluation
    return Status::success();
}

void Engine::use_builtin_network() {
    quit();
    if (!network_) return;
    options_.search.network = nullptr;
    network_.reset();
    clear();
}

bool Engine::set_mate_hash_size(size_t mb) {
    quit();
    if (mb == mate_hash_mb_ && mate_solver_) return true;
    mate_solver_.reset(); // free the old table first
    mate_hash_mb_ = mb;
    mate_solver_  = std::make_unique<MateSolver>(1);
    if (!mate_solver_->set_hash_size(mb)) {
        mate_hash_mb_ = mate_solver_->hash_size_mb();
        return false;
    }
    return true;
}

void Engine::new_game() {
    quit();
    if (stale_) clear();
}

void Engine::clear() {
    quit();
    tt_.clear();
    searcher_->clear();
    helpers_.clear();
    stale_ = false;
}

PerftDivide Engine::perft(int depth) {
    return perft_divide(game_.position(), depth);
}

BenchResult Engine::bench(int depth, const std::function<void(const SearchInfo&)>& on_info,
                          const std::function<void(const BenchPosition&)>& on_position) {
    quit();
    // Fixed conditions, whatever the options: one thread, a fresh 16 MB table, defaults, and
    // the evaluation and search constants in use.
    TranspositionTable tt;
    (void)tt.resize(16);
    Searcher   searcher(tt);
    const auto us_since = [](std::chrono::steady_clock::time_point from) {
        return int64_t(std::chrono::duration_cast<std::chrono::microseconds>(
                           std::chrono::steady_clock::now() - from)
                           .count());
    };
    BenchResult  result;
    const auto   start = std::chrono::steady_clock::now();
    SearchLimits limits;
    limits.depth = depth;
    for (int i = 0; i < BENCH_POSITION_COUNT; ++i) {
        Game game;
        if (!game.set_position(BENCH_POSITIONS[i]).ok())
            continue; // cannot happen: the positions are fixed and tested
        SearchOptions options;
        options.network         = network_.get();
        options.params          = options_.search.params; // defaults unless a tuner set Search_*
        const auto     searched = std::chrono::steady_clock::now();
        const uint64_t nodes    = searcher.run(game.position(), limits, options, on_info).nodes;
        result.nodes += nodes;
        result.cutoffs += searcher.cutoff_stats();
        if (on_position) on_position({i + 1, BENCH_POSITION_COUNT, nodes, us_since(searched)});
    }
    result.time_ms = us_since(start) / 1000;
    return result;
}

} // namespace tsubame
