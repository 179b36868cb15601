#include "search/threads.h"

#include <new>

namespace tsubame {

HelperThreads::HelperThreads(TranspositionTable& tt) :
    tt_(tt) { }

HelperThreads::~HelperThreads() {
    resize(0);
}

void HelperThreads::resize(int count) {
    stop();
    wait();
    if (count < size()) {
        {
            std::lock_guard lock(mutex_);
            for (size_t i = size_t(count); i < workers_.size(); ++i)
                workers_[i]->exit = true;
        }
        wake_.notify_all();
        for (size_t i = size_t(count); i < workers_.size(); ++i)
            workers_[i]->thread.join();
        workers_.resize(size_t(count));
    }
    // Each new worker allocates its own searcher (13 MB of tables, first touched as they are
    // cleared) in its own thread, so that the cores share the work.
    const int old_size = size();
    {
        std::lock_guard lock(mutex_);
        busy_ = count - old_size;
    }
    for (int i = old_size; i < count; ++i) {
        workers_.push_back(std::make_unique<Worker>());
        Worker&        w    = *workers_.back();
        const uint64_t seen = task_id_; // a new worker waits for the next task
        w.thread            = std::thread([this, &w, seen, index = i + 1] {
            try {
                w.searcher = std::make_unique<Searcher>(tt_);
                w.searcher->set_thread_index(index);
                w.searcher->set_request_flags(&stop_, nullptr);
                w.searcher->set_main(main_);
            } catch (const std::bad_alloc&) {
                w.searcher.reset(); // out of memory: resize() drops this worker
            }
            {
                std::lock_guard lock(mutex_);
                if (--busy_ == 0) idle_.notify_all();
            }
            if (!w.searcher) return;
            uint64_t last = seen;
            while (true) {
                {
                    std::unique_lock lock(mutex_);
                    wake_.wait(lock, [&] { return task_id_ != last || w.exit; });
                    if (w.exit) return;
                    last = task_id_;
                }
                work(w);
            }
        });
    }
    wait();
    // Workers that ran out of memory have ended; the pool is what could be made.
    for (size_t i = size_t(old_size); i < workers_.size();) {
        if (workers_[i]->searcher) {
            ++i;
            continue;
        }
        workers_[i]->thread.join();
        workers_.erase(workers_.begin() + std::ptrdiff_t(i));
    }
}

void HelperThreads::work(Worker& worker) {
    Task                        task;
    std::shared_ptr<const Game> game;
    SearchLimits                limits;
    SearchOptions               options;
    {
        std::lock_guard lock(mutex_);
        task    = task_;
        game    = game_;
        limits  = limits_;
        options = options_;
    }
    if (task == Task::CLEAR) {
        worker.searcher->clear();
    } else if (task == Task::SEARCH && game) {
        Game copy;
        copy.replay(*game);
        (void)worker.searcher->run(copy.position(), limits, options, {});
    }
    std::lock_guard lock(mutex_);
    if (--busy_ == 0) idle_.notify_all();
}

void HelperThreads::post(Task task) {
    {
        std::lock_guard lock(mutex_);
        task_ = task;
        busy_ = size();
        ++task_id_;
    }
    wake_.notify_all();
}

void HelperThreads::set_main(const Searcher* main) {
    wait();
    main_ = main;
    for (auto& worker : workers_)
        worker->searcher->set_main(main);
}

void HelperThreads::clear() {
    stop();
    wait();
    if (workers_.empty()) return;
    post(Task::CLEAR);
    wait();
}

void HelperThreads::start(const Game& game, const SearchLimits& limits,
                          const SearchOptions& options, std::atomic<uint64_t>* shared_nodes) {
    wait();
    if (workers_.empty()) return;
    auto snapshot = std::make_shared<Game>();
    snapshot->replay(game);
    {
        std::lock_guard lock(mutex_);
        game_               = std::move(snapshot);
        limits_             = {};
        limits_.infinite    = true; // until the main search ends
        limits_.nodes       = limits.nodes;
        limits_.searchmoves = limits.searchmoves;
        options_            = options;
        searching_          = true;
    }
    stop_.store(false);
    for (auto& worker : workers_) {
        worker->searcher->reset_nodes();
        worker->searcher->set_shared_nodes(shared_nodes);
    }
    post(Task::SEARCH);
}

void HelperThreads::stop() {
    // The flag first: a helper whose search has not begun yet reads it when it does.
    stop_.store(true);
    for (auto& worker : workers_)
        worker->searcher->stop();
}

void HelperThreads::wait() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return busy_ == 0; });
    searching_ = false;
}

uint64_t HelperThreads::nodes() const {
    {
        std::lock_guard lock(mutex_);
        if (!searching_) return 0;
    }
    uint64_t total = 0;
    for (const auto& worker : workers_)
        total += worker->searcher->nodes();
    return total;
}

} // namespace tsubame
