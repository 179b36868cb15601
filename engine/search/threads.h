#pragma once

// Lazy SMP helpers: threads that live from `isready` to the next resize, each with its own
// Searcher, and search the main thread's position with it while the main search runs. A `go`
// only wakes them, so a large pool costs nothing on the move's clock.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "rules/game.h"
#include "search/search.h"
#include "search/tt.h"

namespace tsubame {

/// A pool of helper search threads sharing one transposition table.
class HelperThreads {
public:
    explicit HelperThreads(TranspositionTable& tt);
    ~HelperThreads();
    HelperThreads(const HelperThreads&)            = delete;
    HelperThreads& operator=(const HelperThreads&) = delete;

    /// Makes the pool `count` helpers, waiting for a running search to end first. The new
    /// helpers' tables are allocated (and so first touched) here.
    void resize(int count);
    /// The number of helpers (the main thread not counted).
    int size() const { return int(workers_.size()); }
    /// Clears every helper's histories, each in its own thread, and waits for them.
    void clear();
    /// Starts every helper on `game`'s position and returns at once. `limits` is the main
    /// search's: helpers obey its node limit, counted in `shared_nodes` with the main thread's
    /// nodes, and otherwise search until stop().
    void start(const Game& game, const SearchLimits& limits, const SearchOptions& options,
               std::atomic<uint64_t>* shared_nodes);
    /// The main thread's searcher: a helper also stops when its time is up.
    void set_main(const Searcher* main);
    /// Tells the helpers to stop; returns at once.
    void stop();
    /// Waits until every helper is idle.
    void wait();
    /// Nodes of the helpers in the current search (0 before start()).
    uint64_t nodes() const;

private:
    enum class Task {
        SEARCH,
        CLEAR
    };
    struct Worker {
        std::unique_ptr<Searcher> searcher;
        std::thread               thread;
        bool                      exit = false; ///< Leave the pool (guarded by mutex_).
    };
    /// Does the posted task on `worker`'s thread, then counts it done.
    void work(Worker& worker);
    /// Gives every worker `task` and wakes them (the caller holds no lock).
    void post(Task task);

    TranspositionTable&                  tt_;
    std::vector<std::unique_ptr<Worker>> workers_;
    mutable std::mutex                   mutex_;
    std::condition_variable              wake_; ///< A new task was posted.
    std::condition_variable              idle_; ///< The last busy worker finished.
    uint64_t                             task_id_ = 0; ///< Counts posted tasks.
    Task                                 task_    = Task::SEARCH;
    int                                  busy_    = 0; ///< Workers still on the task.
    std::shared_ptr<const Game>          game_; ///< The position of the current search.
    SearchLimits                         limits_;
    SearchOptions                        options_;
    std::atomic<bool>                    stop_{false}; ///< Read by searches yet to start.
    const Searcher*                      main_      = nullptr;
    bool                                 searching_ = false; ///< start() since the last wait().
};

} // namespace tsubame
