#pragma once

// The mate solver's transposition table.
//
// Entries are keyed by the board (with side to move) and carry the attacker's hand. Within
// one solve the total material is fixed, so board + attacker's hand determine the defender's
// hand too, and hand superiority applies: a position proven with proof hand P is proven for
// every attacker hand that holds at least P; one disproven with disproof hand D is disproven
// for every hand that holds at most D. All entries of one board share a bucket, so a lookup
// sees every stored hand of that board at once.
//
// Lengths (see MateSolver): a proof stores two lengths of its mate, `dist`, where a futile
// interposition and the move that answers it count as nothing (a lower bound of the tsume
// convention's length), and `real`, the plies (an upper bound of it). A disproof and an open
// node's numbers store the bound they were found under (a Bound: a number of plies in either
// measure): a disproof with bound B says "no mate of at most B" (NO_BOUND: no mate at all),
// and an open entry's numbers count only for a search under the same bound. Superiority holds
// for bounded results too: more pieces in hand never make the shortest mate longer.
//
// Every solve starts a new generation; entries of older generations count as empty (the next
// problem may have other material, which would make hand superiority unsound).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/hand.h"
#include "core/large_memory.h"

#if defined(__AVX2__)
    #include <immintrin.h>
#endif

namespace tsubame::mate {

/// Proof and disproof numbers: INFINITE_PN marks a solved side (pn = 0, dn = INFINITE_PN is a
/// proof). Sums saturate just below it.
constexpr uint32_t INFINITE_PN = 0x7fffffff;
constexpr uint32_t MAX_PN      = INFINITE_PN - 1;
/// The bound of an unbounded search, and of a disproof that holds for any length.
constexpr uint16_t NO_BOUND = 0xffff;
/// The flag of a bound on the plies (`real`); without it a bound is on `dist`.
constexpr uint16_t REAL_BOUND = 0x8000;
/// The plies of a bound (not NO_BOUND).
constexpr int bound_plies(uint16_t bound) {
    return bound & (REAL_BOUND - 1);
}
/// Whether a proof of these lengths is a mate within `bound`.
constexpr bool meets(uint16_t dist, uint16_t real, uint16_t bound) {
    if (bound == NO_BOUND) return true;
    return (bound & REAL_BOUND ? real : dist) <= bound_plies(bound);
}
/// Whether a disproof that holds for `held` holds for `bound` (no mate within it). One on the
/// length with futile interpositions counting nothing holds for the plies too: a mate's plies
/// are never fewer.
constexpr bool covers(uint16_t held, uint16_t bound) {
    if (held == NO_BOUND) return true;
    if (bound == NO_BOUND || ((held & REAL_BOUND) && !(bound & REAL_BOUND))) return false;
    return bound_plies(held) >= bound_plies(bound);
}
/// A disproof's bound `held` (covering `bound`) in the measure of `bound`.
constexpr uint16_t held_as(uint16_t held, uint16_t bound) {
    if (held == NO_BOUND || bound == NO_BOUND) return held;
    return uint16_t((bound & REAL_BOUND) | bound_plies(held));
}

/// Saturating sum of two proof or disproof numbers.
constexpr uint32_t add_pn(uint32_t a, uint32_t b) {
    const uint64_t s = uint64_t(a) + b;
    return s >= MAX_PN ? (a >= INFINITE_PN || b >= INFINITE_PN ? INFINITE_PN : MAX_PN)
                       : uint32_t(s);
}

/// What a lookup found for one position.
struct MateProbe {
    uint32_t pn = 1, dn = 1;
    Hand     hand; ///< Proof hand (pn = 0) or disproof hand (dn = 0) of the entry that decided.
    /// Proven: the length of the stored mate (an upper bound along its proof) with futile
    /// interpositions counting nothing. Disproven: the bound it holds for (no mate within it;
    /// NO_BOUND: none at all).
    uint16_t dist  = 0;
    bool     found = false; ///< Some entry of this board and hand (or a deciding one) exists.
    uint16_t real  = 0; ///< Proven: the plies of the stored mate (see dist).
    /// Proven: the least plies of the proofs that decide (their mates may differ).
    uint16_t least_real = 0;
};

/// The solver's transposition table: proofs and disproofs with their hands (superiority),
/// open nodes with their numbers.
class MateTable {
public:
    MateTable();
    ~MateTable();
    MateTable(const MateTable&)            = delete;
    MateTable& operator=(const MateTable&) = delete;

    /// Reallocates to `mb` megabytes (empty). False when memory ran out; the table then keeps
    /// its previous size.
    bool   resize(size_t mb);
    size_t size_mb() const { return size_mb_; }
    /// Forgets everything (cheaply: a new generation).
    void new_search();

