#include "eval/nnue/features.h"

#include <algorithm>

namespace tsubame::nnue {

namespace {

//                                     -  P  L   N   S   B   R   G
constexpr int HAND_BEGIN[8]             = {0, 0, 18, 22, 26, 34, 36, 30};
constexpr int HAND_SLOTS[8]             = {0, 18, 4, 4, 4, 2, 2, 4};
constexpr int HAND_PER_SIDE             = HAND_FEATURES / 2;
constexpr int BOARD_KIND[PIECE_TYPE_NB] = {
    // -, P, L, N, S, B, R, G, K, +P, +L, +N, +S, +B(horse), +R(dragon)
    -1, 0, 1, 2, 3, 5, 7, 4, -1, 4, 4, 4, 4, 6, 8, -1};

// The square as seen from the perspective: White sees the board turned 180 degrees.
constexpr int oriented(Color perspective, Square s) {
    return perspective == BLACK ? int(s) : SQ_NB - 1 - int(s);
}

} // namespace

int board_feature(Color perspective, Color c, PieceType pt, Square s) {
    const int side = c == perspective ? 0 : 1;
    return BOARD_FEATURES_BEGIN + (side * BOARD_KINDS + BOARD_KIND[pt]) * SQ_NB
         + oriented(perspective, s);
}

int hand_feature(Color perspective, Color c, PieceType pt, int ordinal) {
    if (ordinal >= HAND_SLOTS[pt]) return -1;
    return (c == perspective ? 0 : HAND_PER_SIDE) + HAND_BEGIN[pt] + ordinal;
}

int hand_feature_count(const Position& pos) {
    int count = 0;
    for (Color c : {BLACK, WHITE})
        for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt)
            count += std::min(pos.hand(c).count(PieceType(pt)), HAND_SLOTS[pt]);
    return count;
}

int king_feature(Color perspective, Color c, Square s) {
    return KING_FEATURES_BEGIN + (c == perspective ? 0 : SQ_NB) + oriented(perspective, s);
}

namespace {

int mirrored_base(int feature) {
    if (feature < BOARD_FEATURES_BEGIN) return feature; // hands have no squares
    // Board and king features alike are blocks of 81 squares from BOARD_FEATURES_BEGIN; the
    // mirror commutes with the perspective's 180-degree turn.
    const int block = (feature - BOARD_FEATURES_BEGIN) / SQ_NB;
    const int sq    = (feature - BOARD_FEATURES_BEGIN) % SQ_NB;
    const int file = sq / 9, rank = sq % 9;
    return BOARD_FEATURES_BEGIN + block * SQ_NB + (8 - file) * 9 + rank;
}

} // namespace

int FeatureFrame::input(int base) const {
    if (base < 0) return -1;
    return offset + (mirror ? mirrored_base(base) : base);
}

FeatureFrame feature_frame(Color perspective, Square own_king) {
    if (own_king == SQ_NONE) return {};
    const int  sq   = oriented(perspective, own_king);
    const int  file = sq / 9, rank = sq % 9; // rank 8: the perspective's back rank
    const bool mirror = MIRRORED && file > 4;
    if constexpr (KING_BUCKETS == 1) return {0, mirror};
    const int near_file = std::min(mirror ? 8 - file : file, 3);
    const int camp_rank = rank >= 6 ? 8 - rank : 3;
    return {(near_file * 4 + camp_rank) * BASE_INPUTS, mirror};
}

int mirrored_feature(int input) {
    const int bucket = input / BASE_INPUTS;
    return bucket * BASE_INPUTS + mirrored_base(input % BASE_INPUTS);
}

void active_features(const Position& pos, Color perspective, FeatureList& out) {
    out.size                 = 0;
    const FeatureFrame frame = feature_frame(perspective, pos.king_square(perspective));
    for (Color c : {BLACK, WHITE})
        if (const Square k = pos.king_square(c); k != SQ_NONE)
            out.push(frame.input(king_feature(perspective, c, k)));
    for (Color c : {BLACK, WHITE}) {
        const Hand hand = pos.hand(c);
        for (int pt = HAND_TYPE_BEGIN; pt < HAND_TYPE_END; ++pt)
            for (int i = 0; i < hand.count(PieceType(pt)); ++i)
                if (const int f = hand_feature(perspective, c, PieceType(pt), i); f >= 0)
                    out.push(frame.input(f));
    }
    for (int s = 0; s < SQ_NB; ++s) {
        const Piece pc = pos.piece_on(Square(s));
        if (pc != NO_PIECE && type_of(pc) != KING)
            out.push(frame.input(board_feature(perspective, color_of(pc), type_of(pc), Square(s))));
    }
}

void changed_features(const Position& after, Move m, Color perspective, FeatureChange& out) {
    out.refresh       = false;
    out.removed_count = out.added_count = 0;
    if (m == Move::null()) return;
    const Color     us    = ~after.side_to_move();
    const PieceType moved = type_of(m.moved_piece_after());
    if (moved == KING && us == perspective) {
        out.refresh = true;
        return;
    }
    const Square       to     = m.to();
    const FeatureFrame frame  = feature_frame(perspective, after.king_square(perspective));
    auto               remove = [&](int f) {
        if (f >= 0) out.removed[out.removed_count++] = uint16_t(frame.input(f));
    };
    auto add = [&](int f) {
        if (f >= 0) out.added[out.added_count++] = uint16_t(frame.input(f));
    };
    if (m.is_drop()) {
        const PieceType pt = m.dropped_type();
        // The dropped piece was the top one of its kind: the count is now its ordinal.
        remove(hand_feature(perspective, us, pt, after.hand(us).count(pt)));
        add(board_feature(perspective, us, pt, to));
        return;
    }
    if (moved == KING) {
        remove(king_feature(perspective, us, m.from()));
        add(king_feature(perspective, us, to));
    } else {
        remove(board_feature(perspective, us, type_of(m.moved_piece_before()), m.from()));
        add(board_feature(perspective, us, moved, to));
    }
    if (const Piece captured = after.captured_piece(); captured != NO_PIECE) {
        const PieceType in_hand = unpromoted(type_of(captured));
        remove(board_feature(perspective, ~us, type_of(captured), to));
        // The captured piece is now the top one in our hand.
        add(hand_feature(perspective, us, in_hand, after.hand(us).count(in_hand) - 1));
    }
}

} // namespace tsubame::nnue
