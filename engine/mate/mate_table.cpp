#include "mate/mate_table.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace tsubame::mate {

namespace {

// Replacement value of an entry: solved entries are worth keeping longer than open ones
// (proofs are what the mating line is read from), and more work is worth more.
uint64_t worth(uint32_t pn, uint32_t dn, uint32_t amount) {
    const uint64_t solved = (pn == 0 || dn == 0) ? (uint64_t(1) << 32) : 0;
    return solved + amount;
}

} // namespace

void MateTable::take(Bucket* b, int& slot, int i, Hand hand) const {
    // Keep one slot for the new result (preferably the exact entry); free the others.
    if (slot < 0) {
        slot = i;
    } else if (b->entries[i].hand == hand && !(b->entries[slot].hand == hand)) {
        b->entries[slot].generation = uint8_t(generation_ - 1);
        slot                        = i;
    } else {
        b->entries[i].generation = uint8_t(generation_ - 1);
    }
}

MateTable::MateTable() {
    (void)resize(16);
}

MateTable::~MateTable() = default;

bool MateTable::resize(size_t mb) {
    mb                   = std::max<size_t>(mb, 1);
    const size_t count   = mb * 1024 * 1024 / sizeof(Bucket);
    auto         buckets = allocate_large<Bucket>(count); // huge pages, zero-filled
    if (!buckets) return false;
    buckets_      = std::move(buckets);
    bucket_count_ = count;
    size_mb_      = mb;
    generation_   = 1;
    return true;
}

void MateTable::new_search() {
    if (++generation_ == 0) {
        // Wrapped: entries from 256 solves ago would look current again.
        std::memset(static_cast<void*>(buckets_.get()), 0, bucket_count_ * sizeof(Bucket));
        generation_ = 1;
    }
}

MateProbe MateTable::probe(uint64_t key, Hand hand, uint16_t bound) const {
    MateProbe     r;
    const Bucket* b          = bucket_of(key);
    bool          decided    = false;
    uint16_t      least_real = NO_BOUND;
    for (unsigned m = key_matches(b, key); m; m &= m - 1) {
        const Entry& e = b->entries[std::countr_zero(m)];
        if (!live(e)) continue;
        const Hand eh = e.hand;
        if (e.pn == 0) {
            // A proof longer than the bound decides nothing.
            if (!meets(e.dist, e.real, bound) || !hand.dominates(eh)) continue;
            least_real = std::min(least_real, e.real);
            if (!decided || r.pn != 0 || e.dist < r.dist) {
                r       = {0, INFINITE_PN, eh, e.dist, true, e.real};
                decided = true;
            }
            r.least_real = least_real;
            continue;
        }
        if (e.dn == 0) {
            // Reported in the bound's measure: a parent combines its children's bounds.
            const uint16_t held = held_as(e.dist, bound);
            if (covers(e.dist, bound) && eh.dominates(hand)
                && (!decided || (r.pn != 0 && covers(held, r.dist) && held != r.dist))) {
                r       = {INFINITE_PN, 0, eh, held, true, 0};
                decided = true;
            }
            continue;
        }
        if (decided) continue;
        if (e.dist != bound) {
            // Numbers found under another bound of the same measure (or none), for at least
            // as many pieces and a looser bound: no harder to prove; for at most as many and a
            // tighter bound: no harder to disprove.
            if (covers(e.dist, bound) && eh.dominates(hand)) r.pn = std::max(r.pn, e.pn);
            if (covers(bound, e.dist) && hand.dominates(eh)) r.dn = std::max(r.dn, e.dn);
            continue;
        }
        if (eh == hand) {
            r.pn    = std::max(r.pn, e.pn);
            r.dn    = std::max(r.dn, e.dn);
            r.found = true;
        } else if (hand.dominates(eh)) {
            r.dn = std::max(r.dn, e.dn); // more pieces: at least as hard to disprove
        } else if (eh.dominates(hand)) {
            r.pn = std::max(r.pn, e.pn); // fewer pieces: at least as hard to prove
        }
    }
    if (decided) return r;
    r.hand = hand;
    return r;
}

