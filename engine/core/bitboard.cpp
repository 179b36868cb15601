#include "core/bitboard.h"

#include <initializer_list>

namespace tsubame {

namespace geometry {
Bitboard SQUARE[SQ_NB + 1];
Bitboard FILE_BB[FILE_NB];
Bitboard RANK_BB[RANK_NB];
Bitboard ZONE[COLOR_NB];
Bitboard LIVE_RANKS[COLOR_NB][2];
Bitboard BETWEEN[SQ_NB][SQ_NB];
Bitboard LINE[SQ_NB][SQ_NB];
} // namespace geometry

namespace {

// The eight queen directions as (file, rank) steps.
constexpr int DIRECTIONS[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                  {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

void init_geometry() {
    using namespace geometry;
    for (int s = 0; s <= SQ_NB; ++s)
        SQUARE[s] = Bitboard::square(Square(s));
    for (int s = 0; s < SQ_NB; ++s) {
        FILE_BB[file_of(Square(s))] |= SQUARE[s];
        RANK_BB[rank_of(Square(s))] |= SQUARE[s];
    }
    for (Color c : {BLACK, WHITE}) {
        for (int r = 0; r < 9; ++r) {
            const Rank rel = relative_rank(c, Rank(r));
            if (rel <= RANK_3) ZONE[c] |= RANK_BB[r];
            if (rel >= RANK_2) LIVE_RANKS[c][0] |= RANK_BB[r];
            if (rel >= RANK_3) LIVE_RANKS[c][1] |= RANK_BB[r];
        }
    }
    // Walk each direction from every square; the squares passed before reaching `to` are
    // BETWEEN, and the full ray both ways is LINE.
    for (int from = 0; from < SQ_NB; ++from) {
        const int f0 = file_of(Square(from)), r0 = rank_of(Square(from));
        for (const auto& d : DIRECTIONS) {
            Bitboard passed;
            for (int f = f0 + d[0], r = r0 + d[1]; on_board(f, r); f += d[0], r += d[1]) {
                const Square to   = make_square(File(f), Rank(r));
                BETWEEN[from][to] = passed;
                Bitboard line     = SQUARE[from];
                for (int sign : {1, -1})
                    for (int f2 = f0 + sign * d[0], r2 = r0 + sign * d[1]; on_board(f2, r2);
                         f2 += sign * d[0], r2 += sign * d[1])
                        line |= SQUARE[make_square(File(f2), Rank(r2))];
                LINE[from][to] = line;
                passed |= SQUARE[to];
            }
        }
    }
}

// Built during static initialisation: this file defines the tables it fills.
[[maybe_unused]] const bool geometry_ready = (init_geometry(), true);

} // namespace

} // namespace tsubame