    /// Looks up the position with this board key and attacker's hand for a mate of at most
    /// `bound` plies. A proof of at most `bound` whose proof hand the hand holds, or a
    /// disproof for at least `bound` whose disproof hand holds the hand, decides (the
    /// shortest proof, the disproof of the largest bound); otherwise the exact entry's numbers
    /// under the same bound, raised by what superior and inferior hands tell (a position with
    /// more pieces is no harder to prove, one with fewer no harder to disprove).
    MateProbe probe(uint64_t board_key, Hand hand, uint16_t bound = NO_BOUND) const;

    /// Stores an unsolved node's numbers, searched under `bound`; `amount` is the work spent
    /// (replacement priority).
    void store(uint64_t board_key, Hand hand, uint32_t pn, uint32_t dn, uint64_t amount,
               uint16_t bound = NO_BOUND);
    /// Stores a proof: proven for every hand holding `proof_hand` (<= hand), mate in `dist`
    /// (futile interpositions counting nothing) and `real` plies.
    void store_proof(uint64_t board_key, Hand hand, Hand proof_hand, uint16_t dist, uint16_t real,
                     uint64_t amount);
    /// Stores a disproof: no mate of at most `bound` plies for every hand held by
    /// `disproof_hand` (>= hand).
    void store_disproof(uint64_t board_key, Hand hand, Hand disproof_hand, uint64_t amount,
                        uint16_t bound = NO_BOUND);

    /// Starts loading the bucket of `board_key` into cache.
    void prefetch(uint64_t board_key) const {
        const char* b = reinterpret_cast<const char*>(bucket_of(board_key));
        for (size_t i = 0; i < sizeof(Bucket); i += 64)
            __builtin_prefetch(b + i);
    }

    /// Permille of entries in use in this generation (sampled).
    int hashfull() const;

    /// How many live entries have been overwritten by other positions so far: while it stays
    /// the same, stores have changed no lookup but those of the positions stored.
    uint64_t replacements() const { return replacements_; }

private:
    /// An entry's contents; its key is kept apart (see Bucket).
    struct Entry {
        Hand     hand;
        uint32_t pn;
        uint32_t dn;
        uint32_t amount;
        uint16_t dist; ///< Proof: the mate's length; disproof or open: the bound.
        uint8_t  generation;
        uint8_t  pad;
        uint16_t real; ///< Proof: the mate's plies.
        uint8_t  pad2[2];
    };
    static constexpr int BUCKET_SIZE = 8;
    /// The keys come first, in one cache line: a lookup compares them all at once and reads
    /// only the entries of its own board.
    struct alignas(64) Bucket {
        uint64_t keys[BUCKET_SIZE];
        Entry    entries[BUCKET_SIZE];
    };
    static_assert(sizeof(Entry) == 24 && sizeof(Bucket) == 256);

    Bucket* bucket_of(uint64_t key) const {
        __extension__ using u128 = unsigned __int128;
        return &buckets_[size_t((u128(key) * bucket_count_) >> 64)];
    }
    /// Bit i set: slot i of b holds `key` (live or stale).
    static unsigned key_matches(const Bucket* b, uint64_t key) {
#if defined(__AVX2__)
        const __m256i k  = _mm256_set1_epi64x(int64_t(key));
        const auto    eq = [&](int i) {
            const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b->keys + i));
            return unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, k))));
        };
        return eq(0) | (eq(4) << 4);
#else
        unsigned m = 0;
        for (int i = 0; i < BUCKET_SIZE; ++i)
            m |= unsigned(b->keys[i] == key) << i;
        return m;
#endif
    }
    bool live(const Entry& e) const {
        return e.generation == generation_;
    }
    /// The slot for a new entry in b: a free or stale one, else the least valuable.
    int victim(Bucket* b);
    /// The slot of the live entry with exactly this key and hand, or -1; with `bound`, only an
    /// open entry of that bound.
    int exact(Bucket* b, uint64_t key, Hand hand, int bound = -1) const;
    /// Collects open entries settled by a new result: `slot` keeps one, the rest are freed.
    void take(Bucket* b, int& slot, int i, Hand hand) const;
    /// Writes an entry of this search into slot i of b (the amount saturates at 32 bits).
    void write(Bucket* b, int i, uint64_t key, Hand hand, uint32_t pn, uint32_t dn, uint64_t amount,
               uint16_t dist, uint16_t real = 0) {
        b->keys[i]    = key;
        b->entries[i] = Entry{
            hand, pn,   dn, uint32_t(std::min<uint64_t>(amount, 0xffffffffu)), dist, generation_,
            0,    real, {}};
    }

    LargeArray<Bucket> buckets_;
    size_t             bucket_count_ = 0;
    size_t             size_mb_      = 0;
    uint8_t            generation_   = 1;
    uint64_t           replacements_ = 0;
};

} // namespace tsubame::mate