int MateTable::exact(Bucket* b, uint64_t key, Hand hand, int bound) const {
    for (unsigned m = key_matches(b, key); m; m &= m - 1) {
        const int    i = std::countr_zero(m);
        const Entry& e = b->entries[i];
        if (!live(e) || !(e.hand == hand)) continue;
        if (bound < 0 || (e.pn != 0 && e.dn != 0 && e.dist == bound)) return i;
    }
    return -1;
}

int MateTable::victim(Bucket* b) {
    int      best       = 0;
    uint64_t best_worth = ~uint64_t(0);
    for (int i = 0; i < BUCKET_SIZE; ++i) {
        const Entry& e = b->entries[i];
        if (!live(e)) return i;
        const uint64_t w = worth(e.pn, e.dn, e.amount);
        if (w < best_worth) {
            best_worth = w;
            best       = i;
        }
    }
    ++replacements_;
    return best;
}

void MateTable::store(uint64_t key, Hand hand, uint32_t pn, uint32_t dn, uint64_t amount,
                      uint16_t bound) {
    Bucket* b = bucket_of(key);
    // Already solved for this bound (by another path meanwhile): nothing to store.
    for (unsigned m = key_matches(b, key); m; m &= m - 1) {
        const Entry& e = b->entries[std::countr_zero(m)];
        if (!live(e) || !(e.hand == hand)) continue;
        if ((e.pn == 0 && meets(e.dist, e.real, bound)) || (e.dn == 0 && covers(e.dist, bound)))
            return;
    }
    int i = exact(b, key, hand, bound);
    // Always stored, even over more valuable entries: a parent reads its child's numbers
    // from here, and a result lost would send it into the same child again and again.
    if (i < 0) i = victim(b);
    write(b, i, key, hand, pn, dn, amount, bound);
}

void MateTable::store_proof(uint64_t key, Hand hand, Hand proof_hand, uint16_t dist, uint16_t real,
                            uint64_t amount) {
    Bucket* b = bucket_of(key);
    // Open entries of this board whose hand holds the proof hand, searched under a bound the
    // proof meets, are settled now, and so are longer proofs for more pieces: free them, and
    // reuse the exact one.
    int slot = -1;
    for (unsigned m = key_matches(b, key); m; m &= m - 1) {
        const int    i = std::countr_zero(m);
        const Entry& e = b->entries[i];
        if (!live(e)) continue;
        const Hand eh = e.hand;
        if (e.pn == 0 && proof_hand.dominates(eh) && e.dist <= dist && e.real <= real)
            return; // no news
        const bool settled =
            e.pn == 0 ? e.dist >= dist && e.real >= real : e.dn != 0 && meets(dist, real, e.dist);
        if (settled && eh.dominates(proof_hand)) take(b, slot, i, hand);
    }
    if (slot < 0) slot = victim(b);
    write(b, slot, key, proof_hand, 0, INFINITE_PN, amount, dist, real);
}

void MateTable::store_disproof(uint64_t key, Hand hand, Hand disproof_hand, uint64_t amount,
                               uint16_t bound) {
    Bucket* b    = bucket_of(key);
    int     slot = -1;
    for (unsigned m = key_matches(b, key); m; m &= m - 1) {
        const int    i = std::countr_zero(m);
        const Entry& e = b->entries[i];
        if (!live(e)) continue;
        const Hand eh = e.hand;
        if (e.dn == 0 && eh.dominates(disproof_hand) && covers(e.dist, bound)) return; // no news
        if (e.pn != 0 && covers(bound, e.dist) && disproof_hand.dominates(eh))
            take(b, slot, i, hand);
    }
    if (slot < 0) slot = victim(b);
    write(b, slot, key, disproof_hand, INFINITE_PN, 0, amount, bound);
}

int MateTable::hashfull() const {
    const size_t n    = std::min<size_t>(bucket_count_, 125);
    int          used = 0;
    for (size_t i = 0; i < n; ++i)
        for (const Entry& e : buckets_[i].entries)
            used += e.generation == generation_;
    return int(used * 1000 / (n * BUCKET_SIZE));
}

} // namespace tsubame::mate
