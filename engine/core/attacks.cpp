#include "core/attacks.h"

#include "core/magics.h"

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace tsubame {

namespace attack_tables {
Bitboard    PAWN_TABLE[COLOR_NB][SQ_NB + 1];
Bitboard    KNIGHT_TABLE[COLOR_NB][SQ_NB + 1];
Bitboard    SILVER_TABLE[COLOR_NB][SQ_NB + 1];
Bitboard    GOLD_TABLE[COLOR_NB][SQ_NB + 1];
Bitboard    KING_TABLE[SQ_NB + 1];
Bitboard    LANCE_EMPTY[COLOR_NB][SQ_NB + 1];
Bitboard    BISHOP_EMPTY[SQ_NB + 1];
Bitboard    ROOK_EMPTY[SQ_NB + 1];
uint64_t    LANCE_WORD_RAY[COLOR_NB][SQ_NB];
uint64_t    FILE_TOP_BIT[SQ_NB];
SliderEntry BISHOP_TABLE[SQ_NB];
SliderEntry ROOK_RANK_TABLE[SQ_NB];
} // namespace attack_tables

namespace {

using namespace attack_tables;

// Storage behind the BISHOP and ROOK_RANK entries.
std::vector<Bitboard> bishop_storage;
std::vector<Bitboard> rook_rank_storage;

// Step offsets (file, rank) for Black; White's are mirrored in rank.
struct Step {
    int df, dr;
};
constexpr Step PAWN_STEPS[]   = {{0, -1}};
constexpr Step KNIGHT_STEPS[] = {{1, -2}, {-1, -2}};
constexpr Step SILVER_STEPS[] = {{1, -1}, {0, -1}, {-1, -1}, {1, 1}, {-1, 1}};
constexpr Step GOLD_STEPS[]   = {{1, -1}, {0, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}};
constexpr Step KING_STEPS[]   = {{1, -1}, {0, -1}, {-1, -1}, {1, 0},
                                 {-1, 0}, {1, 1},  {0, 1},   {-1, 1}};

// Local file and rank sets: the geometry tables of bitboard.cpp may not be built yet.
Bitboard file_set(File f) {
    Bitboard b;
    for (int r = 0; r < 9; ++r)
        b |= Bitboard::square(make_square(f, Rank(r)));
    return b;
}
Bitboard rank_set(Rank r) {
    Bitboard b;
    for (int f = 0; f < 9; ++f)
        b |= Bitboard::square(make_square(File(f), r));
    return b;
}

template <size_t N>
Bitboard step_attacks(Color c, Square s, const Step (&steps)[N]) {
    Bitboard  b;
    const int sign = c == BLACK ? 1 : -1;
    for (const Step& st : steps) {
        const int f = file_of(s) + st.df, r = rank_of(s) + sign * st.dr;
        if (on_board(f, r)) b |= Bitboard::square(make_square(File(f), Rank(r)));
    }
    return b;
}

// Ray walk in the given directions until the edge or the first occupied square (included).
Bitboard ray_attacks(Square s, const Bitboard& occ, std::initializer_list<Step> dirs) {
    Bitboard b;
    for (const Step& d : dirs) {
        for (int f = file_of(s) + d.df, r = rank_of(s) + d.dr; on_board(f, r);
             f += d.df, r += d.dr) {
            const Square to = make_square(File(f), Rank(r));
            b |= Bitboard::square(to);
            if (occ.test(to)) break;
        }
    }
    return b;
}

// Drops the squares on the board edge in the directions that matter: a piece on the last
// square of a ray is attacked whatever it is, so it never changes the attack set.
Bitboard relevant_mask(Bitboard attacks_on_empty, Square s, bool keep_files, bool keep_ranks) {
    Bitboard edges;
    if (!keep_files) edges |= (file_set(FILE_1) | file_set(FILE_9)).andnot(file_set(file_of(s)));
    if (!keep_ranks) edges |= (rank_set(RANK_1) | rank_set(RANK_9)).andnot(rank_set(rank_of(s)));
    return attacks_on_empty.andnot(edges);
}

// Enumerates the subsets of `mask` with the carry-rippler trick on its merged image.
template <typename F>
void for_each_subset(uint64_t mask, F&& f) {
    uint64_t sub = 0;
    do {
        f(sub);
        sub = (sub - mask) & mask;
    } while (sub);
}

// Expands a merged-word subset back to a Bitboard, given the two words of its mask.
Bitboard unmerge(uint64_t sub, const Bitboard& mask) {
    return Bitboard(sub & mask.word(0), sub & mask.word(1));
}

#if !TSUBAME_USE_PEXT
// Deterministic PRNG for the magic search (xorshift64*), seeded per square.
struct Prng {
    uint64_t s;
    uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    uint64_t sparse() { return next() & next() & next(); }
};
#endif

// Builds one square's table of attack sets for a slider whose relevant occupancy is `mask`.
// `known_magic` is tried first in magic builds.
void build_entry(SliderEntry& e, std::vector<Bitboard>& storage, size_t offset,
                 const Bitboard& mask, Square s, Bitboard (*attack)(Square, const Bitboard&),
                 [[maybe_unused]] uint64_t known_magic) {
    e.mask             = mask;
    e.merged           = mask.merged();
    const int    bits  = std::popcount(e.merged);
    const size_t size  = size_t(1) << bits;
    Bitboard*    table = storage.data() + offset;
    e.attacks          = table;
    e.shift            = unsigned(64 - bits);
#if TSUBAME_USE_PEXT
    e.magic = 0;
    for_each_subset(e.merged, [&](uint64_t sub) {
        table[_pext_u64(sub, e.merged)] = attack(s, unmerge(sub, mask));
    });
#else
    std::vector<uint64_t> occs;
    std::vector<Bitboard> refs;
    for_each_subset(e.merged, [&](uint64_t sub) {
        occs.push_back(sub);
        refs.push_back(attack(s, unmerge(sub, mask)));
    });
    std::vector<int> epoch(size, 0);
    Prng             rng{0x9E3779B97F4A7C15ULL ^ (uint64_t(s) * 0x100000001B3ULL) ^ e.merged};
    for (int attempt = 1;; ++attempt) {
        e.magic = attempt == 1 ? known_magic : rng.sparse();
        if (attempt > 1 && std::popcount((e.merged * e.magic) >> 56) < 6) continue;
        bool ok = true;
        for (size_t i = 0; ok && i < occs.size(); ++i) {
            const size_t idx = (occs[i] * e.magic) >> e.shift;
            if (epoch[idx] < attempt) {
                epoch[idx] = attempt;
                table[idx] = refs[i];
            } else if (table[idx] != refs[i]) {
                ok = false;
            }
        }
        if (ok) break;
    }
#endif
    (void)size;
}

Bitboard bishop_reference(Square s, const Bitboard& occ) {
    return ray_attacks(s, occ, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
}
Bitboard rook_rank_reference(Square s, const Bitboard& occ) {
    return ray_attacks(s, occ, {{1, 0}, {-1, 0}});
}

void init_attacks() {
    for (int i = 0; i < SQ_NB; ++i) {
        const Square s = Square(i);
        for (Color c : {BLACK, WHITE}) {
            PAWN_TABLE[c][s]     = step_attacks(c, s, PAWN_STEPS);
            KNIGHT_TABLE[c][s]   = step_attacks(c, s, KNIGHT_STEPS);
            SILVER_TABLE[c][s]   = step_attacks(c, s, SILVER_STEPS);
            GOLD_TABLE[c][s]     = step_attacks(c, s, GOLD_STEPS);
            LANCE_EMPTY[c][s]    = ray_attacks(s, Bitboard(), {{0, c == BLACK ? -1 : 1}});
            LANCE_WORD_RAY[c][s] = LANCE_EMPTY[c][s].word(word_index(s));
        }
        KING_TABLE[s]   = step_attacks(BLACK, s, KING_STEPS);
        BISHOP_EMPTY[s] = bishop_reference(s, Bitboard());
        ROOK_EMPTY[s]   = ray_attacks(s, Bitboard(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
        FILE_TOP_BIT[s] = Bitboard::square(make_square(file_of(s), RANK_1)).word(word_index(s));
    }

    // Size the slider tables, then fill them.
    Bitboard bishop_masks[SQ_NB], rook_masks[SQ_NB];
    size_t   bishop_size = 0, rook_size = 0;
    for (int i = 0; i < SQ_NB; ++i) {
        const Square s  = Square(i);
        bishop_masks[i] = relevant_mask(BISHOP_EMPTY[s], s, false, false);
        rook_masks[i]   = relevant_mask(rook_rank_reference(s, Bitboard()), s, false, true);
        bishop_size += size_t(1) << bishop_masks[i].popcount();
        rook_size += size_t(1) << rook_masks[i].popcount();
    }
    bishop_storage.assign(bishop_size, Bitboard());
    rook_rank_storage.assign(rook_size, Bitboard());
    size_t bishop_offset = 0, rook_offset = 0;
    for (int i = 0; i < SQ_NB; ++i) {
        const Square s = Square(i);
        build_entry(BISHOP_TABLE[i], bishop_storage, bishop_offset, bishop_masks[i], s,
                    bishop_reference, BISHOP_MAGICS[i]);
        build_entry(ROOK_RANK_TABLE[i], rook_rank_storage, rook_offset, rook_masks[i], s,
                    rook_rank_reference, ROOK_RANK_MAGICS[i]);
        bishop_offset += size_t(1) << bishop_masks[i].popcount();
        rook_offset += size_t(1) << rook_masks[i].popcount();
    }
}

// Built during static initialisation: this file defines the tables it fills and uses nothing
// from other files' tables, whose order of initialisation is unspecified.
[[maybe_unused]] const bool attacks_ready = (init_attacks(), true);

} // namespace

Bitboard sliding_attacks_reference(PieceType pt, Color c, Square s, const Bitboard& occ) {
    switch (pt) {
        case LANCE:
            return ray_attacks(s, occ, {{0, c == BLACK ? -1 : 1}});
        case BISHOP:
            return bishop_reference(s, occ);
        case ROOK:
            return ray_attacks(s, occ, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
        case HORSE:
            return bishop_reference(s, occ) | KING_TABLE[s];
        case DRAGON:
            return ray_attacks(s, occ, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) | KING_TABLE[s];
        default:
            return Bitboard();
    }
}

} // namespace tsubame
