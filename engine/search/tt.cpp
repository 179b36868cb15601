#include "search/tt.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

namespace tsubame {

namespace {
// The fields of an entry's gen_bound byte: the generation (a multiple of 8), the flag of an
// entry stored by a node on a principal variation, and the bound.
constexpr uint8_t GENERATION_MASK = 0xf8;
constexpr uint8_t PV_FLAG         = 4;
constexpr uint8_t BOUND_MASK      = 3;
} // namespace

TranspositionTable::TranspositionTable() {
    (void)resize(DEFAULT_HASH_MB);
}
TranspositionTable::~TranspositionTable() = default;

bool TranspositionTable::resize(size_t mb) {
    if (mb == 0) mb = 1;
    const size_t count = mb * 1024 * 1024 / sizeof(Cluster);
    auto         table = allocate_large<Cluster>(count); // zero-filled
    if (!table) return false;
    table_         = std::move(table);
    cluster_count_ = count;
    size_mb_       = mb;
    generation_    = 0;
    return true;
}

void TranspositionTable::clear() {
    // In parallel: a table of gigabytes takes a second to clear on one core.
    const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 64);
    const size_t chunk   = (cluster_count_ + threads - 1) / threads;
    std::vector<std::thread> workers;
    for (size_t begin = 0; begin < cluster_count_; begin += chunk) {
        const size_t count = std::min(chunk, cluster_count_ - begin);
        workers.emplace_back([this, begin, count] {
            std::memset(static_cast<void*>(table_.get() + begin), 0, count * sizeof(Cluster));
        });
    }
    for (auto& worker : workers)
        worker.join();
    generation_ = 0;
}

bool TranspositionTable::probe(uint64_t key, TTData& data) const {
    const uint32_t key32 = uint32_t(key); // the high bits chose the cluster
    Cluster*       c     = cluster_of(key);
    for (Entry& e : c->entries) {
        if (e.key32 == key32 && e.depth8) {
            // Refresh the generation so a hit is not the next entry replaced (written only
            // when it changes: a store to a shared cache line costs every thread).
            const uint8_t refreshed = uint8_t(generation_ | (e.gen_bound & (PV_FLAG | BOUND_MASK)));
            if (e.gen_bound != refreshed) e.gen_bound = refreshed;
            data = {e.move16,
                    e.value,
                    e.eval,
                    int(e.depth8) + DEPTH_UNSEARCHED - 1,
                    Bound(e.gen_bound & BOUND_MASK),
                    bool(e.gen_bound & PV_FLAG)};
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(uint64_t key, Value value, Bound bound, int depth, uint16_t move16,
                               Value eval, bool pv) {
    const uint32_t key32 = uint32_t(key); // the high bits chose the cluster
    Cluster*       c     = cluster_of(key);
    Entry*         slot  = &c->entries[0];
    for (Entry& e : c->entries) {
        if (!e.depth8 || e.key32 == key32) {
            slot = &e;
            break;
        }
        // Replace the entry worth least: shallow and from old searches.
        auto worth = [&](const Entry& x) {
            return int(x.depth8) - int(uint8_t(generation_ - (x.gen_bound & GENERATION_MASK))) / 2;
        };
        if (worth(e) < worth(*slot)) slot = &e;
    }
    // Keep the move of a deeper result of the same position when this one has none.
    if (move16 || slot->key32 != key32) slot->move16 = move16;
    const int depth8 = depth - DEPTH_UNSEARCHED + 1;
    if (slot->key32 == key32 && bound != BOUND_EXACT && depth8 < int(slot->depth8) - 2) return;
    slot->key32     = key32;
    slot->value     = int16_t(value);
    slot->eval      = int16_t(eval);
    slot->depth8    = uint8_t(std::clamp(depth8, 1, 255));
    slot->gen_bound = uint8_t(generation_ | (pv ? PV_FLAG : 0) | bound);
}

int TranspositionTable::hashfull() const {
    int          used    = 0;
    const size_t samples = std::min<size_t>(1000, cluster_count_);
    for (size_t i = 0; i < samples; ++i)
        for (const Entry& e : table_[i].entries)
            used += e.depth8 && (e.gen_bound & GENERATION_MASK) == generation_;
    return int(used * 1000 / (samples * CLUSTER_SIZE));
}

} // namespace tsubame
